import {
  dayKeyIn,
  dayStartIn,
  FabricError,
  type RbDeviceRow,
  type RbRestorePointsAnswer,
  type RecoveryOptionsAnswer,
  zoneOrUtc,
} from '@lifeboat/contract';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { BadRequestError } from '../../http/errors';
import { type Actor, scoped } from '../../scope';
import { azureReseller } from '../azure/service';
import { loadClient } from '../recovery/access';
import { checkSystemPassword } from './password-guard';
import {
  checkAppliance,
  type Db,
  latestCloudPoint,
  loadCloudPoint,
  loadRbSystem,
  pointRef,
  SECOND_TOOL,
  type SystemRow,
} from './rb-access';

// The second tool's way to an FTPS export, up to the start (spec: recovery-flow 2 typeRB and the
// second-tool steps, 4 'Recovery point selection', 5, 7 'Second tool (FTPS)'). The export itself
// is export-service.ts; credentials, the feed and discard are feed-service.ts.

// --- typeRB ----------------------------------------------------------------------------------

/** How many systems of a backup source the options look into for a disk image (a restic read each, once). */
const MAX_SOURCE_SYSTEMS = 20;

/**
 * What a system read from a backup source can be recovered as (issue 25.5): its latest point's
 * disk images through the files port; null where the source makes its disks itself (simulated).
 * A source that cannot be read now offers no disk (its files say why when browsed).
 */
async function sourceDisks(
  ctx: Pick<AppContext, 'ports'>,
  system: SystemRow,
  point: { id: unknown; taken_at: unknown },
) {
  try {
    const images = await ctx.ports.files.diskImages?.(pointRef(system, point));
    return images === undefined ? null : images;
  } catch (err) {
    if (err instanceof FabricError) return [];
    throw err;
  }
}

export async function recoveryOptions(
  ctx: AppContext,
  actor: Actor,
  q: { clientId: number; applianceId: number; deviceId: number | null },
): Promise<RecoveryOptionsAnswer> {
  const db = ctx.dbh.db;
  const client = await loadClient(db, actor, q.clientId);
  await checkAppliance(db, actor, Number(client.id), q.applianceId);
  let systems = scoped(db, actor)
    .selectFrom('protected_systems')
    .selectAll()
    .where('client_id', '=', client.id)
    .where('service_gen', '=', SECOND_TOOL);
  if (q.applianceId > 0) systems = systems.where('appliance_id', '=', q.applianceId);
  if (q.deviceId !== null) {
    await loadRbSystem(db, actor, q.deviceId);
    systems = systems.where('id', '=', q.deviceId);
  }
  const rows = await systems.execute();
  const any = rows.length > 0;
  const osDiskable = (r: SystemRow) => r.os_type !== 'MAC_OS_X' && r.os_type !== 'NAS';
  // The simulator's systems: by their OS, as the spec says. Systems of a real source (restic):
  // a virtual disk only where the latest point holds a disk image, and never a virtual office or
  // Azure (there is no bootable system to start, only an image to convert).
  const simulated = rows.filter((r) => r.source_id === null && osDiskable(r));
  let sourceImage = false;
  let sourceSimulated = false;
  for (const r of rows.filter((s) => s.source_id !== null).slice(0, MAX_SOURCE_SYSTEMS)) {
    if (sourceImage && sourceSimulated) break;
    const latest = await scoped(db, actor)
      .selectFrom('restore_points')
      .select(['id', 'taken_at'])
      .where('system_id', '=', r.id)
      .where('is_cloud', '=', 1)
      .orderBy('taken_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!latest) continue;
    const disks = await sourceDisks(ctx, r, latest);
    if (disks === null) sourceSimulated ||= osDiskable(r);
    else sourceImage ||= disks.length > 0;
  }
  const diskable = simulated.length > 0 || sourceSimulated;
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
    ftps_export_virtual_disk: diskable || sourceImage,
    azure_direct_restore: azure,
    virtual_disk_download: sourceImage,
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
    ctx.dbh.db,
    { systemId: Number(system.id), userId: actor.userId, hash: system.password_hash, password },
    ctx.clock.now(),
  );
  return { isPasswordCorrect: ok };
}

// --- selectRestorePoint ----------------------------------------------------------------------

const pad = (n: number) => String(n).padStart(2, '0');
const monthKey = (year: number, month: number) => `${year}-${pad(month)}-01`;

/**
 * GET .../get_rb_device_restore_points/{machineId}/{year}/{month}: the month's cloud points by
 * day, month and days in the user's time zone (issue 24), the zone the web app writes them in.
 */
export async function rbRestorePoints(
  db: Db,
  actor: Actor,
  q: { machineId: number; year: number; month: number },
): Promise<RbRestorePointsAnswer> {
  const system = await loadRbSystem(db, actor, q.machineId);
  const zone = zoneOrUtc(actor.timeZone);
  const from = dayStartIn(monthKey(q.year, q.month), zone);
  const to = dayStartIn(monthKey(q.month === 12 ? q.year + 1 : q.year, (q.month % 12) + 1), zone);
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
    const ts = Number(p.taken_at);
    const wall = new Date(Date.parse(`${dayKeyIn(ts, zone)}T00:00:00Z`));
    const day = String(wall.getUTCDate());
    const time = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit' });
    restorePoints[day] ??= [{ label: 'Choose a restore point', value: '0' }];
    restorePoints[day].push({ label: time.format(ts), value: String(p.id), ts });
  }
  const latest = await latestCloudPoint(db, actor, Number(system.id));
  let newOffset = 0;
  if (latest !== null) {
    const [y, m] = dayKeyIn(latest, zone).split('-').map(Number);
    newOffset = (y ?? 0) * 12 + (m ?? 1) - 1 - (q.year * 12 + q.month - 1);
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
  return {
    path: q.path,
    entries: entries.map((e) => ({ name: e.name, type: e.type, size: e.size, modifiedAt: e.modifiedAt })),
  };
}
