import {
  FabricError,
  type FabricProgress,
  type VirtualizationPort,
  type VmActionOutcome,
  type VmActionRequest,
} from '@lifeboat/contract';
import type { SimDeps } from './deps';
import type { PortFaults } from './faults';
import { createWizardVirtualization } from './virtualization-wizard';

// Virtual machine actions of the inventory (spec: inventory-reports-exports-security 4), as the
// simulated virtualization port performs them: a few timed stages with progress, the
// appliance_offline and timeout faults, and the VM's state afterwards.

interface VmStage {
  step: string;
  baseMs: number;
}

/** Nominal durations at speed 1; SIM_SPEED divides them. */
export const VM_STAGES: Record<VmActionRequest['action'], VmStage[]> = {
  start_vm: [
    { step: 'Preparing the virtual disks', baseMs: 20_000 },
    { step: 'Booting the virtual machine', baseMs: 40_000 },
  ],
  stop_vm: [{ step: 'Shutting the virtual machine down', baseMs: 15_000 }],
  resume_vm: [{ step: 'Resuming the virtual machine', baseMs: 20_000 }],
  discard_vm: [
    { step: 'Powering off', baseMs: 5_000 },
    { step: 'Discarding the virtual machine and its changes', baseMs: 10_000 },
  ],
};

export interface VmDeps {
  faults: PortFaults<'virtualization'>;
  wait(ms: number): Promise<void>;
}

export async function simulateVmAction(
  deps: VmDeps,
  req: VmActionRequest,
  progress: FabricProgress,
): Promise<VmActionOutcome> {
  const subject = { systemId: req.systemId, applianceId: req.applianceId };
  if (req.applianceId !== null && deps.faults.strikes('appliance_offline', subject)) {
    throw new FabricError('APPLIANCE_OFFLINE', `The appliance of ${req.systemName} is offline.`, false);
  }
  const stages = VM_STAGES[req.action];
  const total = stages.reduce((n, s) => n + s.baseMs, 0);
  let elapsed = 0;
  for (const stage of stages) {
    await progress.report((elapsed / total) * 100, stage.step);
    await deps.wait(stage.baseMs);
    elapsed += stage.baseMs;
  }
  if (deps.faults.strikes('timeout', subject)) {
    throw new FabricError(
      'TIMEOUT',
      `The virtual machine of ${req.systemName} did not respond in time.`,
      false,
    );
  }
  await progress.report(100, 'Finished');
  switch (req.action) {
    case 'start_vm':
    case 'resume_vm':
      return { status: 'Running', stoppable: true };
    case 'stop_vm':
      return { status: 'Stopped', stoppable: false };
    case 'discard_vm':
      return { status: null, stoppable: false };
  }
}

/** The simulator's VirtualizationPort. */
export function createSimulatedVirtualization(deps: SimDeps<'virtualization'>): VirtualizationPort {
  return {
    vmAction: (req, progress) => simulateVmAction(deps, req, progress),
    ...createWizardVirtualization(deps),
  };
}
