import type { Database } from '@lifeboat/db';
import { type Kysely, sql } from 'kysely';
import { perDatabase, TtlCache } from '../../cache/ttl-cache';
import { type Actor, inScope, scopeKind } from '../../scope';

// Workstations and servers per vault (spec: dashboard 3 'Vault row'), counted over the actor's
// own systems. A shared cloud vault holds ~20,000 systems of the large fleet, so the count is a
// walk over the scope's systems (a few ms), kept for a minute per scope: the vaults tab shows a
// summary, not a live counter (docs/decisions.md 'Entities').

export interface VaultCounts {
  workstations: number;
  servers: number;
}

// One cache per database handle, so apps (and tests) on different databases never mix.
const cacheOf = perDatabase(() => new TtlCache<Map<number, VaultCounts>>(60_000, 2_000));

function scopeKey(actor: Actor): string {
  const k = scopeKind(actor);
  if (k === 'all') return 'all';
  if (k === 'distributor') return `d${actor.distributorId}`;
  if (k === 'reseller') return `r${actor.resellerId}`;
  return `c${actor.clientId}`;
}

async function count(db: Kysely<Database>, actor: Actor): Promise<Map<number, VaultCounts>> {
  const rows = await db
    .selectFrom('protected_systems as ps')
    .innerJoin('system_vaults as sv', 'sv.system_id', 'ps.id')
    .select(['sv.vault_id', 'ps.device_type', sql<number>`count(*)`.as('n')])
    .where(inScope(actor, 'ps'))
    .groupBy(['sv.vault_id', 'ps.device_type'])
    .execute();
  const out = new Map<number, VaultCounts>();
  for (const r of rows) {
    const cur = out.get(r.vault_id) ?? { workstations: 0, servers: 0 };
    if (r.device_type === 'workstation') cur.workstations += Number(r.n);
    else if (r.device_type === 'server') cur.servers += Number(r.n);
    out.set(r.vault_id, cur);
  }
  return out;
}

export function vaultDeviceCounts(db: Kysely<Database>, actor: Actor): Promise<Map<number, VaultCounts>> {
  return cacheOf(db).get(scopeKey(actor), () => count(db, actor));
}
