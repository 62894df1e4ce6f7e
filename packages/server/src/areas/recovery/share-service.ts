import {
  type CheckShareAnswer,
  type ExposeShareAnswer,
  FabricError,
  MOUNT_EXPIRY_DEFAULT_INDEX,
  MOUNT_EXPIRY_MINUTES,
  SHARE_STATUS,
} from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { AppError, BadRequestError, ConflictError, NotFoundError } from '../../http/errors';
import { lockSubject } from '../../operations/subject-lock';
import { type Actor, findInScope, scoped } from '../../scope';
import { checkDrive, loadReseller, localPointInSecond } from './access';
import { SHARE_ACTIVATE, SHARE_LOCK, scheduleShareEnd } from './expiry-handlers';
import { type ShareRow, shareRequest } from './share-request';

// Network shares from appliance restore points (spec: recovery-flow 4 'Share exposure', 7
// 'Shares'; inventory-reports-exports-security 'Local shares feed' and 9).

/** No answer from the appliance: the wizard shows applianceOffline (spec: recovery-flow 8). */
export class ApplianceOfflineError extends AppError {
  constructor(name: string) {
    super(
      504,
      'APPLIANCE_OFFLINE',
      `The appliance ${name} did not answer. Check that it is online and try again.`,
    );
  }
}

const LABELS: Record<number, string> = { 60: '1 hour', 1440: '24 hours', 4320: '3 days', 10080: '7 days' };
const label = (m: number) =>
  LABELS[m] ?? (m < 1440 || m % 1440 !== 0 ? `${m / 60} hours` : `${m / 1440} days`);

/** The expiry choices (inventory 9), as seconds (the unit set_cifs_share_ttl takes). */
export const UNMOUNT_OPTIONS = MOUNT_EXPIRY_MINUTES.map((m) => ({ value: m * 60, label: label(m) }));
const DEFAULT_TTL_SECONDS = (MOUNT_EXPIRY_MINUTES[MOUNT_EXPIRY_DEFAULT_INDEX] ?? 1440) * 60;

export interface ExposeRequest {
  applianceId: number;
  jobId: number;
  /** The point's time in ms, from "{pointTs}000": any millisecond of that second matches. */
  pointMs: number;
  drive: string | null;
  format: string | null;
  /** dynamic or fixed, for a disk export (recovery-flow 2 setExportType). */
  exportType?: string | null;
}

