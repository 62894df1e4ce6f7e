import {
  FabricError,
  type FabricProgress,
  type FailoverEvents,
  type FailoverMachine,
  type FailoverOutcome,
  type FailoverPort,
  type FailoverRequest,
  type RunbookCheck,
  type RunbookRequest,
} from '@lifeboat/contract';
import type { SimDeps } from './deps';
import type { FaultSubject } from './faults';
import { simulatedScreenshot } from './screenshots';

// The simulated failover port (recovery-flow 7 'Virtual machine and failover', 'Runbooks'): a
// virtual office is a network plus one booted machine per system, at nominal times SIM_SPEED
// divides. Faults: appliance_offline (an appliance-hosted office), failover_failed (the
// 'failed' phase) and runbook_failed (vo_error), both with the client as natural subject.

/** Nominal times at speed 1. */
export const FAILOVER_TIMES = { network: 30_000, perMachine: 45_000, stop: 20_000 } as const;

/** Machines an appliance runs comfortably at once; more gives a runbook warning. */
export const APPLIANCE_VO_MACHINES = 4;

const NOT_VIRTUALIZABLE = new Set(['MAC_OS_X', 'NAS']);

function subject(clientId: number, applianceId: number | null, machines: FailoverMachine[]): FaultSubject {
  return { systemId: machines[0]?.systemId ?? 0, applianceId, clientId };
}

/** Why these machines cannot start (empty when they can). */
function machineErrors(machines: FailoverMachine[]): string[] {
  if (machines.length === 0) return ['No machine was chosen for the virtual office.'];
  const errors: string[] = [];
  for (const m of machines) {
    if (m.restorePointId === null) errors.push(`${m.systemName} has no restore point to start from.`);
    else if (NOT_VIRTUALIZABLE.has(m.osType))
      errors.push(`${m.systemName} cannot run as a virtual machine (${m.osType}).`);
  }
  return errors;
}

