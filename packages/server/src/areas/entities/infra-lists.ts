import {
  type ApplianceRow,
  type EntityListAnswer,
  type EntityListParams,
  type LicenseRow,
  licenceUsage,
  type VaultRow,
} from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { NotFoundError } from '../../http/errors';
import { type Actor, appliancesPage, findOrgInScope, scoped, scopeKind, vaultsOf } from '../../scope';
import { likeContains, nameContains, narrowScope } from '../../search/name-search';
import { answer, COUNT_LIMIT, offsetOf, one, pageWithTotal } from './list-params';
import { type VaultOwner, vaultDeviceCounts } from './vault-counts';

// Appliances (also the staff's support appliances and the licenses tab) and vaults.

type Db = Kysely<Database>;

function applianceQuery(
  db: Db,
  actor: Actor,
  p: EntityListParams,
  forPage: boolean,
  name: RawBuilder<SqlBool> | null,
) {
  let q = scoped(db, actor)
    .within(...(forPage ? [appliancesPage(actor)] : []))
    .selectFrom('appliances as a');
  if (p.reseller_id !== undefined) q = q.where('a.reseller_id', '=', p.reseller_id);
  if (p.client_id !== undefined) q = q.where('a.client_id', '=', p.client_id);
  if (p.status === 'online' || p.status === 'offline')
    q = q.where('a.online', '=', p.status === 'online' ? 1 : 0);
  // Any part of the name, or the serial matched exactly (support looks an appliance up by it).
  if (name) q = q.where((eb) => eb.or([name, eb('a.sid', '=', p.search.trim())]));
  return q;
}

async function pageAppliances(db: Db, actor: Actor, p: EntityListParams) {
  const narrow = narrowScope(actor) || p.reseller_id !== undefined || p.client_id !== undefined;
  const name = await nameContains(db, 'appliances', 'a', p.search, { narrow });
  const { rows, total } = await pageWithTotal(
    db,
    p,
    applianceQuery(db, actor, p, true, name)
      .innerJoin('organisations as c', 'c.id', 'a.client_id')
      .innerJoin('organisations as r', 'r.id', 'a.reseller_id')
      .selectAll('a')
      .select(['c.name as client_name', 'r.name as reseller_name'])
      // Seats in use by type: the appliance's rollup row (migration 009).
      .leftJoin('appliance_rollups as ar', 'ar.appliance_id', 'a.id')
      .select(['ar.workstations as used_workstation', 'ar.servers as used_server', 'ar.nas as used_nas'])
      .orderBy('a.name_lc')
      .orderBy('a.id')
      .limit(p.rows)
      .offset(offsetOf(p))
      .execute(),
    () => applianceQuery(db, actor, p, false, name).select(one).limit(COUNT_LIMIT),
  );
  return { rows, total };
}

const seats = (r: { used_workstation: unknown; used_server: unknown; used_nas: unknown }) => ({
  workstation: Number(r.used_workstation ?? 0),
  server: Number(r.used_server ?? 0),
  nas: Number(r.used_nas ?? 0),
});

export async function listAppliances(
  db: Db,
  actor: Actor,
  p: EntityListParams,
): Promise<EntityListAnswer<ApplianceRow>> {
  const { rows, total } = await pageAppliances(db, actor, p);
  const support = actor.rights.has('support_login');
  const content = rows.map((r) => {
    const u = seats(r);
    return {
      id: r.id,
      sid: r.sid,
      name: r.name,
      model_name: r.model_name,
      client_id: r.client_id,
      client_name: r.client_name,
      reseller_name: r.reseller_name,
      online: r.online === 1,
      version: r.version,
      license_name: r.license_name,
      devices: u.workstation + u.server + u.nas,
      can_edit: false,
      can_delete: false,
      can_details: true,
      can_support: support,
    };
  });
  return answer(p, content, total, p.search ? 'No appliance matches this search.' : 'No appliances yet.');
}

