import {
  FTP_CLIENTS_LINK,
  type FtpsCredentialsAnswer,
  type FtpsDiscardAnswer,
  type FtpsExportRecord,
} from '@lifeboat/contract';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { BadRequestError, NotFoundError } from '../../http/errors';
import { type Actor, scoped } from '../../scope';
import { loadClient, loadReseller } from '../recovery/access';
import { FTPS_DISCARD } from './handlers';
import { checkSystemPassword } from './password-guard';
import type { Db } from './rb-access';
import { open } from './secret-box';

// An export after its start (spec: inventory-reports-exports-security 'FTPS export activity feed',
// 3, 4, 5, 7): its credentials (the system's password first when protected), the feed of a
// reseller or a client, and discard.

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
      ctx.dbh.db,
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
