import type { ThresholdOwner, ThresholdRow } from '@lifeboat/contract';
import type { Kysely } from 'kysely';
import type { Database } from './schema';

// The alert thresholds that can apply to a batch of systems, in one query (inheritance system >
// client > reseller > default, resolved by the contract's resolveThreshold). Shared by every
// reader of health: the simulator's living fleet, the sync of backup sources and the alerts'
// evaluation, all system code working across tenants.

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
