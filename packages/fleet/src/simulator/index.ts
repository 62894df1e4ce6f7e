// The simulator: one module per capability port (ARCHITECTURE: 'The fabric is ports'), and the
// living fleet that advances the demo fleet.
export { type AdvanceOptions, type AdvanceResult, advanceFleet } from './advance';
export {
  AUTOVERIFY_STAGES,
  autoVerifyVerdict,
  BASE_FAILURE_RATE,
  createSimulatedAutoVerify,
  type FailureMode,
  nominalDurationMs,
  type Stage,
  type Verdict,
  type VerdictInput,
} from './autoverify';
export { AZURE_VERIFICATION_PATH, createSimulatedAzure } from './azure';
export { type BackupStatus, type PlannedBackup, planBackup, scheduleSlot } from './backups';
export { createSimDeps, type SimDeps, type SimOptions } from './deps';
export { createSimulatedFailover } from './failover';
export {
  FAULT_NAMES,
  type FaultConfig,
  type FaultName,
  FaultPlan,
  type FaultSubject,
  type ForcedFault,
  NO_FAULTS,
  PORT_FAULTS,
  type PortFaults,
  type PortName,
  parseFaults,
} from './faults';
export { createSimulatedFiles } from './files';
export { createSimulatedFtps } from './ftps';
export { evaluateHealth, type HealthVerdict } from './health';
export { createSimulatedLivingFleet } from './living-fleet';
export { AUTOVERIFY_CURSOR_KEY } from './nightly';
export { createSimulatedPorts, type SimulatedPortsOptions } from './ports';
export { createSimulatedSync, simulatedContents } from './sync';
export { createSimulatedVirtualization, simulateVmAction, VM_STAGES } from './virtualization';