/** POST /ra/expose_cifs_share/...: ask the appliance to expose the point as a share. */
export async function exposeShare(
  ctx: AppContext,
  actor: Actor,
  q: ExposeRequest,
  ip: string,
): Promise<ExposeShareAnswer> {
  const db = ctx.dbh.db;
  const now = ctx.clock.now();
  const job = await scoped(db, actor)
    .selectFrom('jobs')
    .selectAll()
    .where('id', '=', q.jobId)
    .executeTakeFirst();
  if (!job) throw new NotFoundError('This job');
  const system = await findInScope(db, actor, 'protected_systems', Number(job.system_id), 'This job');
  if (Number(system.appliance_id) !== q.applianceId) throw new NotFoundError('This appliance');
  const appliance = await findInScope(db, actor, 'appliances', q.applianceId, 'This appliance');
  const drive = checkDrive(job, q.drive);
  const point = await localPointInSecond(db, actor, { job_id: job.id }, q.pointMs);

  // One share per system (revokeMount), also under concurrency: the check and the insert run in
  // one transaction holding the system's lock on PostgreSQL; SQLite serialises transactions.
  type Claim = { open: { id: number | bigint; share_path: string } } | { row: ShareRow };
  const claimed = await db.transaction().execute(async (trx): Promise<Claim> => {
    await lockSubject(trx, `${SHARE_LOCK}:${Number(system.id)}`);
    const open = await scoped(trx, actor)
      .selectFrom('cifs_shares')
      .select(['id', 'share_path'])
      .where('system_id', '=', system.id)
      .where('status', 'in', ['exposing', 'active'])
      .limit(1)
      .executeTakeFirst();
    if (open) return { open };
    if (!appliance.online) throw new ApplianceOfflineError(appliance.name);
    const row = await scoped(trx, actor, system)
      .insertInto('cifs_shares')
      .values({
        reseller_id: Number(system.reseller_id),
        client_id: Number(system.client_id),
        system_id: Number(system.id),
        appliance_id: Number(appliance.id),
        job_id: Number(job.id),
        restore_point_id: Number(point.id),
        rp_taken_at: Number(point.taken_at),
        drive,
        user_id: actor.userId,
        created_at: now,
        format: q.format,
        export_type: q.exportType ?? null,
        status: 'exposing',
        share_path: '',
        mac_share_path: '',
        error: null,
        ttl_seconds: DEFAULT_TTL_SECONDS,
        active_at: null,
        expires_at: null,
        ended_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { row };
  });
  if ('open' in claimed) {
    // revokeMount: one share per system at a time.
    return {
      ok: false,
      exposed_share_id: Number(claimed.open.id),
      title: 'A share of this device is already open',
      // Until the appliance answers, the first share has no path to name.
      error: claimed.open.share_path
        ? `${system.name} is already shared as ${claimed.open.share_path}. Remove that share to expose another restore point.`
        : `${system.name} already has a share being opened. Wait until it is open and remove it, to expose another restore point.`,
    };
  }
  const row = claimed.row;
  const req = await shareRequest(db, row);
  if (!req) throw new NotFoundError('This restore point');
  const details = {
    system: system.name,
    appliance: appliance.name,
    restore_point_id: Number(point.id),
    drive,
    format: q.format,
  };
  try {
    const exposure = await ctx.ports.files.exposeShare(req);
    await db.transaction().execute(async (trx) => {
      await scoped(trx, actor)
        .updateTable('cifs_shares')
        .set({ share_path: exposure.sharePath, mac_share_path: exposure.macSharePath })
        .where('id', '=', row.id)
        .execute();
      await ctx.operations.enqueue(trx, {
        kind: SHARE_ACTIVATE,
        input: { id: Number(row.id) },
        resellerId: Number(row.reseller_id),
        clientId: Number(row.client_id),
        subjectType: 'cifs_share',
        subjectId: Number(row.id),
        createdBy: actor.userId,
      });
      await audit(trx, now, {
        actor,
        action: 'recovery.share_expose',
        targetType: 'cifs_share',
        targetId: Number(row.id),
        details: { ...details, share_path: exposure.sharePath },
        ip,
      });
    });
    ctx.operations.wake();
    return {
      ok: true,
      waitShare: true,
      shareId: Number(row.id),
      sharePath: exposure.sharePath,
      macSharePath: exposure.macSharePath,
      unmountOptions: UNMOUNT_OPTIONS,
      unmountDefault: MOUNT_EXPIRY_DEFAULT_INDEX,
    };
  } catch (err) {
    if (!(err instanceof FabricError)) throw err;
    await db.transaction().execute(async (trx) => {
      await scoped(trx, actor)
        .updateTable('cifs_shares')
        .set({ status: 'failed', error: err.message, ended_at: now })
        .where('id', '=', row.id)
        .where('status', '=', 'exposing')
        .execute();
      await audit(trx, now, {
        actor,
        action: 'recovery.share_expose_failed',
        targetType: 'cifs_share',
        targetId: Number(row.id),
        details: { ...details, code: err.code, error: err.message },
        ip,
      });
    });
    if (err.code === 'APPLIANCE_OFFLINE') throw new ApplianceOfflineError(appliance.name);
    if (err.code === 'FORMAT_REFUSED')
      return { ok: false, try_vhdx: true, title: 'Switch to VHDX', error: err.message };
    return { ok: false, title: 'The share could not be created', error: err.message };
  }
}

async function loadShare(db: Kysely<Database>, actor: Actor, id: number): Promise<ShareRow> {
  const share = await scoped(db, actor)
    .selectFrom('cifs_shares')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!share) throw new NotFoundError('This share');
  return share;
}

const STATUS: Record<ShareRow['status'], CheckShareAnswer['status']> = {
  exposing: SHARE_STATUS.PENDING,
  active: SHARE_STATUS.ACTIVE,
  failed: SHARE_STATUS.FAILED,
  expired: SHARE_STATUS.ENDED,
  suppressed: SHARE_STATUS.ENDED,
};

/** GET /ra/check_exposing_cifs_share/{shareId}: polled until EXPOSE_SHARE_ACTIVE. */
export async function checkShare(db: Kysely<Database>, actor: Actor, id: number): Promise<CheckShareAnswer> {
  const s = await loadShare(db, actor, id);
  return {
    status: STATUS[s.status],
    sharePath: s.share_path,
    macSharePath: s.mac_share_path,
    expireTime: s.expires_at === null ? null : Number(s.expires_at),
    error: s.error,
  };
}

/** POST /share/set_cifs_share_ttl/{shareId}/{seconds}: a new lifetime, counted from now. */
export async function setShareTtl(ctx: AppContext, actor: Actor, id: number, seconds: number, ip: string) {
  if (!UNMOUNT_OPTIONS.some((o) => o.value === seconds))
    throw new BadRequestError(
      `Choose one of the expiry times: ${UNMOUNT_OPTIONS.map((o) => o.label).join(', ')}.`,
    );
  const now = ctx.clock.now();
  const newExpireTime = now + seconds * 1000;
  await ctx.dbh.db.transaction().execute(async (trx) => {
    const share = await loadShare(trx, actor, id);
    if (share.status !== 'active' && share.status !== 'exposing')
      throw new ConflictError('This share has already ended.');
    const active = share.status === 'active';
    // Guarded on the status read: if the share was activated or removed meanwhile, nothing changes.
    const res = await scoped(trx, actor)
      .updateTable('cifs_shares')
      .set({ ttl_seconds: seconds, expires_at: active ? newExpireTime : null })
      .where('id', '=', id)
      .where('status', '=', share.status)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0)
      throw new ConflictError('This share changed meanwhile. Open it again and choose the expiry.');
    // The expiry sweep (recovery.expiries) ends it at the new time.
    await audit(trx, now, {
      actor,
      action: 'recovery.share_expiry',
      targetType: 'cifs_share',
      targetId: id,
      details: { seconds, expires_at: newExpireTime, share_path: share.share_path },
      ip,
    });
  });
  return { ok: true, newExpireTime };
}

