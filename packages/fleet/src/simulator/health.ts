import type { ThresholdOwner, ThresholdRow } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import { deriveHealth, type HealthVerdict } from '../generator/health';

// Health after a scheduled backup. A success makes a system healthy; otherwise the age of its
// last restore point against its alert threshold decides (spec: dashboard-device-azure 4,
// recovery-flow 9 thresholds with inheritance system > client > reseller > default).

export type { HealthVerdict };
// The threshold rule itself (resolveThreshold) is the contract's: the dashboard uses it too.

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

export interface HealthInput {
  parked: boolean;
  jobStatus: 'COMPLETED' | 'FAILED' | 'MISSED';
  /** After this job. */
  lastRpAt: number | null;
  /** null: alerting is switched off for this system. */
  thresholdMinutes: number | null;
  now: number;
}

/** The generator's rule (one rule for generated and live history), applied after a finished job. */
export function evaluateHealth(h: HealthInput): HealthVerdict {
  return deriveHealth({
    parked: h.parked,
    hasJobs: true,
    lastRpAt: h.lastRpAt,
    lastFinishedStatus: h.jobStatus,
    thresholdMinutes: h.thresholdMinutes ?? Number.POSITIVE_INFINITY,
    at: h.now,
  });
}
