import { type CloudLinkAnswer, type CloudShare, FabricError } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely, Updateable } from 'kysely';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { ConflictError, NotFoundError } from '../../http/errors';
import { type Actor, scoped } from '../../scope';
import { loadClient, loadReseller, pointRef } from './access';
import { cachedSelectionSize, selectionSize } from './selection-size';

// The cloud share panel (spec: recovery-flow 2 'Activity panels', 4 'Cloud share expiry'): the
// download links of files restored from the cloud, with their expiry. A link past its time is
// 'pending unmount' until the expiry sweep (the recovery.expiries schedule) ends it.

/** How many chosen paths a row names; the counts say how many more there are. */
const PATHS_SHOWN = 3;

async function list(ctx: AppContext, actor: Actor, by: { resellerId?: number; clientId?: number }) {
  const db = ctx.dbh.db;
  let q = scoped(db, actor)
    .selectFrom('download_sessions as d')
    .innerJoin('protected_systems as ps', 'ps.id', 'd.system_id')
    .innerJoin('organisations as c', 'c.id', 'd.client_id')
    .leftJoin('users as u', 'u.id', 'd.user_id')
    .select([
      'd.id',
      'd.name',
      'd.download_type',
      'd.files_count',
      'd.folders_count',
      'd.created_at',
      'd.expires_at',
      'd.client_id',
      'd.paths',
      'd.appliance_id',
      'd.restore_point_id',
      'd.rp_taken_at',
      'ps.id as system_id',
      'ps.seed',
      'ps.os_type',
      'ps.device_type',
      'ps.hostname',
      'ps.source_id',
      'ps.name as device_name',
      'c.name as client_name',
      'u.name as user_name',
    ])
    .where('d.status', '=', 'active')
    .where('d.suppressed', '=', 0)
    .where('d.location', '=', 'cloud');
  if (by.resellerId !== undefined) q = q.where('d.reseller_id', '=', by.resellerId);
  if (by.clientId !== undefined) q = q.where('d.client_id', '=', by.clientId);
  const rows = await q.orderBy('d.expires_at').limit(100).execute();
  const now = ctx.clock.now();
  return Promise.all(
    rows.map(async (r): Promise<CloudShare> => {
      const paths = JSON.parse(r.paths) as string[];
      const ref = pointRef({
        system: {
          id: r.system_id,
          seed: r.seed,
          os_type: r.os_type,
          device_type: r.device_type,
          hostname: r.hostname,
          source_id: r.source_id,
        },
        point: { id: r.restore_point_id, taken_at: r.rp_taken_at },
        applianceId: r.appliance_id === null ? null : Number(r.appliance_id),
      });
      // A link whose point its source no longer holds (a forgotten snapshot) still shows, sizeless.
      const size = await cachedSelectionSize(db, now, Number(r.id), () =>
        selectionSize(ctx.ports.files, ref, paths),
      ).catch((err: unknown) => {
        if (err instanceof FabricError) return { bytes: 0, atLeast: false };
        throw err;
      });
      return {
        id: Number(r.id),
        name: r.name,
        device_name: r.device_name,
        client_id: Number(r.client_id),
        client_name: r.client_name,
        download_type: Number(r.download_type),
        files_count: Number(r.files_count),
        folders_count: Number(r.folders_count),
        created: Number(r.created_at),
        expire_time: Number(r.expires_at),
        paths: paths.slice(0, PATHS_SHOWN),
        size: size.bytes,
        size_at_least: size.atLeast,
        created_by: r.user_name ?? '',
      };
    }),
  );
}

/** GET /reseller/get_reseller_cloud_shares/{resellerId}. */
export async function resellerCloudShares(ctx: AppContext, actor: Actor, resellerId: number) {
  await loadReseller(ctx.dbh.db, actor, resellerId);
  return { cloud_shares: await list(ctx, actor, { resellerId }), now: ctx.clock.now() };
}

/** GET /client/get_client_cloud_shares/{clientId} (the client page's panel). */
export async function clientCloudShares(ctx: AppContext, actor: Actor, clientId: number) {
  await loadClient(ctx.dbh.db, actor, clientId);
  return { cloud_shares: await list(ctx, actor, { clientId }), now: ctx.clock.now() };
}