/** GET /share/suppress_cifs_share/{id}: remove the share now; it leaves the feed at once. */
export async function suppressShare(ctx: AppContext, actor: Actor, id: number, ip: string) {
  const now = ctx.clock.now();
  const answer = await ctx.dbh.db.transaction().execute(async (trx) => {
    const share = await loadShare(trx, actor, id);
    if (share.status !== 'active' && share.status !== 'exposing')
      return {
        ok: false,
        dialogTitle: 'Share already unmounted',
        dialogMsg: 'This share has already ended; nothing was changed.',
      };
    const res = await scoped(trx, actor)
      .updateTable('cifs_shares')
      .set({ status: 'suppressed', ended_at: now })
      .where('id', '=', id)
      .where('status', 'in', ['active', 'exposing'])
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0)
      return {
        ok: false,
        dialogTitle: 'Share already unmounted',
        dialogMsg: 'This share has already ended; nothing was changed.',
      };
    await scheduleShareEnd(ctx.operations, trx, share, { createdBy: actor.userId });
    await audit(trx, now, {
      actor,
      action: 'recovery.share_suppress',
      targetType: 'cifs_share',
      targetId: id,
      details: { share_path: share.share_path },
      ip,
    });
    return {
      ok: true,
      dialogTitle: 'Share unmounted',
      dialogMsg: `${share.share_path || 'The share'} is being unmounted from the appliance and can no longer be opened.`,
    };
  });
  if (answer.ok) ctx.operations.wake();
  return answer;
}

