import type { Database } from '@lifeboat/db';
import { resolveThreshold } from '@lifeboat/fleet';
import type { Kysely } from 'kysely';
import { ReuseCache } from '../../cache/reuse-cache';
import type { Owner } from './owner';
import { ownerCondition } from './owner';

// One read of the owner's systems through the covering index ps_reseller_rollup (migration
// 002): every per-reseller figure of the dashboard is computed from it, never from job_history.

export interface SystemFacts {
  id: number;
  clientId: number;
  parked: boolean;
  deviceType: string;
  health: string;
  lastRpAt: number | null;
  applianceId: number | null;
  cloudUsed: number;
}

export interface Rollup {
  systems: SystemFacts[];
  /** Alert threshold in minutes per system id; null when alerting is off. */
  thresholdOf(s: SystemFacts): number | null;
}

// Figures may be up to 2 seconds old: they change with backups, not with each request.
const cache = new ReuseCache<Rollup>(2000);

export function loadRollup(db: Kysely<Database>, owner: Owner, now: number): Promise<Rollup> {
  return cache.get(`${owner.kind}:${owner.id}`, now, () => readRollup(db, owner));
}

async function readRollup(db: Kysely<Database>, owner: Owner): Promise<Rollup> {
  const rows = await db
    .selectFrom('protected_systems as ps')
    .select([
      'ps.id',
      'ps.client_id',
      'ps.parked',
      'ps.device_type',
      'ps.health_status',
      'ps.last_rp_at',
      'ps.appliance_id',
      'ps.cloud_used_bytes',
    ])
    .where(ownerCondition(owner, 'ps'))
    .execute();
  const systems: SystemFacts[] = rows.map((r) => ({
    id: Number(r.id),
    clientId: Number(r.client_id),
    parked: Number(r.parked) === 1,
    deviceType: r.device_type,
    health: r.health_status,
    lastRpAt: r.last_rp_at === null ? null : Number(r.last_rp_at),
    applianceId: r.appliance_id === null ? null : Number(r.appliance_id),
    cloudUsed: Number(r.cloud_used_bytes),
  }));
  const thresholds = await loadOwnerThresholds(db, owner);
  const resellerId = owner.resellerId;
  return {
    systems,
    thresholdOf: (s) =>
      resolveThreshold(
        { id: s.id, client_id: s.clientId, reseller_id: resellerId, device_type: s.deviceType },
        thresholds,
      ),
  };
}

type ThresholdRows = Parameters<typeof resolveThreshold>[1];

/** The overrides that can apply to the owner's systems: reseller, its clients, the systems. */
export async function loadOwnerThresholds(db: Kysely<Database>, owner: Owner): Promise<ThresholdRows> {
  const rows = await db
    .selectFrom('thresholds')
    .select(['scope_kind', 'scope_id', 'kind', 'minutes', 'enabled'])
    .where('scope_kind', '=', 'reseller')
    .where('scope_id', '=', owner.resellerId)
    .execute();
  const clientRows = await db
    .selectFrom('thresholds')
    .select(['scope_kind', 'scope_id', 'kind', 'minutes', 'enabled'])
    .where('scope_kind', '=', 'client')
    .where((eb) =>
      owner.clientId !== null
        ? eb('scope_id', '=', owner.clientId)
        : eb(
            'scope_id',
            'in',
            eb
              .selectFrom('organisations')
              .select('id')
              .where('reseller_id', '=', owner.resellerId)
              .where('kind', '=', 'client'),
          ),
    )
    .execute();
  const systemRows = await db
    .selectFrom('thresholds')
    .select(['scope_kind', 'scope_id', 'kind', 'minutes', 'enabled'])
    .where('scope_kind', '=', 'system')
    .where('scope_id', 'in', (eb) =>
      eb.selectFrom('protected_systems as ps').select('ps.id').where(ownerCondition(owner, 'ps')),
    )
    .execute();
  return [...rows, ...clientRows, ...systemRows].map((r) => ({
    ...r,
    scope_id: Number(r.scope_id),
    minutes: Number(r.minutes),
    enabled: Number(r.enabled),
  }));
}

/** Worst health first: the health of a group of systems (an appliance, a vault). */
const SEVERITY = ['TROUBLED', 'WARNED', 'NORMAL', 'NODATA', 'UNPROTECTED', 'PARKED'];

export function worstHealth(statuses: Iterable<string>): string {
  let best = SEVERITY.length;
  for (const s of statuses) {
    const i = SEVERITY.indexOf(s);
    if (i >= 0 && i < best) best = i;
  }
  return SEVERITY[best] ?? 'NODATA';
}

/** Whether a system's newest restore point is within its protection threshold at `now`. */
export function withinThreshold(
  lastRpAt: number | null,
  thresholdMinutes: number | null,
  now: number,
): boolean {
  if (thresholdMinutes === null) return lastRpAt !== null;
  return lastRpAt !== null && now - lastRpAt <= thresholdMinutes * 60_000;
}