export async function listLicenses(
  db: Db,
  actor: Actor,
  p: EntityListParams,
): Promise<EntityListAnswer<LicenseRow>> {
  const { rows, total } = await pageAppliances(db, actor, p);
  const content = rows.map((r) => {
    const u = seats(r);
    // The one rule the dashboard uses too (contract licence.ts).
    const usage = licenceUsage(r, { workstations: u.workstation, servers: u.server, nas: u.nas });
    return {
      id: r.id,
      sid: r.sid,
      appliance_name: r.name,
      client_name: r.client_name,
      license_name: r.license_name,
      license_type: r.license_type,
      license_workstations: r.license_workstations,
      license_servers: r.license_servers,
      license_nas: r.license_nas,
      used_workstations: u.workstation,
      used_servers: u.server,
      used_nas: u.nas,
      license_storage_bytes: r.license_storage_bytes,
      storage_used_bytes: r.storage_used_bytes,
      license_usage_percent: usage.percent,
      license_measured_by: usage.measured_by,
      seats_percent: usage.seats.percent,
      storage_percent: usage.storage.percent,
      model_name: r.model_name,
      online: r.online === 1,
      devices: usage.seats.used,
      can_edit: false,
      can_delete: false,
      can_details: true,
      can_support: false,
    };
  });
  return answer(
    p,
    content,
    total,
    p.search ? 'No license matches this search.' : 'No licensed appliances yet.',
  );
}

/** Whose vaults the Vaults page lists: the filtered reseller (404 outside scope), a reseller user's own. */
async function vaultOwner(db: Db, actor: Actor, resellerId: number | undefined): Promise<VaultOwner | null> {
  if (resellerId === undefined && scopeKind(actor) !== 'reseller') return null;
  const org = await findOrgInScope(db, actor, resellerId ?? actor.organisationId, 'This reseller');
  if (org.kind !== 'reseller') throw new NotFoundError('This reseller');
  return org;
}

export async function listVaults(
  db: Db,
  actor: Actor,
  p: EntityListParams,
): Promise<EntityListAnswer<VaultRow>> {
  // A reseller's vaults are its dashboard's (vaultsOf: those its systems copy to and its own
  // private ones), counted over its systems: the same rows and figures on both pages. Staff and
  // distributors without a filter see every vault in scope. A hundred-odd vaults on the whole
  // platform: the name order needs no index of its own.
  const owner = await vaultOwner(db, actor, p.reseller_id);
  let base = scoped(db, actor)
    .within(...(owner ? [vaultsOf(owner, 'v')] : []))
    .selectFrom('vaults as v');
  // Any part of the name; so few rows need no index (migration 020).
  const s = p.search.trim().toLowerCase();
  if (s) base = base.where(sql<SqlBool>`lower(v.name) like ${likeContains(s)} escape '\\'`);
  const { rows, total } = await pageWithTotal(
    db,
    p,
    base
      .selectAll('v')
      .orderBy(sql`lower(v.name)`)
      .orderBy('v.id')
      .limit(p.rows)
      .offset(offsetOf(p))
      .execute(),
    () => base.select(one).limit(COUNT_LIMIT),
  );
  const counts = await vaultDeviceCounts(
    db,
    actor,
    rows.map((r) => Number(r.id)),
    owner,
  );
  const support = actor.rights.has('support_login');
  const content = rows.map((r) => ({
    id: r.id,
    name: r.name,
    vault_type: r.vault_type,
    workstations: counts.get(r.id)?.workstations ?? 0,
    servers: counts.get(r.id)?.servers ?? 0,
    used_bytes: r.used_bytes,
    capacity_bytes: r.capacity_bytes,
    can_edit: false,
    can_delete: false,
    can_details: true,
    can_support: support,
  }));
  return answer(p, content, total, p.search ? 'No vault matches this search.' : 'No vaults yet.');
}
