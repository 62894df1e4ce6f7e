import { randomBytes } from 'node:crypto';
import {
  DEFAULT_RUNBOOK_SETTINGS,
  defaultOfficeNetwork,
  IPSEC_LIMITS,
  type IpsecSite,
  ipsecMessages,
  naturalCompare,
  type OfficeNetworkAnswer,
  type RunbookSettings,
  runbookSettings,
  type SaveIpsecSiteBody,
} from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { BadRequestError, NotFoundError } from '../../http/errors';
import { type Actor, lockRow, parseId, scoped } from '../../scope';
import { open, seal } from '../ftps/secret-box';
import { loadOrg, type Org } from './thresholds';

// A client's virtual office network (issue 17.5; inventory-reports-exports-security 3 'IPsec site',
// 'Runbook settings', 5 and 9 'IPsec'): at most 10 sites of at most 10 subnets, each with its own
// pre-shared key kept sealed; the runbook settings as one JSON row. A running office (the failover
// area) reads them through `officeNetworkOf`. Every change is audited with old and new.

type Db = Kysely<Database>;

/** The virtual office's VPN endpoint of a client: one name per client (docs/decisions.md). */
export const officeEndpoint = (clientId: number) => `vo-${clientId}.vpn.lifeboat.cloud`;

const siteColumns = [
  'ipsec_sites.id',
  'ipsec_sites.name',
  'ipsec_sites.public_ip',
  'ipsec_sites.remote_ip',
  'ipsec_sites.remote_name',
  'ipsec_sites.remote_subnets',
  'ipsec_sites.psk_sealed',
  'ipsec_sites.updated_at',
] as const;

type SiteRow = {
  id: number;
  name: string;
  public_ip: string;
  remote_ip: string;
  remote_name: string;
  remote_subnets: string;
  psk_sealed: string;
  updated_at: number;
};

/** A client's sites (at most 10) in the order a person reads names: "Site 2" before "Site 10". */
async function sitesOf(db: Db, actor: Actor, clientId: number): Promise<SiteRow[]> {
  const rows = await scoped(db, actor)
    .selectFrom('ipsec_sites')
    .select(siteColumns)
    .where('ipsec_sites.client_id', '=', clientId)
    .orderBy('ipsec_sites.id')
    .execute();
  return rows.sort((a, b) => naturalCompare(a.name, b.name));
}

function toSite(ctx: AppContext, r: SiteRow, withKey: boolean): IpsecSite {
  return {
    id: Number(r.id),
    name: r.name,
    public_ip: r.public_ip,
    remote_ip: r.remote_ip,
    remote_name: r.remote_name,
    remote_subnets: JSON.parse(r.remote_subnets) as string[],
    psk: withKey ? open(ctx.config.secretKey ?? null, r.psk_sealed) : null,
    updated_at: Number(r.updated_at),
  };
}

async function runbookOf(db: Db, actor: Actor, clientId: number): Promise<RunbookSettings> {
  const row = await scoped(db, actor)
    .selectFrom('office_runbook_settings')
    .select('office_runbook_settings.settings')
    .where('office_runbook_settings.client_id', '=', clientId)
    .executeTakeFirst();
  if (!row) return DEFAULT_RUNBOOK_SETTINGS;
  const parsed = runbookSettings.safeParse(JSON.parse(row.settings));
  return parsed.success ? parsed.data : DEFAULT_RUNBOOK_SETTINGS;
}

/** A client's office network as the settings page and a running office read it. */
export async function officeNetworkOf(ctx: AppContext, actor: Actor, org: Org): Promise<OfficeNetworkAnswer> {
  const { db } = ctx.dbh;
  const canEdit = actor.rights.has('manage_settings');
  const runbook = await runbookOf(db, actor, org.id);
  return {
    ok: true,
    client_id: org.id,
    name: org.name,
    can_edit: canEdit,
    office: {
      endpoint: officeEndpoint(org.id),
      networks: runbook.s2s_allowed_ips.length ? runbook.s2s_allowed_ips : [defaultOfficeNetwork(org.id)],
    },
    sites: (await sitesOf(db, actor, org.id)).map((r) => toSite(ctx, r, true)),
    runbook,
  };
}

export async function officeNetwork(ctx: AppContext, actor: Actor, rawId: string) {
  return officeNetworkOf(ctx, actor, await loadOrg(ctx.dbh.db, actor, 'client', rawId));
}

/** The client, in scope, for a change: 404 outside it (route() refused those who only read). */
async function clientToEdit(ctx: AppContext, actor: Actor, rawId: string): Promise<Org> {
  return loadOrg(ctx.dbh.db, actor, 'client', rawId);
}

const parentOf = (org: Org) => ({ id: org.id, reseller_id: org.resellerId, client_id: org.id });
const brief = (s: IpsecSite) => ({
  name: s.name,
  public_ip: s.public_ip,
  remote_ip: s.remote_ip,
  remote_name: s.remote_name,
  remote_subnets: s.remote_subnets,
});

