import type {
  AtAGlanceData,
  ClientHealthData,
  GlanceLink,
  HealthHistoryData,
  QuickActionsData,
} from '@lifeboat/contract';
import { storageLevel } from '@lifeboat/contract';
import { reuseAnswer } from '../../cache/reuse-cache';
import type { AppContext } from '../../context';
import type { Actor } from '../../scope';
import { formatBytes } from './format';
import type { Owner } from './owner';
import { loadRollup, withinThreshold } from './rollup';
import { loadVaultSummary } from './vault-summary';

// The dashboard's cards above the tables (spec: dashboard-device-azure 2.2 blocks 1-4).

const DAY = 86_400_000;

/** How many clients a reseller has (index org_reseller). */
export async function countClients(ctx: AppContext, resellerId: number): Promise<number> {
  const row = await ctx.dbh.db
    .selectFrom('organisations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('reseller_id', '=', resellerId)
    .where('kind', '=', 'client')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Block 1: each quick action only when the reseller's organisation is granted it. */
export function quickActions(owner: Owner, actor: Actor): QuickActionsData {
  const o = owner.row;
  return {
    // Client users never start the reseller's wizard or create clients, even if they see the page.
    can_recover: o.can_recover === 1 && actor.level > 0,
    can_create_client: o.can_create_client === 1 && actor.level > 0,
    can_download_agent: o.can_download_agent === 1,
    can_edit_policy: o.can_edit_policy === 1 && actor.level > 0,
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
 * Block 2: links with their counts and targets (spec 2.1 navigation targets). Not reused between
 * requests: the client and user counts are read fresh, so a client just added shows at once.
 */
export async function atAGlance(ctx: AppContext, owner: Owner, actor: Actor): Promise<AtAGlanceData> {
  const db = ctx.dbh.db;
  const r = owner.resellerId;
  const rollup = await loadRollup(db, owner, ctx.clock.now());
  const clientCount = await countClients(ctx, r);
  const users = await db
    .selectFrom('users')
    .innerJoin('organisations as o', 'o.id', 'users.organisation_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('o.reseller_id', '=', r)
    .executeTakeFirstOrThrow();
  const appliances = await db
    .selectFrom('appliances')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('reseller_id', '=', r)
    .executeTakeFirstOrThrow();
  const vaults = await loadVaultSummary(ctx, owner);

  const protectedClients = new Set(rollup.systems.map((s) => s.clientId));
  const cloudUsed = rollup.systems.reduce((sum, s) => sum + s.cloudUsed, 0);
  const quota = Number(owner.row.cloud_quota_bytes);
  const percent = quota > 0 ? Math.round((cloudUsed / quota) * 1000) / 10 : 0;
  const servers = rollup.systems.filter((s) => s.deviceType === 'server').length;

  const show = {
    users: actor.level > 0,
    cloud: quota > 0,
    vaults: vaults.length > 0,
    vo: owner.row.show_vo_information === 1,
  };
  const links: (GlanceLink | null)[] = [
    { key: 'clients', label: 'Clients', count: clientCount, url: `/client/empty_table/?reseller_id=${r}` },
    {
      key: 'unprotected_clients',
      label: 'Unprotected clients',
      count: Math.max(0, clientCount - protectedClients.size),
      url: `/client/empty_table/?reseller_id=${r}&health_status=UNPROTECTED`,
    },
    show.users
      ? { key: 'users', label: 'Users', count: Number(users.n), url: `/user/empty_table/?reseller_id=${r}` }
      : null,
    show.vaults
      ? { key: 'vaults', label: 'Vaults', count: vaults.length, url: `/vault/empty_table?reseller_id=${r}` }
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
      count: rollup.systems.length,
      url: `/devices/empty_table/?reseller_id=${r}`,
    },
    show.vo
      ? {
          key: 'vo_information',
          label: 'Virtual office information',
          count: servers,
          url: `/devices/empty_table/?reseller_id=${r}`,
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
  // The verdicts come from the systems (shared for 2 s); the client count is always fresh, so a
  // client just added shows at once.
  const compliant = await reuseAnswer(`sla:${owner.kind}:${owner.id}`, now, async () => {
    const rollup = await loadRollup(ctx.dbh.db, owner, now);
    const verdicts = new Map<number, boolean>();
    for (const s of rollup.systems) {
      if (s.parked) continue;
      const ok = withinThreshold(s.lastRpAt, rollup.thresholdOf(s), now);
      verdicts.set(s.clientId, (verdicts.get(s.clientId) ?? true) && ok);
    }
    return verdicts;
  });
  const clientCount = await countClients(ctx, owner.resellerId);
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
  const rows = await ctx.dbh.db
    .selectFrom('reseller_health_daily')
    .select(['day', 'healthy', 'total'])
    .where('reseller_id', '=', owner.resellerId)
    .where('day', '>=', first)
    .where('day', '<=', today)
    .execute();
  const byDay = new Map(rows.map((r) => [Number(r.day), r]));
  const labels: string[] = [];
  const data: (number | null)[] = [];
  for (let d = first; d <= today; d += DAY) {
    const date = new Date(d);
    labels.push(`${date.getUTCMonth() + 1}/${date.getUTCDate()}`);
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
