// The simulator of the fabric and of the living fleet (ARCHITECTURE: 'The fabric is a port').
export { type AdvanceOptions, type AdvanceResult, advanceFleet, dayStart } from './advance';
export {
  AUTOVERIFY_STAGES,
  autoVerifyVerdict,
  BASE_FAILURE_RATE,
  type FailureMode,
  nominalDurationMs,
  type Stage,
  type Verdict,
  type VerdictInput,
} from './autoverify';
export { type BackupStatus, type PlannedBackup, planBackup, scheduleSlot } from './backups';
export { SimulatedFabric, type SimulatedFabricOptions } from './fabric';
export {
  FAULT_NAMES,
  type FaultConfig,
  type FaultName,
  FaultPlan,
  type FaultSubject,
  type ForcedFault,
  NO_FAULTS,
  parseFaults,
} from './faults';
export { evaluateHealth, type HealthVerdict, resolveThreshold } from './health';
export { simulateVmAction, VM_STAGES } from './inventory';
export { AUTOVERIFY_CURSOR_KEY } from './nightly';