export async function saveIpsecSite(
  ctx: AppContext,
  actor: Actor,
  rawId: string,
  body: SaveIpsecSiteBody,
  ip: string,
): Promise<OfficeNetworkAnswer> {
  const org = await clientToEdit(ctx, actor, rawId);
  const { db } = ctx.dbh;
  const now = ctx.clock.now();
  await db.transaction().execute(async (trx) => {
    // The limit and the unique name hold under saves sent at once, on any instance: the client's
    // row is locked while its sites are counted and written.
    await lockRow(trx, 'organisations', org.id);
    const sites = await sitesOf(trx, actor, org.id);
    const old = body.site_id === undefined ? undefined : sites.find((s) => Number(s.id) === body.site_id);
    if (body.site_id !== undefined && !old) throw new NotFoundError('This IPsec site');
    if (!old && sites.length >= IPSEC_LIMITS.sites) throw new BadRequestError(ipsecMessages.tooManySites);
    const lc = body.name.toLowerCase();
    if (sites.some((s) => s.name.toLowerCase() === lc && Number(s.id) !== body.site_id))
      throw new BadRequestError(ipsecMessages.nameTaken, { name: ipsecMessages.nameTaken });
    const values = {
      name: body.name,
      public_ip: body.public_ip,
      remote_ip: body.remote_ip,
      remote_name: body.remote_name,
      remote_subnets: JSON.stringify(body.remote_subnets),
      updated_at: now,
    };
    let id: number;
    if (old) {
      id = Number(old.id);
      await scoped(trx, actor)
        .updateTable('ipsec_sites')
        .set(values)
        .where('ipsec_sites.id', '=', id)
        .execute();
    } else {
      const psk = randomBytes(32).toString('base64url');
      const row = await scoped(trx, actor, parentOf(org))
        .insertInto('ipsec_sites')
        .values({
          ...values,
          reseller_id: org.resellerId ?? 0,
          client_id: org.id,
          psk_sealed: seal(ctx.config.secretKey ?? null, psk),
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = Number(row.id);
    }
    await audit(trx, now, {
      actor,
      action: old ? 'settings.ipsec_site_changed' : 'settings.ipsec_site_added',
      targetType: 'client',
      targetId: org.id,
      details: {
        site_id: id,
        old: old ? brief(toSite(ctx, old, false)) : null,
        new: { ...values, remote_subnets: body.remote_subnets, updated_at: undefined },
      },
      ip,
    });
  });
  return officeNetworkOf(ctx, actor, org);
}

export async function deleteIpsecSite(
  ctx: AppContext,
  actor: Actor,
  rawId: string,
  siteId: number,
  ip: string,
): Promise<OfficeNetworkAnswer> {
  const org = await clientToEdit(ctx, actor, rawId);
  const { db } = ctx.dbh;
  const now = ctx.clock.now();
  await db.transaction().execute(async (trx) => {
    const old = (await sitesOf(trx, actor, org.id)).find((s) => Number(s.id) === siteId);
    if (!old) throw new NotFoundError('This IPsec site');
    await scoped(trx, actor).deleteFrom('ipsec_sites').where('ipsec_sites.id', '=', siteId).execute();
    await audit(trx, now, {
      actor,
      action: 'settings.ipsec_site_deleted',
      targetType: 'client',
      targetId: org.id,
      details: { site_id: siteId, old: brief(toSite(ctx, old, false)), new: null },
      ip,
    });
  });
  return officeNetworkOf(ctx, actor, org);
}

/**
 * One site of a client with its key, for the configuration download (404 when not this client's).
 * The client's own users may download it too: it is their firewall's.
 */
export async function siteToConfigure(ctx: AppContext, actor: Actor, rawId: string, rawSite: string) {
  const org = await loadOrg(ctx.dbh.db, actor, 'client', rawId);
  const siteId = parseId(rawSite, 'This IPsec site');
  const row = (await sitesOf(ctx.dbh.db, actor, org.id)).find((s) => Number(s.id) === siteId);
  if (!row) throw new NotFoundError('This IPsec site');
  return { org, site: toSite(ctx, row, true), network: await officeNetworkOf(ctx, actor, org) };
}

export async function saveRunbookSettings(
  ctx: AppContext,
  actor: Actor,
  rawId: string,
  body: RunbookSettings,
  ip: string,
): Promise<OfficeNetworkAnswer> {
  const org = await clientToEdit(ctx, actor, rawId);
  const { db } = ctx.dbh;
  const now = ctx.clock.now();
  await db.transaction().execute(async (trx) => {
    const old = await runbookOf(trx, actor, org.id);
    const values = { settings: JSON.stringify(body), updated_at: now };
    await scoped(trx, actor, parentOf(org))
      .insertInto('office_runbook_settings')
      .values({ client_id: org.id, reseller_id: org.resellerId ?? 0, ...values })
      .onConflict((oc) => oc.column('client_id').doUpdateSet(values))
      .execute();
    await audit(trx, now, {
      actor,
      action: 'settings.runbook',
      targetType: 'client',
      targetId: org.id,
      details: { old, new: body },
      ip,
    });
  });
  return officeNetworkOf(ctx, actor, org);
}
