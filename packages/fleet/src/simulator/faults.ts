import { unit } from './random';

// Configurable faults of the simulated fabric (config `simFaults`, env SIM_FAULTS), so every
// branch of the console can be reached. Syntax, comma- or semicolon-separated:
//   appliance_offline=0.1        probability per call (0..1), drawn from a seeded sequence
//   appliance_offline@12         always, for that fault's natural subject (here appliance 12)
//   rp_in_use@rp:345             always, for an explicit subject: system:<id>, appliance:<id>,
//                                rp:<id>, client:<id>
//   seed=7                       seed of the probabilistic draws (default 1)
// Natural subjects (NATURAL): appliance_offline and share_failed -> appliance, rp_in_use ->
// restore point, failover_failed and runbook_failed -> client, anything else -> system.
// One plan serves every port (one seeded sequence); PORT_FAULTS says which port strikes which.

/**
 * The faults each port's simulator answers to (a module may strike only its own). A fault may
 * serve several ports: appliance_offline is the same appliance whatever asks it.
 */
export const PORT_FAULTS = {
  files: ['appliance_offline', 'format_refused', 'share_failed'],
  virtualization: ['appliance_offline', 'timeout', 'rp_in_use', 'slow_vm_start'],
  failover: ['appliance_offline', 'failover_failed', 'runbook_failed'],
  ftps: ['appliance_offline', 'rp_in_use', 'ftps_failed'],
  azure: ['azure_failed'],
  autoverify: ['appliance_offline', 'rp_in_use', 'autoverify_fail', 'timeout'],
  fleet: ['autoverify_fail', 'appliance_outage'],
} as const;
export type PortName = keyof typeof PORT_FAULTS;
export type FaultName = (typeof PORT_FAULTS)[PortName][number];
export const FAULT_NAMES: readonly FaultName[] = [...new Set(Object.values(PORT_FAULTS).flat())];

export type SubjectKind = 'system' | 'appliance' | 'rp' | 'client';

export interface ForcedFault {
  fault: FaultName;
  kind: SubjectKind;
  id: number;
}

export interface FaultConfig {
  seed: number;
  probabilities: Partial<Record<FaultName, number>>;
  forced: ForcedFault[];
}

export interface FaultSubject {
  systemId: number;
  applianceId: number | null;
  restorePointId?: number | null;
  clientId?: number | null;
}

/** The part of a FaultPlan one port's simulator sees: only the faults of that port. */
export interface PortFaults<P extends PortName> {
  strikes(fault: (typeof PORT_FAULTS)[P][number], subject: FaultSubject): boolean;
}

const NATURAL: Record<FaultName, SubjectKind> = {
  appliance_offline: 'appliance',
  rp_in_use: 'rp',
  autoverify_fail: 'system',
  timeout: 'system',
  slow_vm_start: 'system',
  format_refused: 'system',
  share_failed: 'appliance',
  failover_failed: 'client',
  runbook_failed: 'client',
  ftps_failed: 'system',
  azure_failed: 'system',
  appliance_outage: 'appliance',
};

export const NO_FAULTS: FaultConfig = { seed: 1, probabilities: {}, forced: [] };

function faultName(raw: string, entry: string): FaultName {
  const name = FAULT_NAMES.find((f) => f === raw);
  if (!name)
    throw new Error(`Unknown simulator fault "${raw}" in "${entry}". Known: ${FAULT_NAMES.join(', ')}.`);
  return name;
}

/** Parse SIM_FAULTS; throws an Error naming the bad entry so a typo fails at start-up. */
export function parseFaults(text: string): FaultConfig {
  const config: FaultConfig = { seed: 1, probabilities: {}, forced: [] };
  for (const entry of text.split(/[,;]/).map((e) => e.trim())) {
    if (!entry) continue;
    const forced = /^([a-z_]+)@(?:(system|appliance|rp|client):)?(\d+)$/.exec(entry);
    if (forced) {
      const fault = faultName(forced[1] ?? '', entry);
      const kind = (forced[2] as SubjectKind | undefined) ?? NATURAL[fault];
      config.forced.push({ fault, kind, id: Number(forced[3]) });
      continue;
    }
    const prob = /^([a-z_]+)=([0-9.]+)$/.exec(entry);
    if (prob) {
      const value = Number(prob[2]);
      if (prob[1] === 'seed') {
        if (!Number.isSafeInteger(value))
          throw new Error(`Simulator fault seed must be an integer: "${entry}".`);
        config.seed = value;
        continue;
      }
      const fault = faultName(prob[1] ?? '', entry);
      if (!(value >= 0 && value <= 1))
        throw new Error(`Simulator fault probability must be 0..1: "${entry}".`);
      config.probabilities[fault] = value;
      continue;
    }
    throw new Error(`Cannot read simulator fault "${entry}": use name=probability, name@id or name@kind:id.`);
  }
  return config;
}

function subjectId(kind: SubjectKind, s: FaultSubject): number | null {
  if (kind === 'system') return s.systemId;
  if (kind === 'appliance') return s.applianceId;
  if (kind === 'client') return s.clientId ?? null;
  return s.restorePointId ?? null;
}

/**
 * Decides whether a fault strikes a call. Probabilistic draws are seeded by (seed, fault,
 * subject, how many times this subject was asked): the same sequence of calls gives the same
 * faults, and a retry gets a fresh draw.
 */
export class FaultPlan {
  private readonly calls = new Map<string, number>();

  constructor(readonly config: FaultConfig = NO_FAULTS) {}

  strikes(fault: FaultName, subject: FaultSubject): boolean {
    const forced = this.config.forced.some((f) => f.fault === fault && subjectId(f.kind, subject) === f.id);
    if (forced) return true;
    const p = this.config.probabilities[fault];
    if (!p) return false;
    const natural = subjectId(NATURAL[fault], subject);
    if (natural === null) return false;
    const key = `${fault}:${natural}`;
    const n = this.calls.get(key) ?? 0;
    this.calls.set(key, n + 1);
    return unit(this.config.seed, fault, natural, n) < p;
  }
}
