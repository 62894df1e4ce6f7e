import type { ThresholdOwner, ThresholdRow } from '@lifeboat/contract';
import type { Kysely } from 'kysely';
import type { Database } from './schema';

// The threshold overrides of a batch of systems, shared by the living fleet (health after a run)
// and the alerts' evaluation (no restore point within the threshold), both system code working
// across tenants. The rule that picks one of them is the contract's resolveThreshold.

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
