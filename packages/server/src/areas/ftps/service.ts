import { randomBytes, randomUUID } from 'node:crypto';
import {
  FTP_CLIENTS_LINK,
  FTPS_EXPORT_TYPES,
  FTPS_FORMATS,
  type FtpsCredentialsAnswer,
  type FtpsDiscardAnswer,
  type FtpsExportRecord,
  type FtpsStatusAnswer,
  RB_INELIGIBLE_TEXT,
  type RbDeviceRow,
  type RbRestorePointsAnswer,
  type RecoveryOptionsAnswer,
  type RestorePointRef,
  rbIneligibility,
} from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import { type Kysely, type Selectable, sql } from 'kysely';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { BadRequestError, NotFoundError } from '../../http/errors';
import { enqueueForRow } from '../../operations/for-row';
import { type Actor, findInScope, scoped } from '../../scope';
import { azureReseller } from '../azure/service';
import { loadClient, loadReseller, pointColumns } from '../recovery/access';
import { FTPS_DISCARD, FTPS_EXPORT } from './handlers';
import { ExportTooLargeError, measureSelection } from './materialize';
import { checkSystemPassword } from './password-guard';
import { open, seal } from './secret-box';

// The second tool's FTPS export (spec: recovery-flow 2 typeRB and the second-tool steps, 4 'FTPS
// export' and 'Recovery point selection', 5, 7 'Second tool (FTPS)'; inventory 3, 4, 7).

type Db = Kysely<Database>;
type SystemRow = Selectable<Database['protected_systems']>;
const SECOND_TOOL = 4;

/** A second-tool system of the actor's scope; anything else is not found. */
async function loadRbSystem(db: Db, actor: Actor, id: number): Promise<SystemRow> {
  const system = await findInScope(db, actor, 'protected_systems', id, 'This device');
  if (Number(system.service_gen) !== SECOND_TOOL) throw new NotFoundError('This device');
  return system;
}

/** An appliance filter (0: every appliance) must name an appliance of the client (else 404). */
async function checkAppliance(db: Db, actor: Actor, clientId: number, applianceId: number): Promise<void> {
  if (applianceId === 0) return;
  const appliance = await findInScope(db, actor, 'appliances', applianceId, 'This appliance');
  if (Number(appliance.client_id) !== clientId) throw new NotFoundError('This appliance');
}

/** A cloud restore point of the system; anything else is not found. */
async function loadCloudPoint(db: Db, actor: Actor, system: SystemRow, id: number) {
  const point = await scoped(db, actor)
    .selectFrom('restore_points')
    .select(['id', 'taken_at'])
    .where('id', '=', id)
    .where('system_id', '=', system.id)
    .where('is_cloud', '=', 1)
    .executeTakeFirst();
  if (!point) throw new NotFoundError('This restore point');
  return point;
}

/** The files port's reference to a cloud restore point of the system. */
function pointRef(system: SystemRow, point: { id: unknown; taken_at: unknown }): RestorePointRef {
  return {
    systemId: Number(system.id),
    applianceId: null,
    restorePointId: Number(point.id),
    takenAt: Number(point.taken_at),
    seed: Number(system.seed),
    osType: system.os_type,
    deviceType: system.device_type,
    hostname: system.hostname,
  };
}

async function latestCloudPoint(db: Db, actor: Actor, systemId: number): Promise<number | null> {
  const r = await scoped(db, actor)
    .selectFrom('restore_points')
    .select((eb) => eb.fn.max('taken_at').as('at'))
    .where('system_id', '=', systemId)
    .where('is_cloud', '=', 1)
    .executeTakeFirst();
  return r?.at === null || r?.at === undefined ? null : Number(r.at);
}

// --- typeRB ----------------------------------------------------------------------------------

