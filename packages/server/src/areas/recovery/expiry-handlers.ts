import { FabricError } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { OperationsEngine } from '../../operations/engine';
import type { HandlerFor } from '../../operations/types';
import { unscoped } from '../../scope';
import { type ShareRow, shareRequest } from './share-request';

// Operations of the recovery area (see operations/README.md 'Kinds'):
// - recovery.share_activate: wait for the appliance to publish an exposed share, then start
//   its lifetime;
// - recovery.share_end: unmount a share after a suppression;
// - recovery.expiries, a schedule: end the shares and download links whose time has come
//   (spec: recovery-flow 4 'Cloud share expiry', the link ends 7 days after creation).
// Each re-checks the rows, so a duplicate or stale run (the expiry was moved) changes nothing.

export const SHARE_ACTIVATE = 'recovery.share_activate';
export const SHARE_END = 'recovery.share_end';
export const EXPIRIES = 'recovery.expiries';
/** The lock key prefix (with a system id) that serialises opening a share of one system. */
export const SHARE_LOCK = 'recovery.share_system';
/** How often the expiry sweep runs: a share or a link ends at most this long after its time. */
export const EXPIRY_SWEEP_MS = 10_000;
/** Shares unmounted per sweep at most; the rest wait for the next one. */
const SWEEP_BATCH = 100;

/** Queue the unmount of a suppressed share. */
export function scheduleShareEnd(
  operations: OperationsEngine,
  trx: Kysely<Database>,
  share: Pick<ShareRow, 'id' | 'reseller_id' | 'client_id'>,
  opts: { createdBy?: number },
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

export function shareActivateHandler(
  ctx: Pick<AppContext, 'dbh' | 'ports'>,
): HandlerFor<typeof SHARE_ACTIVATE> {
  return async ({ input, progress, complete, clock }) => {
    const { id } = input;
    const db = ctx.dbh.db;
    const share = await unscoped(db, 'the expiry worker ends shares and links of every tenant')
      .selectFrom('cifs_shares')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (share?.status !== 'exposing') return { skipped: 'not exposing' };
    const req = await shareRequest(db, share);
    if (!req) return { skipped: 'gone' };
    try {
      await ctx.ports.files.waitShareActive(req, { report: progress });
    } catch (err) {
      if (!(err instanceof FabricError)) throw err;
      // The appliance gave up: the share ends as failed, so it no longer blocks a new one.
      return complete(async (trx) => {
        await unscoped(trx, 'the expiry worker ends shares and links of every tenant')
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
      const current = await unscoped(trx, 'the expiry worker ends shares and links of every tenant')
        .selectFrom('cifs_shares')
        .select(['status', 'ttl_seconds'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (current?.status !== 'exposing') return { skipped: 'not exposing' };
      const expiresAt = now + Number(current.ttl_seconds) * 1000;
      // Guarded: a removal that committed after the read above wins (PostgreSQL re-checks the
      // condition on the row it waited for), and the share is not brought back.
      const res = await unscoped(trx, 'the expiry worker ends shares and links of every tenant')
        .updateTable('cifs_shares')
        .set({ status: 'active', active_at: now, expires_at: expiresAt })
        .where('id', '=', id)
        .where('status', '=', 'exposing')
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) return { skipped: 'not exposing' };
      // Its end comes with the expiry sweep.
      return { status: 'active', expires_at: expiresAt };
    });
  };
}

export function shareEndHandler(ctx: Pick<AppContext, 'dbh' | 'ports'>): HandlerFor<typeof SHARE_END> {
  return async ({ input, complete, clock }) => {
    const { id } = input;
    const db = ctx.dbh.db;
    const share = await unscoped(db, 'the expiry worker ends shares and links of every tenant')
      .selectFrom('cifs_shares')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!share) return { skipped: 'gone' };
    const due =
      share.status === 'suppressed' || (share.status === 'active' && Number(share.expires_at) <= clock.now());
    // A later expiry was chosen meanwhile: its own operation ends the share.
    if (!due) return { skipped: 'not due' };
    const req = await shareRequest(db, share);
    if (req) await ctx.ports.files.removeShare(req);
    return complete(async (trx) => {
      if (share.status === 'suppressed') return { status: 'suppressed' };
      const res = await unscoped(trx, 'the expiry worker ends shares and links of every tenant')
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

/**
 * The expiry sweep: unmount each due share, then mark it expired only if it is still due (its
 * expiry may have moved meanwhile); end the due download links. A share the appliance cannot
 * unmount now stays active and is tried again by the next sweep.
 */
export function expiriesHandler(
  ctx: Pick<AppContext, 'dbh' | 'ports' | 'operations'>,
): HandlerFor<typeof EXPIRIES> {
  return async ({ clock, signal }) => {
    const db = ctx.dbh.db;
    const now = clock.now();
    const due = await unscoped(db, 'the expiry worker ends shares and links of every tenant')
      .selectFrom('cifs_shares')
      .selectAll()
      .where('status', '=', 'active')
      .where('expires_at', '<=', now)
      .orderBy('expires_at')
      .limit(SWEEP_BATCH)
      .execute();
    let shares = 0;
    let failed = 0;
    for (const share of due) {
      if (signal.aborted) break;
      try {
        const req = await shareRequest(db, share);
        if (req) await ctx.ports.files.removeShare(req);
        const res = await unscoped(db, 'the expiry worker ends shares and links of every tenant')
          .updateTable('cifs_shares')
          .set({ status: 'expired', ended_at: clock.now() })
          .where('id', '=', share.id)
          .where('status', '=', 'active')
          .where('expires_at', '<=', now)
          .executeTakeFirst();
        shares += Number(res.numUpdatedRows);
      } catch (err) {
        failed++;
        ctx.operations.log.warn(
          { err, shareId: Number(share.id) },
          'share could not be unmounted at its expiry',
        );
      }
    }
    const links = await unscoped(db, 'the expiry worker ends shares and links of every tenant')
      .updateTable('download_sessions')
      .set({ status: 'expired', ended_at: now })
      .where('status', '=', 'active')
      .where('expires_at', '<=', now)
      .executeTakeFirst();
    return { shares, downloads: Number(links.numUpdatedRows), failed };
  };
}

/** Register the recovery area's operation kinds and its expiry schedule. */
export function registerRecoveryHandlers(ctx: AppContext): void {
  ctx.operations.register(SHARE_ACTIVATE, shareActivateHandler(ctx));
  ctx.operations.register(SHARE_END, shareEndHandler(ctx));
  ctx.operations.register(EXPIRIES, expiriesHandler(ctx));
  ctx.operations.every({ key: EXPIRIES, kind: EXPIRIES, input: {}, everyMs: EXPIRY_SWEEP_MS });
}
