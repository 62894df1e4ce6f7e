import crypto from 'node:crypto';
import path from 'node:path';
import { scheduleSync, syncScheduleKey } from '../areas/sources/sync-handler';
import type { AppContext } from '../context';
import { unscoped } from '../scope';
import { buildDemoRepository, demoFolder } from './restic/demo-repo';
import { INSTALL_COMMAND } from './restic/installed';
import { sealSourceSecret } from './secret';

// The demo's real backups (`npm start` on a fresh machine): one more client of the demo reseller,
// "Harbor Veterinary Clinic", whose systems are a real restic repository in the data folder. On
// the first start the client, its source and the source's first sync (held back) are written
// before the console answers; the repository is built in the background (about 10 s on a busy
// machine), then the first sync is let go, so the source shows its first sync running meanwhile.
// Without restic the console starts all the same, without this client.

export const DEMO_CLIENT = 'Harbor Veterinary Clinic';
export const DEMO_SOURCE = 'Clinic backups (restic)';
export const demoLocation = (dataDir: string) => path.join(demoFolder(dataDir), 'repo');
/** How long the first sync waits for the repository at most: it then runs and says what it found. */
const HOLD_MS = 10 * 60_000;

export const RESTIC_MISSING = `restic is not installed: restic backup sources cannot be read and the demo client with real backups is left out. Install it with: ${INSTALL_COMMAND}`;

export interface PendingDemo {
  sourceId: number;
  operationId: number;
  password: string;
}

type Ctx = Pick<AppContext, 'dbh' | 'clock' | 'config' | 'operations'>;

/**
 * Adds the demo client and its restic source to the demo reseller (the `reseller` login), with
 * its first sync queued but held back until the repository exists. Null when there is no demo
 * reseller, or when the demo source was added already.
 */
export async function addResticDemo(ctx: Ctx): Promise<PendingDemo | null> {
  const now = ctx.clock.now();
  const password = crypto.randomBytes(18).toString('base64url');
  return ctx.dbh.db.transaction().execute(async (trx) => {
    const db = unscoped(trx, 'the first start adds the demo client to the demo reseller');
    const reseller = await db
      .selectFrom('users as u')
      .innerJoin('organisations as o', 'o.id', 'u.organisation_id')
      .select([
        'o.id',
        'o.distributor_id',
        'o.has_brc',
        'o.has_x360recover',
        'o.azure_restore_enabled',
        'o.can_recover',
      ])
      .where('u.username', '=', 'reseller')
      .where('o.kind', '=', 'reseller')
      .executeTakeFirst();
    if (!reseller) return null;
    // Once only: a background process started again after a crash finds the source already there.
    const made = await db
      .selectFrom('backup_sources')
      .select('id')
      .where('location', '=', demoLocation(ctx.config.dataDir))
      .executeTakeFirst();
    if (made) return null;
    const resellerId = Number(reseller.id);
    const client = await db
      .insertInto('organisations')
      .values({
        kind: 'client',
        parent_id: resellerId,
        reseller_id: resellerId,
        distributor_id: reseller.distributor_id,
        name: DEMO_CLIENT,
        name_lc: DEMO_CLIENT.toLowerCase(),
        email: 'office@harborvet.example',
        has_brc: reseller.has_brc,
        has_x360recover: reseller.has_x360recover,
        azure_restore_enabled: reseller.azure_restore_enabled,
        can_recover: reseller.can_recover,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const clientId = Number(client.id);
    const source = await db
      .insertInto('backup_sources')
      .values({
        reseller_id: resellerId,
        client_id: clientId,
        kind: 'restic',
        name: DEMO_SOURCE,
        location: demoLocation(ctx.config.dataDir),
        secret_sealed: sealSourceSecret(ctx.config.secretKey, { password, env: {} }),
        created_at: now,
        updated_at: now,
      })
      .returning(['id', 'sync_interval_minutes'])
      .executeTakeFirstOrThrow();
    const sourceId = Number(source.id);
    await scheduleSync(trx, sourceId, Number(source.sync_interval_minutes), now, now);
    const operationId = await ctx.operations.enqueue(trx, {
      kind: 'sources.sync',
      input: { sourceId },
      resellerId,
      clientId,
      subjectType: 'backup_source',
      subjectId: sourceId,
      runAfter: now + HOLD_MS,
    });
    // The schedule's run in flight: the schedule starts no other, "Sync now" answers this one.
    await db
      .updateTable('schedules')
      .set({ operation_id: operationId })
      .where('key', '=', syncScheduleKey(sourceId))
      .execute();
    return { sourceId, operationId, password };
  });
}

/** Builds the demo repository, then lets the first sync go (also when the build failed: it says why). */
export async function buildResticDemo(
  ctx: Ctx,
  pending: PendingDemo,
  log: (line: string) => void,
): Promise<void> {
  const started = Date.now();
  const folder = demoFolder(ctx.config.dataDir);
  try {
    await buildDemoRepository({
      location: demoLocation(ctx.config.dataDir),
      password: pending.password,
      workDir: path.join(folder, 'files'),
      cacheDir: path.join(ctx.config.dataDir, 'restic-cache'),
      now: ctx.clock.now(),
    });
    log(`The demo client's restic repository is ready (${((Date.now() - started) / 1000).toFixed(1)} s).`);
  } catch (err) {
    log(`The demo client's restic repository could not be made: ${err instanceof Error ? err.message : err}`);
  } finally {
    await unscoped(ctx.dbh.db, 'the first start lets the demo source’s first sync go')
      .updateTable('operations')
      .set({ run_after: ctx.clock.now() })
      .where('id', '=', pending.operationId)
      .where('status', '=', 'queued')
      .execute();
    ctx.operations.wake();
  }
}