/** Addresses inside the office: the gateway's /24 when one is given, else one per client. */
export function officeIp(clientId: number, gateway: string | null, index: number): string {
  const prefix = /^(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/.exec(gateway ?? '')?.[1];
  return `${prefix ?? `10.${100 + (clientId % 100)}.0`}.${10 + index}`;
}

function officeAddress(location: 'cloud' | 'appliance', applianceId: number | null, id: number): string {
  return location === 'cloud' || applianceId === null
    ? `vpn-${id}.virtual-office.lifeboat.test`
    : `appliance-${applianceId}.lifeboat.test/virtual-office/${id}`;
}

interface Boot {
  id: number;
  clientId: number;
  location: 'cloud' | 'appliance';
  applianceId: number | null;
  machines: FailoverMachine[];
  gateway: string | null;
  /** Fault that strikes once the network is up, and the message it gives. */
  failure: { fault: 'failover_failed' | 'runbook_failed'; message: string };
}

/** Boot order (issue 16.3): group by group, in the given order inside a group. */
export function bootOrder(machines: FailoverMachine[]): FailoverMachine[] {
  return machines
    .map((m, i) => ({ m, i }))
    .sort((a, b) => (a.m.group ?? 1) - (b.m.group ?? 1) || a.i - b.i)
    .map((x) => x.m);
}

/** Each machine's address: the one its runbook gives, else the next one no other machine holds. */
export function officeAddresses(
  clientId: number,
  gateway: string | null,
  machines: FailoverMachine[],
): string[] {
  const taken = new Set(machines.map((m) => m.ipAddress).filter((ip): ip is string => !!ip));
  let next = 0;
  return machines.map((m) => {
    if (m.ipAddress) return m.ipAddress;
    let ip = officeIp(clientId, gateway, next++);
    while (taken.has(ip) || ip === gateway) ip = officeIp(clientId, gateway, next++);
    taken.add(ip);
    return ip;
  });
}

async function boot(
  deps: SimDeps<'failover'>,
  b: Boot,
  progress: FabricProgress,
  events?: FailoverEvents,
): Promise<FailoverOutcome> {
  const s = subject(b.clientId, b.applianceId, b.machines);
  if (b.location === 'appliance' && b.applianceId !== null && deps.faults.strikes('appliance_offline', s)) {
    throw new FabricError('APPLIANCE_OFFLINE', 'The appliance that runs the virtual office is offline.');
  }
  const errors = machineErrors(b.machines);
  if (errors.length > 0) throw new FabricError('FAILED', errors.join(' '));
  const total = FAILOVER_TIMES.network + FAILOVER_TIMES.perMachine * b.machines.length;
  await progress.report(0, 'Creating the virtual network');
  await deps.wait(FAILOVER_TIMES.network);
  if (deps.faults.strikes(b.failure.fault, s)) throw new FabricError('FAILED', b.failure.message);
  let elapsed = FAILOVER_TIMES.network;
  const ordered = bootOrder(b.machines);
  const ips = officeAddresses(b.clientId, b.gateway, ordered);
  const vms: FailoverOutcome['vms'] = [];
  for (const [i, m] of ordered.entries()) {
    if (m.delaySeconds) await deps.wait(m.delaySeconds * 1000);
    await events?.booting(m.systemId);
    await progress.report((elapsed / total) * 100, `Starting ${m.systemName}`);
    await deps.wait(FAILOVER_TIMES.perMachine);
    elapsed += FAILOVER_TIMES.perMachine;
    const vm = { systemId: m.systemId, ipAddress: ips[i] as string, status: 'Running' as const };
    vms.push(vm);
    await events?.booted(vm);
  }
  await progress.report(100, 'Virtual office running');
  return {
    vms,
    officeAddress: officeAddress(b.location, b.applianceId, b.id),
  };
}

function checkRunbook(req: RunbookRequest): RunbookCheck {
  const errors = machineErrors(req.machines);
  if (req.voType === 'appliance' && req.applianceId === null)
    errors.push('Choose the appliance that runs the virtual office.');
  const warnings: string[] = [];
  if (req.voType === 'appliance' && req.machines.length > APPLIANCE_VO_MACHINES)
    warnings.push(
      `${req.machines.length} machines on one appliance may run slowly; ${APPLIANCE_VO_MACHINES} run comfortably.`,
    );
  return { warnings, errors };
}

/** The simulator's FailoverPort. */
export function createSimulatedFailover(deps: SimDeps<'failover'>): FailoverPort {
  return {
    startFailover: (req: FailoverRequest, progress, events) =>
      boot(
        deps,
        {
          id: req.failoverId,
          clientId: req.clientId,
          location: req.location,
          applianceId: req.applianceId,
          machines: req.machines,
          gateway: req.gateway,
          failure: {
            fault: 'failover_failed',
            message: `The virtual office of ${req.clientName} could not be started: the ${req.type} network could not be created. Try again, or contact support if it keeps failing.`,
          },
        },
        progress,
        events,
      ),
    async stopFailover(_req, progress) {
      await progress.report(0, 'Stopping the machines');
      await deps.wait(FAILOVER_TIMES.stop);
      await progress.report(100, 'Virtual office removed');
    },
    checkRunbook: async (req) => checkRunbook(req),
    async runRunbook(req, progress, events) {
      const check = checkRunbook(req);
      if (check.errors.length > 0) throw new FabricError('FAILED', check.errors.join(' '));
      return boot(
        deps,
        {
          id: req.failoverId ?? req.runbookId,
          clientId: req.clientId,
          location: req.voType,
          applianceId: req.applianceId,
          machines: req.machines,
          gateway: req.gateway ?? null,
          failure: {
            fault: 'runbook_failed',
            message: `The runbook ${req.runbookName} could not create its virtual office (vo_error).`,
          },
        },
        progress,
        events,
      );
    },
    // The same picture for the same system of the same office: its sign-in screen.
    officeScreenshot: async (req) =>
      simulatedScreenshot({
        screenshotSeed: (req.failoverId * 7919 + req.systemId) % 2_147_483_647,
        hostname: req.hostname,
        osType: req.osType,
        ok: true,
        width: req.width,
        height: req.height,
      }),
  };
}