export async function recoveryOptions(
  db: Db,
  actor: Actor,
  q: { clientId: number; applianceId: number; deviceId: number | null },
): Promise<RecoveryOptionsAnswer> {
  const client = await loadClient(db, actor, q.clientId);
  await checkAppliance(db, actor, Number(client.id), q.applianceId);
  let systems = scoped(db, actor)
    .selectFrom('protected_systems')
    .select(['id', 'os_type'])
    .where('client_id', '=', client.id)
    .where('service_gen', '=', SECOND_TOOL);
  if (q.applianceId > 0) systems = systems.where('appliance_id', '=', q.applianceId);
  if (q.deviceId !== null) {
    await loadRbSystem(db, actor, q.deviceId);
    systems = systems.where('id', '=', q.deviceId);
  }
  const rows = await systems.execute();
  const any = rows.length > 0;
  const diskable = rows.some((r) => r.os_type !== 'MAC_OS_X' && r.os_type !== 'NAS');
  // recovery-flow 2, 6: Azure direct restore only for a reseller with azure_restore_enabled (never
  // the provider's staff), and only where a system could be restored as disks.
  const azure =
    diskable &&
    (await azureReseller(db, actor).then(
      () => true,
      () => false,
    ));
  return {
    // The cloud virtual office (issue 16) starts what can run as a virtual machine.
    cloud_vo: diskable,
    ftps_export_ffr: any,
    ftps_export_virtual_disk: diskable,
    azure_direct_restore: azure,
  };
}

// --- rbSetDevice -----------------------------------------------------------------------------

export const RB_COLUMNS = [
  { key: 'psName', title: 'Protected system', sortable: true },
  { key: 'applianceName', title: 'Appliance', sortable: true },
  { key: 'systemType', title: 'Type', sortable: true },
  { key: 'latestCloudRp', title: 'Latest cloud restore point', sortable: true },
];

export async function rbDevices(
  db: Db,
  actor: Actor,
  clientId: number,
  applianceId: number,
): Promise<RbDeviceRow[]> {
  const client = await loadClient(db, actor, clientId);
  await checkAppliance(db, actor, Number(client.id), applianceId);
  let q = scoped(db, actor)
    .selectFrom('protected_systems as s')
    .leftJoin('appliances as a', 'a.id', 's.appliance_id')
    .select([
      's.id',
      's.name',
      's.device_type',
      's.os_type',
      's.password_protected',
      'a.name as appliance_name',
      sql<
        number | null
      >`(select max(rp.taken_at) from restore_points rp where rp.system_id = s.id and rp.is_cloud = 1)`.as(
        'latest',
      ),
    ])
    .where('s.client_id', '=', client.id)
    .where('s.service_gen', '=', SECOND_TOOL)
    .orderBy('s.name_lc');
  if (applianceId > 0) q = q.where('s.appliance_id', '=', applianceId);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: Number(r.id),
    psName: r.name,
    applianceName: r.appliance_name ?? 'Direct to cloud',
    systemType: r.device_type,
    systemOsType: r.os_type,
    latestCloudRp: r.latest === null ? null : Number(r.latest),
    // A valid protected system: one with a cloud restore point to export.
    ftpsAllowed: r.latest !== null,
    isPasswordProtected: Number(r.password_protected) === 1,
  }));
}

// --- setPsPassword ---------------------------------------------------------------------------

export async function verifyPsPassword(ctx: AppContext, actor: Actor, machineId: number, password: string) {
  const system = await loadRbSystem(ctx.dbh.db, actor, machineId);
  if (!Number(system.password_protected)) return { isPasswordCorrect: true };
  const ok = await checkSystemPassword(
    { systemId: Number(system.id), userId: actor.userId, hash: system.password_hash, password },
    ctx.clock.now(),
  );
  return { isPasswordCorrect: ok };
}

// --- selectRestorePoint ----------------------------------------------------------------------

const pad = (n: number) => String(n).padStart(2, '0');

