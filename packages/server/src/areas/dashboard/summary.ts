import type {
  AtAGlanceData,
  ClientHealthData,
  GlanceLink,
  HealthHistoryData,
  QuickActionsData,
} from '@lifeboat/contract';
import { storageLevel } from '@lifeboat/contract';
import type { AppContext } from '../../context';
import { type Actor, clientsOf, ownedBy, scoped, usersOf } from '../../scope';
import { clientHealthCondition } from '../entities/client-health';
import { runningFailovers } from '../failover/offices';
import { formatBytes } from './format';
import type { Owner } from './owner';
import { loadRollup, ownerTotals, withinThreshold } from './rollup';
import { countVaults } from './vault-summary';

// The dashboard's cards above the tables (spec: dashboard-device-azure 2.2 blocks 1-4).

const DAY = 86_400_000;

/** How many clients a reseller has (index org_reseller). */
export async function countClients(ctx: AppContext, owner: Owner): Promise<number> {
  const row = await scoped(ctx.dbh.db, owner.actor)
    .within(clientsOf(owner.row))
    .selectFrom('organisations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * How many of a reseller's clients are unprotected: the clients its link lists (the clients
 * table's filter, client-health.ts; issue 18.10).
 */
async function countUnprotectedClients(ctx: AppContext, owner: Owner): Promise<number> {
  const condition = clientHealthCondition('UNPROTECTED', 'organisations');
  if (!condition) return 0;
  const row = await scoped(ctx.dbh.db, owner.actor)
    .within(clientsOf(owner.row))
    .selectFrom('organisations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(condition)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Block 1: each quick action when the user holds its right (contract rights.ts, which the spec's
 * flags are read from, dashboard 6); adding a client and downloading the agent also need the
 * grant of the reseller whose dashboard it is, as their calls check.
 */
export function quickActions(owner: Owner, actor: Actor): QuickActionsData {
  const o = owner.row;
  return {
    can_recover: actor.rights.has('recover'),
    can_create_client: actor.rights.has('manage_clients') && o.can_create_client === 1,
    can_download_agent: actor.rights.has('download_agent') && o.can_download_agent === 1,
    can_edit_policy: actor.rights.has('edit_protection'),
    is_arm64_supported: true,
    labels: {
      add_client: 'Add client',
      download_agent: 'Download agent',
      recovery_wizard: 'Recovery wizard',
      reseller_settings: 'Reseller overview settings',
    },
    title: 'Quick actions',
  };
}

/**
 * Block 2: links with their counts and targets (spec 2.1 navigation targets). Every count is read
 * fresh: the system figures from the client rollups, the others from their indexes, all at once.
 */
export async function atAGlance(ctx: AppContext, owner: Owner, actor: Actor): Promise<AtAGlanceData> {
  const db = ctx.dbh.db;
  const s = scoped(db, owner.actor);
  const r = owner.resellerId;
  const [totals, clientCount, unprotected, users, appliances, vaultCount, offices] = await Promise.all([
    ownerTotals(db, owner),
    countClients(ctx, owner),
    countUnprotectedClients(ctx, owner),
    s
      .within(usersOf(owner.row, 'users', 'o'))
      .selectFrom('users')
      .innerJoin('organisations as o', 'o.id', 'users.organisation_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    s
      .within(ownedBy(owner.row, 'appliances'))
      .selectFrom('appliances')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    countVaults(ctx, owner),
    // Issue 18.8: the item counts and opens the running virtual offices, not the systems.
    runningFailovers(s.within(ownedBy(owner.row, 'f')))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const cloudUsed = totals.cloudUsed;
  const quota = Number(owner.row.cloud_quota_bytes);
  const percent = quota > 0 ? Math.round((cloudUsed / quota) * 1000) / 10 : 0;

  const show = {
    users: actor.rights.has('manage_users'),
    cloud: quota > 0,
    vaults: vaultCount > 0,
    vo: owner.row.show_vo_information === 1,
  };
  const links: (GlanceLink | null)[] = [
    { key: 'clients', label: 'Clients', count: clientCount, url: `/client/empty_table/?reseller_id=${r}` },
    {
      key: 'unprotected_clients',
      label: 'Unprotected clients',
      // The clients its link lists (issue 18.10: it counted clients without systems instead).
      count: unprotected,
      url: `/client/empty_table/?reseller_id=${r}&health_status=UNPROTECTED`,
    },
    show.users
      ? { key: 'users', label: 'Users', count: Number(users.n), url: `/user/empty_table/?reseller_id=${r}` }
      : null,
    show.vaults
      ? { key: 'vaults', label: 'Vaults', count: vaultCount, url: `/vault/empty_table?reseller_id=${r}` }
      : null,
    {
      key: 'appliances',
      label: 'Appliances overview',
      count: Number(appliances.n),
      url: `/appliance/empty_table/?reseller_id=${r}`,
    },
    {
      key: 'devices',
      label: 'Devices overview',
      count: totals.systems,
      url: `/devices/empty_table/?reseller_id=${r}`,
    },
    show.vo
      ? {
          key: 'vo_information',
          label: 'Virtual office information',
          count: Number(offices.n),
          url: '/failover/offices',
        }
      : null,
  ];
  const level = storageLevel(percent);
  return {
    is_lifeboat: owner.row.is_provider === 1,
    show_users: show.users,
    show_cloud_storage: show.cloud,
    cloud_storage_used_percent: percent,
    cloud_storage_used_text: `${percent}% of cloud storage used`,
    cloud_storage_dialog: {
      title: 'Cloud storage',
      text:
        `${formatBytes(cloudUsed)} of ${formatBytes(quota)} used (${percent}%).` +
        (level === 'normal'
          ? ''
          : level === 'warning'
            ? ' Usage is above 70%: plan more capacity or retention changes soon.'
            : level === 'danger'
              ? ' Usage is above 90%: new cloud copies may soon be refused.'
              : ' The cloud storage quota is used up: new cloud copies are at risk.'),
    },
    show_vaults: show.vaults,
    show_vo_information: show.vo,
    reseller_id: r,
    links: links.filter((l): l is GlanceLink => l !== null),
  };
}

export const SLA_DEFINITION =
  'A client is SLA-compliant when every protected system it has (parked ones aside) has a restore point ' +
  'newer than its protection threshold. Clients without systems are not counted.';

/** Block 3: share of clients whose systems all have a restore point within their threshold. */
export async function clientHealth(ctx: AppContext, owner: Owner): Promise<ClientHealthData> {
  const now = ctx.clock.now();
  // The verdicts depend on the time of the request, so they are worked out from the systems'
  // newest restore points and thresholds on each request (index-only reads).
  const [rollup, clientCount] = await Promise.all([loadRollup(ctx.dbh.db, owner), countClients(ctx, owner)]);
  const compliant = new Map<number, boolean>();
  for (const s of rollup.systems) {
    if (s.parked) continue;
    const ok = withinThreshold(s.lastRpAt, rollup.thresholdOf(s), now);
    compliant.set(s.clientId, (compliant.get(s.clientId) ?? true) && ok);
  }
  const yes = [...compliant.values()].filter(Boolean).length;
  const no = compliant.size - yes;
  const none = Math.max(0, clientCount - compliant.size);
  return {
    health_of_all_clients_chart_data: [
      { key: 'compliant', label: 'SLA-compliant', value: yes },
      { key: 'not_compliant', label: 'Not compliant', value: no },
      { key: 'no_systems', label: 'No systems', value: none },
    ],
    sla_compliant_percentage: compliant.size === 0 ? 0 : Math.round((yes / compliant.size) * 1000) / 10,
    definition: SLA_DEFINITION,
  };
}

/** Block 4: the last 7 days of healthy systems in percent, from the daily rollup. */
export async function healthHistory(ctx: AppContext, owner: Owner): Promise<HealthHistoryData> {
  const today = Math.floor(ctx.clock.now() / DAY) * DAY;
  const first = today - 6 * DAY;
  // A reseller's own row per day (ownedBy: reseller_id, the start of the table's key).
  const rows = await scoped(ctx.dbh.db, owner.actor)
    .within(ownedBy(owner.row, 'reseller_health_daily'))
    .selectFrom('reseller_health_daily')
    .select(['day', 'healthy', 'total'])
    .where('day', '>=', first)
    .where('day', '<=', today)
    .execute();
  const byDay = new Map(rows.map((r) => [Number(r.day), r]));
  const labels: string[] = [];
  const data: (number | null)[] = [];
  for (let d = first; d <= today; d += DAY) {
    // The day as YYYY-MM-DD: the web app writes it in its one date format (not "11/21").
    labels.push(new Date(d).toISOString().slice(0, 10));
    const r = byDay.get(d);
    data.push(
      r && Number(r.total) > 0 ? Math.round((Number(r.healthy) / Number(r.total)) * 1000) / 10 : null,
    );
  }
  // The axis starts at a round 10 below the lowest day, so a week's change is visible.
  const values = data.filter((v): v is number => v !== null);
  const low = values.length ? Math.min(...values) : 0;
  const yMin = Math.max(0, Math.floor(low / 10) * 10 - 10);
  const span = 100 - yMin;
  return { labels, data, step_size: span > 50 ? 20 : span > 20 ? 10 : 5, y_max: 100, y_min: yMin };
}
