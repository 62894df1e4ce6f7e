import { FabricError } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { OperationsEngine } from '../../operations/engine';
import type { OperationHandler } from '../../operations/types';
import { type ShareRow, shareRequest } from './share-request';

// Operations of the recovery area (see operations/README.md 'Kinds'):
// - recovery.share_activate: wait for the appliance to publish an exposed share, then start
//   its lifetime and schedule its end;
// - recovery.share_end: unmount a share when its time comes (or after a suppression);
// - recovery.download_expire: a download link ends 7 days after creation and leaves the feeds.
// Each re-checks the row, so a duplicate or stale run (the expiry was moved) changes nothing.

export const SHARE_ACTIVATE = 'recovery.share_activate';
export const SHARE_END = 'recovery.share_end';
export const DOWNLOAD_EXPIRE = 'recovery.download_expire';

/** Queue the end of a share (at its expiry, or now after a suppression). */
export function scheduleShareEnd(
  operations: OperationsEngine,
  trx: Kysely<Database>,
  share: Pick<ShareRow, 'id' | 'reseller_id' | 'client_id'>,
  opts: { runAfter?: number; createdBy?: number },
): Promise<number> {
  return operations.enqueue(trx, {
    kind: SHARE_END,
    input: { id: Number(share.id) },
    resellerId: Number(share.reseller_id),
    clientId: Number(share.client_id),
    subjectType: 'cifs_share',
    subjectId: Number(share.id),
    ...opts,
  });
}

const byId = z.object({ id: z.number().int().positive() });

export function shareActivateHandler(
  ctx: Pick<AppContext, 'dbh' | 'fabric' | 'operations'>,
): OperationHandler {
  return async ({ input, progress, complete, clock }) => {
    const { id } = byId.parse(input);
    const db = ctx.dbh.db;
    const share = await db.selectFrom('cifs_shares').selectAll().where('id', '=', id).executeTakeFirst();
    if (share?.status !== 'exposing') return { skipped: 'not exposing' };
    const req = await shareRequest(db, share);
    if (!req) return { skipped: 'gone' };
    try {
      await ctx.fabric.waitShareActive(req, { report: progress });
    } catch (err) {
      if (!(err instanceof FabricError)) throw err;
      // The appliance gave up: the share ends as failed, so it no longer blocks a new one.
      return complete(async (trx) => {
        await trx
          .updateTable('cifs_shares')
          .set({ status: 'failed', error: err.message, ended_at: clock.now() })
          .where('id', '=', id)
          .where('status', '=', 'exposing')
          .execute();
        return { status: 'failed' };
      });
    }
    return complete(async (trx) => {
      const now = clock.now();
      const current = await trx
        .selectFrom('cifs_shares')
        .select(['status', 'ttl_seconds'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (current?.status !== 'exposing') return { skipped: 'not exposing' };
      const expiresAt = now + Number(current.ttl_seconds) * 1000;
      await trx
        .updateTable('cifs_shares')
        .set({ status: 'active', active_at: now, expires_at: expiresAt })
        .where('id', '=', id)
        .execute();
      await scheduleShareEnd(ctx.operations, trx, share, { runAfter: expiresAt });
      return { status: 'active', expires_at: expiresAt };
    });
  };
}

export function shareEndHandler(ctx: Pick<AppContext, 'dbh' | 'fabric'>): OperationHandler {
  return async ({ input, complete, clock }) => {
    const { id } = byId.parse(input);
    const db = ctx.dbh.db;
    const share = await db.selectFrom('cifs_shares').selectAll().where('id', '=', id).executeTakeFirst();
    if (!share) return { skipped: 'gone' };
    const due =
      share.status === 'suppressed' || (share.status === 'active' && Number(share.expires_at) <= clock.now());
    // A later expiry was chosen meanwhile: its own operation ends the share.
    if (!due) return { skipped: 'not due' };
    const req = await shareRequest(db, share);
    if (req) await ctx.fabric.removeShare(req);
    return complete(async (trx) => {
      if (share.status === 'suppressed') return { status: 'suppressed' };
      const res = await trx
        .updateTable('cifs_shares')
        .set({ status: 'expired', ended_at: clock.now() })
        .where('id', '=', id)
        .where('status', '=', 'active')
        .where('expires_at', '<=', clock.now())
        .executeTakeFirst();
      return { status: Number(res.numUpdatedRows) > 0 ? 'expired' : 'unchanged' };
    });
  };
}

export function downloadExpireHandler(): OperationHandler {
  return async ({ input, complete, clock }) => {
    const { id } = byId.parse(input);
    return complete(async (trx) => {
      const res = await trx
        .updateTable('download_sessions')
        .set({ status: 'expired', ended_at: clock.now() })
        .where('id', '=', id)
        .where('status', '=', 'active')
        .where('expires_at', '<=', clock.now())
        .executeTakeFirst();
      return { status: Number(res.numUpdatedRows) > 0 ? 'expired' : 'unchanged' };
    });
  };
}

/** Register the recovery area's operation kinds. */
export function registerRecoveryHandlers(ctx: AppContext): void {
  ctx.operations.register(SHARE_ACTIVATE, shareActivateHandler(ctx));
  ctx.operations.register(SHARE_END, shareEndHandler(ctx));
  ctx.operations.register(DOWNLOAD_EXPIRE, downloadExpireHandler());
}