async function loadLink(db: Kysely<Database>, actor: Actor, id: number) {
  const row = await scoped(db, actor)
    .selectFrom('download_sessions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('This cloud share');
  return row;
}

/** GET /client/load_cloud_link/{shareId}: the link behind a panel row. */
export async function loadCloudLink(ctx: AppContext, actor: Actor, id: number): Promise<CloudLinkAnswer> {
  const row = await loadLink(ctx.dbh.db, actor, id);
  const live = row.status === 'active' && Number(row.expires_at) > ctx.clock.now();
  return {
    ok: live,
    download_url: live ? `/download/${row.token}` : '',
    name: row.name,
    expire_time: Number(row.expires_at),
  };
}

/** GET /dialog/expire_cloud_link: the confirmation's texts. */
export function expireCloudLinkDialog() {
  return {
    title: 'Expire this link?',
    message: 'The download link stops working at once and the share leaves the panel. This cannot be undone.',
    confirm: 'Expire link',
  };
}

/**
 * Changes a link that is still active, for expiring it and for moving its end. The update is
 * guarded on the status too: a link the expiry sweep or another user ended meanwhile stays ended
 * and the person is told so (409), as when it had already ended before.
 */
async function changeActiveLink(
  trx: Kysely<Database>,
  actor: Actor,
  id: number,
  values: (row: Awaited<ReturnType<typeof loadLink>>) => Updateable<Database['download_sessions']>,
) {
  const row = await loadLink(trx, actor, id);
  if (row.status !== 'active') throw new ConflictError('This link has already expired.');
  const res = await scoped(trx, actor)
    .updateTable('download_sessions')
    .set(values(row))
    .where('id', '=', id)
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw new ConflictError('This link has already expired.');
  return row;
}

/** GET /ra/expire_cloud_link/{shareId}: end a link now. */
export async function expireCloudLink(ctx: AppContext, actor: Actor, id: number, ip: string) {
  const now = ctx.clock.now();
  return ctx.dbh.db.transaction().execute(async (trx) => {
    const row = await changeActiveLink(trx, actor, id, (r) => ({
      status: 'expired',
      ended_at: now,
      expires_at: Math.min(now, Number(r.expires_at)),
    }));
    await audit(trx, now, {
      actor,
      action: 'recovery.cloud_link_expire',
      targetType: 'download_session',
      targetId: id,
      details: { name: row.name },
      ip,
    });
    return { ok: true };
  });
}

/** POST /ra/set_cloud_link_expiry/{shareId}: the link now ends `hours` from now (issue 18.15). */
export async function setCloudLinkExpiry(
  ctx: AppContext,
  actor: Actor,
  id: number,
  hours: number,
  ip: string,
) {
  const now = ctx.clock.now();
  const expires = now + hours * 3_600_000;
  return ctx.dbh.db.transaction().execute(async (trx) => {
    const row = await changeActiveLink(trx, actor, id, () => ({ expires_at: expires }));
    await audit(trx, now, {
      actor,
      action: 'recovery.cloud_link_expiry',
      targetType: 'download_session',
      targetId: id,
      details: { name: row.name, hours },
      ip,
    });
    return { ok: true, expire_time: expires };
  });
}

/** GET /client/suppress_cloud_share/{shareId}: hide a row from the panel; the link still works. */
export async function suppressCloudShare(ctx: AppContext, actor: Actor, id: number, ip: string) {
  const now = ctx.clock.now();
  return ctx.dbh.db.transaction().execute(async (trx) => {
    const row = await loadLink(trx, actor, id);
    await scoped(trx, actor)
      .updateTable('download_sessions')
      .set({ suppressed: 1 })
      .where('id', '=', id)
      .execute();
    await audit(trx, now, {
      actor,
      action: 'recovery.cloud_share_suppress',
      targetType: 'download_session',
      targetId: id,
      details: { name: row.name },
      ip,
    });
    return {
      ok: true,
      dialogTitle: 'Hidden from the panel',
      dialogMsg: `${row.name} no longer shows here; its link works until it expires.`,
    };
  });
}
