import { THRESHOLD_DEFAULTS } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';

// Health after a scheduled backup. A success makes a system healthy; otherwise the age of its
// last restore point against its alert threshold decides (spec: dashboard-device-azure 4,
// recovery-flow 9 thresholds with inheritance system > client > reseller > default).

export type HealthStatus = 'TROUBLED' | 'WARNED' | 'NORMAL' | 'PARKED' | 'NODATA' | 'UNPROTECTED';

export interface HealthVerdict {
  health: HealthStatus;
  reason: string | null;
  description: string | null;
}

export interface ThresholdRow {
  scope_kind: 'reseller' | 'client' | 'system';
  scope_id: number;
  kind: string;
  minutes: number;
  enabled: number;
}

export interface ThresholdOwner {
  id: number;
  client_id: number;
  reseller_id: number;
  device_type: string;
}

/** Threshold kind of a device: NAS boxes are judged like servers. */
export function thresholdKind(deviceType: string): 'server' | 'workstation' {
  return deviceType === 'workstation' ? 'workstation' : 'server';
}

/** Minutes before a stale restore point is trouble; null when alerting is switched off. */
export function resolveThreshold(sys: ThresholdOwner, rows: readonly ThresholdRow[]): number | null {
  const kind = thresholdKind(sys.device_type);
  const at = (scope: ThresholdRow['scope_kind'], id: number) =>
    rows.find((r) => r.scope_kind === scope && Number(r.scope_id) === id && r.kind === kind);
  const row = at('system', sys.id) ?? at('client', sys.client_id) ?? at('reseller', sys.reseller_id);
  if (!row) return THRESHOLD_DEFAULTS[kind];
  return row.enabled ? Number(row.minutes) : null;
}

/** The overrides that can apply to a batch of systems, in one query. */
export async function loadThresholds(
  db: Kysely<Database>,
  systems: readonly ThresholdOwner[],
): Promise<ThresholdRow[]> {
  if (systems.length === 0) return [];
  const ids = (f: (s: ThresholdOwner) => number) => [...new Set(systems.map(f))];
  const rows = await db
    .selectFrom('thresholds')
    .select(['scope_kind', 'scope_id', 'kind', 'minutes', 'enabled'])
    .where((eb) =>
      eb.or([
        eb.and([
          eb('scope_kind', '=', 'system'),
          eb(
            'scope_id',
            'in',
            ids((s) => s.id),
          ),
        ]),
        eb.and([
          eb('scope_kind', '=', 'client'),
          eb(
            'scope_id',
            'in',
            ids((s) => s.client_id),
          ),
        ]),
        eb.and([
          eb('scope_kind', '=', 'reseller'),
          eb(
            'scope_id',
            'in',
            ids((s) => s.reseller_id),
          ),
        ]),
      ]),
    )
    .execute();
  return rows.map((r) => ({ ...r, scope_id: Number(r.scope_id), minutes: Number(r.minutes) }));
}

export function formatMinutes(minutes: number): string {
  if (minutes % 1440 === 0) return `${minutes / 1440} day${minutes === 1440 ? '' : 's'}`;
  if (minutes % 60 === 0) return `${minutes / 60} hours`;
  return `${minutes} minutes`;
}

export interface HealthInput {
  current: HealthStatus;
  parked: boolean;
  jobStatus: 'COMPLETED' | 'FAILED' | 'MISSED';
  /** After this job. */
  lastRpAt: number | null;
  thresholdMinutes: number | null;
  now: number;
}

export function evaluateHealth(h: HealthInput): HealthVerdict {
  if (h.parked) return { health: 'PARKED', reason: null, description: null };
  if (h.jobStatus === 'COMPLETED') return { health: 'NORMAL', reason: null, description: null };
  const what = h.jobStatus === 'FAILED' ? 'The last backup failed.' : 'The last scheduled backup was missed.';
  if (h.lastRpAt === null) {
    // Never backed up: nothing to compare against yet.
    return h.current === 'NODATA' || h.current === 'UNPROTECTED'
      ? { health: h.current, reason: null, description: null }
      : { health: 'TROUBLED', reason: 'No restore point yet.', description: what };
  }
  if (h.thresholdMinutes !== null && h.now - h.lastRpAt > h.thresholdMinutes * 60_000) {
    return {
      health: 'TROUBLED',
      reason: `No restore point in the last ${formatMinutes(h.thresholdMinutes)}.`,
      description: what,
    };
  }
  return {
    health: 'WARNED',
    reason: what,
    description: 'The latest restore point is still within the alert threshold.',
  };
}