export async function rbRestorePoints(
  db: Db,
  actor: Actor,
  q: { machineId: number; year: number; month: number },
): Promise<RbRestorePointsAnswer> {
  const system = await loadRbSystem(db, actor, q.machineId);
  const from = Date.UTC(q.year, q.month - 1, 1);
  const to = Date.UTC(q.year, q.month, 1);
  const points = await scoped(db, actor)
    .selectFrom('restore_points')
    .select(['id', 'taken_at'])
    .where('system_id', '=', system.id)
    .where('is_cloud', '=', 1)
    .where('taken_at', '>=', from)
    .where('taken_at', '<', to)
    .orderBy('taken_at')
    .execute();
  const restorePoints: RbRestorePointsAnswer['restorePoints'] = {};
  for (const p of points) {
    const d = new Date(Number(p.taken_at));
    const day = String(d.getUTCDate());
    restorePoints[day] ??= [{ label: 'Choose a restore point', value: '0' }];
    restorePoints[day].push({
      label: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`,
      value: String(p.id),
    });
  }
  const latest = await latestCloudPoint(db, actor, Number(system.id));
  let newOffset = 0;
  if (latest !== null) {
    const l = new Date(latest);
    newOffset = l.getUTCFullYear() * 12 + l.getUTCMonth() - (q.year * 12 + q.month - 1);
  }
  return { days: Object.keys(restorePoints).map(Number), restorePoints, newOffset };
}

export async function rbBrowse(
  ctx: AppContext,
  actor: Actor,
  q: { machineId: number; restorePoint: number; path: string },
) {
  const db = ctx.dbh.db;
  const system = await loadRbSystem(db, actor, q.machineId);
  const point = await loadCloudPoint(db, actor, system, q.restorePoint);
  const entries = await ctx.ports.files.listFiles(pointRef(system, point), q.path);
  if (!entries) throw new BadRequestError(`"${q.path}" is not a folder of this restore point.`);
  return { path: q.path, entries: entries.map((e) => ({ name: e.name, type: e.type, size: e.size })) };
}

// --- start and status ------------------------------------------------------------------------

export interface StartRequest {
  machineId: number;
  restorePoint: number;
  type: string;
  format: string;
  exportType: string | null;
  paths: string[];
  password?: string;
}

export async function startExport(ctx: AppContext, actor: Actor, r: StartRequest, ip: string) {
  const db = ctx.dbh.db;
  const system = await loadRbSystem(db, actor, r.machineId);
  const point = await loadCloudPoint(db, actor, system, r.restorePoint);
  if (r.type !== 'ffr' && r.type !== 'disk')
    throw new BadRequestError('The export type must be ffr or disk.');
  const disk = r.type === 'disk';
  const format = r.format.toUpperCase();
  if (disk && !(FTPS_FORMATS as readonly string[]).includes(format))
    throw new BadRequestError(`The disk format must be one of ${FTPS_FORMATS.join(', ')}.`);
  if (r.exportType !== null && !(FTPS_EXPORT_TYPES as readonly string[]).includes(r.exportType))
    throw new BadRequestError(`The export type must be one of ${FTPS_EXPORT_TYPES.join(', ')}.`);
  const latest = await latestCloudPoint(db, actor, Number(system.id));
  const why = rbIneligibility({ systemOsType: system.os_type, ftpsAllowed: latest !== null }, disk);
  if (why) throw new BadRequestError(RB_INELIGIBLE_TEXT[why]);
  const paths = [...new Set(r.paths)];
  if (!disk) {
    if (paths.length === 0)
      throw new BadRequestError('Choose at least one folder or file to export.', { paths: 'Required.' });
    const ref = pointRef(system, point);
    for (const p of paths) {
      if (!(await ctx.ports.files.statFile(ref, p)))
        throw new BadRequestError(`"${p}" is not in this restore point.`, { paths: 'Unknown path.' });
    }
    // The export's limits, checked here so the wizard says so at once (materialize.ts).
    try {
      await measureSelection(ctx, ref, paths);
    } catch (err) {
      if (err instanceof ExportTooLargeError) throw new BadRequestError(err.message, { paths: 'Too large.' });
      throw err;
    }
  }
  if (Number(system.password_protected)) {
    const ok = await checkSystemPassword(
      {
        systemId: Number(system.id),
        userId: actor.userId,
        hash: system.password_hash,
        password: r.password ?? '',
      },
      ctx.clock.now(),
    );
    if (!ok) throw new BadRequestError('The password is incorrect.', { password: 'Password incorrect.' });
  }

  const now = ctx.clock.now();
  const uuid = randomUUID();
  const stamp = new Date(Number(point.taken_at)).toISOString().slice(0, 16).replace('T', ' ');
  const name = disk ? `${system.name} ${format} disk, ${stamp} UTC` : `${system.name} files, ${stamp} UTC`;
  await db.transaction().execute(async (trx) => {
    const inserted = await scoped(trx, actor, system)
      .insertInto('ftps_exports')
      .values({
        uuid,
        ...pointColumns(system, point),
        type: disk ? 'disk' : 'ffr',
        format: disk ? (format as 'VHD' | 'VHDX' | 'VMDK') : null,
        export_type: disk ? (r.exportType ?? 'fixed') : null,
        paths: JSON.stringify(disk ? [] : paths),
        name,
        status: 'running',
        login: `lb-${randomBytes(6).toString('hex')}`,
        password_enc: seal(ctx.config.secretKey, randomBytes(12).toString('base64url')),
        password_protected: Number(system.password_protected) ? 1 : 0,
        expiration_days: ctx.config.ftpsExpirationDays,
        user_id: actor.userId,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(inserted.id);
    await enqueueForRow(ctx.operations, trx, actor, 'ftps_exports', {
      kind: FTPS_EXPORT,
      input: { id },
      resellerId: Number(system.reseller_id),
      clientId: Number(system.client_id),
      subjectType: 'ftps_export',
      subjectId: id,
      createdBy: actor.userId,
    });
    await audit(trx, now, {
      actor,
      action: 'ftps.export.start',
      targetType: 'ftps_export',
      targetId: id,
      details: {
        system_id: Number(system.id),
        restore_point_id: Number(point.id),
        type: r.type,
        format: disk ? format : null,
        paths,
      },
      ip,
    });
  });
  ctx.operations.wake();
  return { export_uuid: uuid };
}

export async function exportStatus(db: Db, actor: Actor, uuid: string): Promise<FtpsStatusAnswer> {
  const row = await scoped(db, actor)
    .selectFrom('ftps_exports')
    .select(['id', 'status', 'rp_in_use', 'error', 'operation_id'])
    .where('uuid', '=', uuid)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('This export');
  const base = { export_id: Number(row.id), rpInUseError: false, isRecoverError: false, error: null };
  if (row.status === 'running') {
    const op =
      row.operation_id === null
        ? undefined
        : await scoped(db, actor)
            .selectFrom('operations')
            .select(['progress', 'step'])
            .where('id', '=', row.operation_id)
            .executeTakeFirst();
    return { ...base, status: 'RUNNING', percent: Number(op?.progress ?? 0), step: op?.step ?? null };
  }
  if (row.status === 'failed') {
    const inUse = Number(row.rp_in_use) === 1;
    return {
      ...base,
      status: 'ERROR',
      percent: 0,
      step: null,
      rpInUseError: inUse,
      isRecoverError: !inUse,
      error: row.error ?? 'The export could not be completed.',
    };
  }
  return { ...base, status: 'COMPLETED', percent: 100, step: 'Export ready' };
}

// --- credentials, feed, discard --------------------------------------------------------------

export async function revealCredentials(
  ctx: AppContext,
  actor: Actor,
  exportId: number,
  password: string | undefined,
  ip: string,
): Promise<FtpsCredentialsAnswer> {
  const db = ctx.dbh.db;
  const row = await scoped(db, actor)
    .selectFrom('ftps_exports as e')
    .innerJoin('protected_systems as s', 's.id', 'e.system_id')
    .select([
      'e.id',
      'e.status',
      'e.login',
      'e.password_enc',
      'e.password_protected',
      'e.expires_at',
      'e.expiration_days',
      's.id as system_id',
      's.password_hash',
    ])
    .where('e.id', '=', exportId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('This export');
  const now = ctx.clock.now();
  if (row.status !== 'ready' || row.expires_at === null || Number(row.expires_at) <= now)
    throw new BadRequestError(
      'This export is not available: it is still running, has failed, expired or was discarded.',
    );
  if (Number(row.password_protected)) {
    const ok = await checkSystemPassword(
      {
        systemId: Number(row.system_id),
        userId: actor.userId,
        hash: row.password_hash,
        password: password ?? '',
      },
      now,
    );
    if (!ok) {
      await audit(db, now, {
        actor,
        action: 'ftps.credentials.refused',
        targetType: 'ftps_export',
        targetId: exportId,
        ip,
      });
      return { error: 'Password incorrect.' };
    }
  }
  await audit(db, now, {
    actor,
    action: 'ftps.credentials.reveal',
    targetType: 'ftps_export',
    targetId: exportId,
    ip,
  });
  const days = Math.max(0, Math.ceil((Number(row.expires_at) - now) / 86_400_000));
  return {
    credentials: {
      host: ctx.config.ftpsPublicHost,
      port: ctx.config.ftpsPort,
      login: row.login,
      password: open(ctx.config.secretKey, row.password_enc),
      expirationDays: days,
      ftpClientsLink: FTP_CLIENTS_LINK,
    },
  };
}

const RECENT_DISCARDED_MS = 86_400_000;

export async function exportRecords(
  db: Db,
  actor: Actor,
  q: { resellerId: number; clientId: number; type: 'ffr' | 'disk'; now: number },
): Promise<FtpsExportRecord[]> {
  let clientId: number | null = null;
  if (q.clientId > 0) {
    const client = await loadClient(db, actor, q.clientId);
    if (Number(client.reseller_id) !== q.resellerId) throw new NotFoundError('This client');
    clientId = Number(client.id);
  } else {
    await loadReseller(db, actor, q.resellerId);
  }
  let query = scoped(db, actor)
    .selectFrom('ftps_exports as e')
    .innerJoin('protected_systems as s', 's.id', 'e.system_id')
    .innerJoin('organisations as c', 'c.id', 'e.client_id')
    .select([
      'e.id',
      'e.name',
      'e.type',
      'e.format',
      'e.password_protected',
      'e.expires_at',
      'e.status',
      'e.created_at',
      'e.size_bytes',
      's.name as system_name',
      'c.name as client_name',
    ])
    .where('e.reseller_id', '=', q.resellerId)
    .where('e.type', '=', q.type)
    .where((eb) =>
      eb.or([eb('e.status', '!=', 'discarded'), eb('e.ended_at', '>', q.now - RECENT_DISCARDED_MS)]),
    )
    .orderBy('e.created_at', 'desc')
    .limit(200);
  if (clientId !== null) query = query.where('e.client_id', '=', clientId);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    type: r.type,
    format: r.format,
    password_protected: Number(r.password_protected) === 1,
    expire: r.expires_at === null ? null : Math.floor(Number(r.expires_at) / 1000),
    status: r.status,
    system_name: r.system_name,
    client_name: r.client_name,
    created_at: Number(r.created_at),
    size_bytes: Number(r.size_bytes),
  }));
}

export async function discardExport(
  ctx: AppContext,
  actor: Actor,
  id: number,
  ip: string,
): Promise<FtpsDiscardAnswer> {
  const db = ctx.dbh.db;
  const row = await scoped(db, actor)
    .selectFrom('ftps_exports')
    .select(['id', 'status', 'reseller_id', 'client_id', 'expires_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('This export');
  const now = ctx.clock.now();
  const expired = row.status === 'expired' || (row.expires_at !== null && Number(row.expires_at) <= now);
  if (row.status === 'discarding' || row.status === 'discarded' || expired)
    return { error: true, message: { text: 'Not discarded', info: 'This export is already being removed.' } };
  if (row.status === 'running')
    return {
      error: true,
      message: { text: 'Not discarded', info: 'The export is still running: wait until it ends.' },
    };
  await db.transaction().execute(async (trx) => {
    await scoped(trx, actor)
      .updateTable('ftps_exports')
      .set({ status: 'discarding' })
      .where('id', '=', row.id)
      .execute();
    await ctx.operations.enqueue(trx, {
      kind: FTPS_DISCARD,
      input: { id: Number(row.id) },
      resellerId: Number(row.reseller_id),
      clientId: Number(row.client_id),
      subjectType: 'ftps_export',
      subjectId: Number(row.id),
      createdBy: actor.userId,
    });
    await audit(trx, now, {
      actor,
      action: 'ftps.export.discard',
      targetType: 'ftps_export',
      targetId: id,
      ip,
    });
  });
  ctx.operations.wake();
  return {
    error: false,
    message: { text: 'Discarding', info: 'The FTPS user and the files are being removed.' },
  };
}
