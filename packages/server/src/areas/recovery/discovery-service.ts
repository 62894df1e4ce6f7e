import {
  type ClientFeatureTypes,
  type RecoveryAppliance,
  type RecoveryDevice,
  type RecoveryJob,
  type ResellerClientsAnswer,
  SERVICE_GEN,
} from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import { type Kysely, sql } from 'kysely';
import { NotFoundError } from '../../http/errors';
import { type Actor, correlatedTo, findInScope, inScope, scoped } from '../../scope';
import { nameContains } from '../../search/name-search';
import { jobDrives, loadClient, loadReseller } from './access';

// The wizard's discovery calls (spec: recovery-flow 7 'Discovery').

const NO_RP_TOOLTIP = 'This client has no scheduled restore points yet, so there is nothing to recover.';

const CLIENT_COLUMNS = [
  { key: 'id', title: 'ID' },
  { key: 'no_rp_tooltip', title: '' },
  { key: 'name', title: 'Client' },
  { key: 'workstation_count', title: 'Workstations' },
  { key: 'server_count', title: 'Servers' },
  { key: 'app_count', title: 'Appliances' },
];

/** GET /reseller/get_reseller_clients/{resellerId}: the clientSelect table, one page. */
export async function resellerClients(
  db: Kysely<Database>,
  actor: Actor,
  resellerId: number,
  q: { search?: string; offset: number; limit: number },
): Promise<ResellerClientsAnswer> {
  await loadReseller(db, actor, resellerId);
  let base = scoped(db, actor)
    .selectFrom('organisations')
    .where('reseller_id', '=', resellerId)
    .where('kind', '=', 'client');
  // A client user sees only its own organisation, even inside its reseller.
  if (actor.clientId !== null) base = base.where('id', '=', actor.clientId);
  const search = await nameContains(db, 'organisations', 'organisations', q.search, { narrow: true });
  if (search) base = base.where(search);
  const [orgs, total] = await Promise.all([
    base
      .select(['id', 'name', 'has_brc', 'has_x360recover'])
      .orderBy('name_lc')
      .orderBy('id')
      .offset(q.offset)
      .limit(q.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const ids = orgs.map((o) => Number(o.id));
  const none = { ws: 0, srv: 0, rp: 0, apps: 0, macOnly: false };
  const counts = new Map<number, typeof none>();
  for (const i of ids) counts.set(i, { ...none });
  if (ids.length > 0) {
    for (const [id, f] of await clientSystemFigures(db, actor, ids)) {
      const c = counts.get(id);
      if (c) Object.assign(c, f);
    }
    const apps = await scoped(db, actor)
      .selectFrom('appliances')
      .select((eb) => ['client_id', eb.fn.countAll<number>().as('n')])
      .where('client_id', 'in', ids)
      .groupBy('client_id')
      .execute();
    for (const a of apps) {
      const c = counts.get(Number(a.client_id));
      if (c) c.apps = Number(a.n);
    }
  }
  return {
    table_data: {
      columns: CLIENT_COLUMNS,
      total: Number(total.n),
      data: orgs.map((o) => {
        const c = counts.get(Number(o.id)) ?? none;
        return {
          id: Number(o.id),
          name: o.name,
          workstation_count: c.ws,
          server_count: c.srv,
          app_count: c.apps,
          machines_latest_schedule_rp_count: c.rp,
          has_brc: Number(o.has_brc),
          has_x360recover: Number(o.has_x360recover),
          has_macos_only: c.macOnly ? 1 : 0,
          no_rp_tooltip: c.rp > 0 ? null : NO_RP_TOOLTIP,
        };
      }),
    },
  };
}

/**
 * Per client: its workstations, other systems, systems with a restore point, and whether every
 * system is a Mac (spec: dashboard-device-azure 5, a macOS-only client cannot be chosen for
 * Azure). The client list and the Azure wizard's check both read it.
 */
export async function clientSystemFigures(
  db: Kysely<Database>,
  actor: Actor,
  ids: number[],
): Promise<Map<number, { ws: number; srv: number; rp: number; macOnly: boolean }>> {
  const rows = await scoped(db, actor)
    .selectFrom('protected_systems')
    .select((eb) => [
      'client_id',
      eb.fn.sum<number>(sql`case when device_type = 'workstation' then 1 else 0 end`).as('ws'),
      eb.fn.sum<number>(sql`case when device_type <> 'workstation' then 1 else 0 end`).as('srv'),
      eb.fn.sum<number>(sql`case when last_rp_at is not null then 1 else 0 end`).as('rp'),
      eb.fn.sum<number>(sql`case when os_type = 'MAC_OS_X' then 0 else 1 end`).as('not_mac'),
    ])
    .where('client_id', 'in', ids)
    .groupBy('client_id')
    .execute();
  return new Map(
    rows.map((r) => [
      Number(r.client_id),
      { ws: Number(r.ws), srv: Number(r.srv), rp: Number(r.rp), macOnly: Number(r.not_mac) === 0 },
    ]),
  );
}

/** GET /client/get_client_feature_types/{clientId}: which tools and restore types apply. */
export async function clientFeatureTypes(
  db: Kysely<Database>,
  actor: Actor,
  clientId: number,
): Promise<ClientFeatureTypes> {
  const client = await loadClient(db, actor, clientId);
  const first = await scoped(db, actor)
    .selectFrom('protected_systems')
    .select(['id', 'appliance_id'])
    .where('client_id', '=', clientId)
    .where('service_gen', '=', SERVICE_GEN.FIRST)
    .where('last_rp_at', 'is not', null)
    .orderBy('appliance_id', 'desc')
    .limit(1)
    .executeTakeFirst();
  // Systems of a backup source (restic) are recovered through both tools' cloud paths: files as
  // a download (the first tool), FTPS and virtual disks (the second), so such a client has both.
  const sourced = await scoped(db, actor)
    .selectFrom('protected_systems')
    .select('id')
    .where('client_id', '=', clientId)
    .where('source_id', 'is not', null)
    .where('last_rp_at', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return {
    id: Number(client.id),
    name: client.name,
    has_brc: sourced ? 1 : Number(client.has_brc),
    has_x360recover: sourced ? 1 : Number(client.has_x360recover),
    has_local_devices: first?.appliance_id ? 1 : 0,
    non_protect_flow: first ? 0 : 1,
  };
}

type DeviceQuery = ReturnType<typeof deviceQuery>;

function deviceQuery(db: Kysely<Database>, actor: Actor) {
  return scoped(db, actor)
    .selectFrom('protected_systems as ps')
    .innerJoin('organisations as c', 'c.id', 'ps.client_id')
    .leftJoin('appliances as a', 'a.id', 'ps.appliance_id')
    .leftJoin('failover_test_states as f', 'f.system_id', 'ps.id')
    .select([
      'ps.id',
      'ps.name',
      'ps.appliance_id',
      'a.name as appliance_name',
      'ps.client_id',
      'c.name as client_name',
      'ps.service_gen',
      'ps.os_type',
      'ps.device_type',
      'ps.is_d2c',
      'f.state',
      'ps.last_rp_at',
    ]);
}

async function devices(q: DeviceQuery): Promise<RecoveryDevice[]> {
  const rows = await q.orderBy('ps.name_lc').orderBy('ps.id').limit(500).execute();
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    asid: String(r.id),
    appliance_id: r.appliance_id === null ? null : Number(r.appliance_id),
    appliance_name: r.appliance_name ?? null,
    client_id: Number(r.client_id),
    client_name: r.client_name,
    service_gen: Number(r.service_gen),
    os_type: r.os_type,
    device_type: r.device_type,
    is_d2c: Number(r.is_d2c),
    state: r.state ?? null,
    last_rp_at: r.last_rp_at === null ? null : Number(r.last_rp_at),
  }));
}

/** POST /device/get {scopeBy: 'device', forDevice}: the device a wizard was opened for. */
export async function deviceGet(db: Kysely<Database>, actor: Actor, deviceId: number) {
  const list = await devices(deviceQuery(db, actor).where('ps.id', '=', deviceId));
  if (list.length === 0) throw new NotFoundError('This device');
  return { list };
}

/** Where a device list looks: a client, an appliance (0 or null: any), cloud or local points. */
export interface DevicePlace {
  /** 0: any client of the appliance. */
  clientId: number;
  /** null: any appliance of the client, or none (direct-to-cloud). */
  applianceId: number | null;
  points: 'cloud' | 'local';
}

/**
 * The first-tool devices with restore points in one place (spec: recovery-flow 7 'Discovery'):
 * GET /api/localbrowsing/devices/{clientId}[/{applianceId}] and /0/{applianceId} (on the
 * appliance), GET /api/filebrowsing/devices/{applianceId} (in the cloud).
 */
export async function recoveryDevices(
  db: Kysely<Database>,
  actor: Actor,
  where: DevicePlace,
): Promise<{ devices: RecoveryDevice[] }> {
  const { clientId, applianceId } = where;
  if (clientId > 0) await loadClient(db, actor, clientId);
  else if (applianceId === null) throw new NotFoundError('This client');
  // An appliance the caller may not see is not found, whatever the client.
  if (applianceId !== null) await findInScope(db, actor, 'appliances', applianceId, 'This appliance');
  // The cloud's files also come from the systems of a backup source (restic): the console reads
  // their snapshots itself, as "cloud" points (docs/decisions.md 'Issue 25.5').
  let q = deviceQuery(db, actor)
    .where((eb) =>
      where.points === 'cloud'
        ? eb.or([eb('ps.service_gen', '=', SERVICE_GEN.FIRST), eb('ps.source_id', 'is not', null)])
        : eb('ps.service_gen', '=', SERVICE_GEN.FIRST),
    )
    .where('ps.last_rp_at', 'is not', null);
  if (clientId > 0) q = q.where('ps.client_id', '=', clientId);
  if (applianceId !== null) q = q.where('ps.appliance_id', '=', applianceId);
  const flag = where.points === 'cloud' ? 'is_cloud' : 'is_local';
  q = q.where((eb) =>
    eb.exists(
      scoped(db, actor)
        .within(correlatedTo('rp', 'system_id', 'ps'))
        .selectFrom('restore_points as rp')
        .select('rp.id')
        .where(`rp.${flag}`, '=', 1),
    ),
  );
  return { devices: await devices(q) };
}

/** POST /appliance/get {scopeBy: 'client', forClient, paging, ...}: appliances of a client. */
export async function appliancesOf(
  db: Kysely<Database>,
  actor: Actor,
  body: {
    scopeBy: 'client' | 'appliance';
    forClient?: number;
    forAppliance?: number;
    paging: { offset: number; limit: number };
    eligible_for_cifs_sharing: number;
  },
): Promise<{ list: RecoveryAppliance[]; total: number }> {
  let q = scoped(db, actor).selectFrom('appliances as a').where(inScope(actor, 'a'));
  // Each id the body names must be the caller's (else 404), whichever of them scopes the list.
  if (body.scopeBy === 'client' || body.forClient) await loadClient(db, actor, body.forClient ?? 0);
  if (body.scopeBy === 'appliance' || body.forAppliance)
    await findInScope(db, actor, 'appliances', body.forAppliance ?? 0, 'This appliance');
  q =
    body.scopeBy === 'client'
      ? q.where('a.client_id', '=', body.forClient ?? 0)
      : q.where('a.id', '=', body.forAppliance ?? 0);
  // Shares are exposed by first-tool appliances (spec: recovery-flow 7, eligible_for_cifs_sharing).
  if (body.eligible_for_cifs_sharing) q = q.where('a.is_brc_appliance', '=', 1);
  const rows = await q
    .select((eb) => [
      'a.id',
      'a.name',
      'a.sid',
      'a.model_name',
      'a.online',
      // The appliance's systems that the actor sees (a system is scoped on its own, not by its
      // appliance).
      scoped(db, actor)
        .selectFrom('protected_systems as ps')
        .select(eb.fn.countAll<number>().as('n'))
        .where(sql.ref('ps.appliance_id'), '=', sql.ref('a.id'))
        .where('ps.service_gen', '=', SERVICE_GEN.FIRST)
        .as('devices_count'),
    ])
    .orderBy('a.name_lc')
    .offset(body.paging.offset)
    .limit(body.paging.limit)
    .execute();
  const list = rows
    .map((r) => ({
      id: Number(r.id),
      name: r.name,
      sid: r.sid,
      model_name: r.model_name,
      online: Number(r.online),
      devices_count: Number(r.devices_count ?? 0),
    }))
    .filter((a) => a.devices_count > 0);
  return { list, total: list.length };
}

/** POST /offsite_ajax/jobs {deviceId, applianceId}: jobs with points there (0 = cloud). */
export async function jobsOf(
  db: Kysely<Database>,
  actor: Actor,
  deviceId: number,
  applianceId: number,
): Promise<{ jobs: RecoveryJob[] }> {
  const system = await findInScope(db, actor, 'protected_systems', deviceId, 'This device');
  if (applianceId > 0 && Number(system.appliance_id) !== applianceId)
    throw new NotFoundError('This appliance');
  const flag = applianceId > 0 ? 'is_local' : 'is_cloud';
  const rows = await scoped(db, actor)
    .selectFrom('jobs as j')
    .select(['j.id', 'j.name', 'j.type', 'j.drives'])
    .where('j.system_id', '=', deviceId)
    .where((eb) =>
      eb.exists(
        scoped(db, actor)
          .within(correlatedTo('rp', 'job_id', 'j'))
          .selectFrom('restore_points as rp')
          .select('rp.id')
          .where(`rp.${flag}`, '=', 1),
      ),
    )
    .orderBy('j.id')
    .execute();
  return {
    jobs: rows.map((j) => {
      const drives = jobDrives(j);
      return {
        id: Number(j.id),
        name: j.name,
        type: j.type,
        drives,
        info:
          j.type === 'SERVER_ALIVE_BMR'
            ? `Whole system: ${drives.join(', ')}`
            : `Files on ${drives.join(', ')}`,
      };
    }),
  };
}