/** GET /share/display_cifs_share_path/{id}. */
export async function displaySharePath(db: Kysely<Database>, actor: Actor, id: number) {
  const share = await loadShare(db, actor, id);
  const system = await scoped(db, actor)
    .selectFrom('protected_systems')
    .select('name')
    .where('id', '=', share.system_id)
    .executeTakeFirst();
  const live = share.status === 'active' || share.status === 'exposing';
  return {
    ok: live,
    dialogTitle: 'Share path',
    dialogHeader: system?.name ?? 'Device',
    dialogMsg: live
      ? 'Open the path from a Windows computer on the appliance’s network, or the Mac path from Finder (Go > Connect to Server).'
      : 'This share has ended.',
    smbPath: share.share_path,
    macSharePath: share.mac_share_path,
  };
}

/** The choice nearest to the time a share has left, so saving unchanged never shortens it. */
export function nearestChoice(remainingSeconds: number): number {
  let best = 0;
  UNMOUNT_OPTIONS.forEach((o, i) => {
    const chosen = UNMOUNT_OPTIONS[best]?.value ?? 0;
    if (Math.abs(o.value - remainingSeconds) < Math.abs(chosen - remainingSeconds)) best = i;
  });
  return best;
}

/**
 * GET /share/load_edit_expire_dialog/{id}: the choices of the expiry editor. It opens at the
 * share's current expiry (the spec's default of 24 hours is for a new share, inventory 9).
 */
export async function editExpireDialog(db: Kysely<Database>, actor: Actor, id: number, now: number) {
  const share = await loadShare(db, actor, id);
  if (share.status !== 'active' && share.status !== 'exposing')
    throw new ConflictError('This share has already ended.');
  const expireTime = share.expires_at === null ? null : Number(share.expires_at);
  const remainingSeconds = expireTime === null ? null : Math.max(0, Math.round((expireTime - now) / 1000));
  return {
    html: 'Choose how long the share stays mounted, counted from now.',
    expireTime,
    remainingSeconds,
    choices: UNMOUNT_OPTIONS,
    defaultIndex: remainingSeconds === null ? MOUNT_EXPIRY_DEFAULT_INDEX : nearestChoice(remainingSeconds),
  };
}

/** GET /reseller/get_reseller_exposed_local_shares/{resellerId}: the live shares, newest first. */
export async function resellerLocalShares(db: Kysely<Database>, actor: Actor, resellerId: number) {
  await loadReseller(db, actor, resellerId);
  const rows = await scoped(db, actor)
    .selectFrom('cifs_shares as s')
    .innerJoin('protected_systems as ps', 'ps.id', 's.system_id')
    .innerJoin('organisations as c', 'c.id', 's.client_id')
    .leftJoin('appliances as a', 'a.id', 's.appliance_id')
    .select([
      's.id',
      's.share_path',
      's.status',
      's.created_at',
      's.expires_at',
      'ps.name as device_name',
      'a.name as appliance_name',
      'c.name as client_name',
    ])
    .where('s.reseller_id', '=', resellerId)
    .where('s.status', 'in', ['exposing', 'active'])
    .orderBy('s.created_at', 'desc')
    .limit(100)
    .execute();
  return {
    local_shares: rows.map((r) => ({
      id: Number(r.id),
      share_id: Number(r.id),
      device_name: r.device_name,
      appliance_name: r.appliance_name ?? '',
      client_name: r.client_name,
      share_path: r.share_path,
      status: r.status as 'exposing' | 'active',
      created_at: Number(r.created_at),
      expire_time: r.expires_at === null ? null : Number(r.expires_at),
    })),
  };
}
