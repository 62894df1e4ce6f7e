import { HEALTH_SEVERITY, resolveThreshold, type ThresholdRow } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import { ownedBy, scoped, thresholdsOwnedBy } from '../../scope';
import type { Owner } from './owner';

// The dashboard's figures come from the rollups of migration 009 (per client, appliance and
// (client, vault), kept by triggers in the same transaction as the writes), never from a scan of
// the owner's systems per request and never from job_history. Only the SLA verdicts, which
// depend on the time of the request, read the owner's systems (index-only on ps_reseller_rollup).

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

/** The owner's systems with what their SLA verdict needs, and the thresholds that apply. */
export async function loadRollup(db: Kysely<Database>, owner: Owner): Promise<Rollup> {
  // Both reads at once: on PostgreSQL they go over two connections of the pool.
  const thresholdsRead = loadOwnerThresholds(db, owner);
  const rows = await scoped(db, owner.actor)
    .within(ownedBy(owner.row, 'ps'))
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
  const thresholds = await thresholdsRead;
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

type ThresholdRows = ThresholdRow[];

/** The overrides that can apply to the owner's systems: reseller, its clients, the systems. */
export async function loadOwnerThresholds(db: Kysely<Database>, owner: Owner): Promise<ThresholdRows> {
  // Three independent reads at once (on PostgreSQL, three connections instead of three round trips
  // in a row).
  const s = scoped(db, owner.actor);
  const level = (l: 'reseller' | 'client' | 'system') =>
    s
      .within(thresholdsOwnedBy(owner.row, l))
      .selectFrom('thresholds')
      .select(['scope_kind', 'scope_id', 'kind', 'minutes', 'enabled'])
      .execute();
  const [rows, clientRows, systemRows] = await Promise.all([
    level('reseller'),
    level('client'),
    level('system'),
  ]);
  return [...rows, ...clientRows, ...systemRows].map((r) => ({
    ...r,
    scope_id: Number(r.scope_id),
    minutes: Number(r.minutes),
    enabled: Number(r.enabled),
  }));
}

/** What the owner's clients add up to (client_rollups): one indexed range of at most its clients. */
export async function ownerTotals(
  db: Kysely<Database>,
  owner: Owner,
): Promise<{ systems: number; servers: number; cloudUsed: number; protectedClients: number }> {
  const row = await scoped(db, owner.actor)
    .within(ownedBy(owner.row, 'r'))
    .selectFrom('client_rollups as r')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('r.systems'), eb.lit(0)).as('systems'),
      eb.fn.coalesce(eb.fn.sum<number>('r.servers'), eb.lit(0)).as('servers'),
      eb.fn.coalesce(eb.fn.sum<number>('r.cloud_used_bytes'), eb.lit(0)).as('cloud'),
      eb.fn.sum<number>(eb.case().when('r.systems', '>', 0).then(1).else(0).end()).as('clients'),
    ])
    .executeTakeFirstOrThrow();
  return {
    systems: Number(row.systems ?? 0),
    servers: Number(row.servers ?? 0),
    cloudUsed: Number(row.cloud ?? 0),
    protectedClients: Number(row.clients ?? 0),
  };
}

/**
 * The columns of an appliance's rollup (appliance_rollups joined as `ar`) that its counts and
 * health are read from: the dashboard's appliance table and the appliance page select the same.
 */
export const APPLIANCE_ROLLUP_COLUMNS = [
  'ar.systems',
  'ar.servers',
  'ar.workstations',
  'ar.nas',
  'ar.h_troubled',
  'ar.h_warned',
  'ar.h_normal',
  'ar.h_nodata',
  'ar.h_unprotected',
  'ar.h_parked',
] as const;

/** The health counts of a rollup row, worst first (the order of HEALTH_SEVERITY). */
export interface HealthCounts {
  h_troubled: number | string | null;
  h_warned: number | string | null;
  h_normal: number | string | null;
  h_nodata: number | string | null;
  h_unprotected: number | string | null;
  h_parked: number | string | null;
}

/** The worst health among the counted systems, or NODATA when none are counted. */
export function worstOfCounts(c: HealthCounts): string {
  const counts = [c.h_troubled, c.h_warned, c.h_normal, c.h_nodata, c.h_unprotected, c.h_parked];
  const i = counts.findIndex((n) => Number(n) > 0);
  return i < 0 ? 'NODATA' : (HEALTH_SEVERITY[i] ?? 'NODATA');
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
