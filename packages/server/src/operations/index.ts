export { OperationsEngine, type OperationsEngineOptions } from './engine';
export { backoffMs, LeaseLostError, OperationError } from './errors';
export { FLEET_TICK, registerFleetTick, tickIntervalMs } from './fleet-tick';
export { registerOperationHandlers, startOperations } from './handlers';
export { nextRunAt, type ScheduleDef } from './scheduler';
export { lockSubject } from './subject-lock';
export type {
  EngineLog,
  EngineLogOption,
  EnqueueRequest,
  HandlerContext,
  HandlerFor,
  Operation,
  OperationHandler,
  OperationStatus,
} from './types';
export { silentLog } from './types';
