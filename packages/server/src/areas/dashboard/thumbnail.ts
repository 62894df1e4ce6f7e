import type { Database } from '@lifeboat/db';
import type { Selectable } from 'kysely';
import { ReuseCache } from '../../cache/reuse-cache';
import type { AppContext } from '../../context';
import { NotFoundError } from '../../http/errors';

/** Drawn at twice the table's 64x40 (spec 9), so it stays sharp on dense screens. */
const WIDTH = 128;
const HEIGHT = 80;

/** The AutoVerify thumbnail of a system's run on restore point `lastRp`, or 404. */
export async function thumbnail(
  ctx: AppContext,
  sys: Selectable<Database['protected_systems']>,
  resellerId: number,
  lastRpRaw: string,
): Promise<Buffer> {
  if (Number(sys.reseller_id) !== resellerId || !/^\d{1,15}$/.test(lastRpRaw)) {
    throw new NotFoundError('This thumbnail');
  }
  // The picture of a run never changes: drawn once, kept a while (the caller's scope is checked).
  return drawn.get(`${sys.id}:${lastRpRaw}`, ctx.clock.now(), () => draw(ctx, sys, lastRpRaw));
}

const drawn = new ReuseCache<Buffer>(10 * 60_000, 300);

async function draw(
  ctx: AppContext,
  sys: Selectable<Database['protected_systems']>,
  lastRpRaw: string,
): Promise<Buffer> {
  const run = await ctx.dbh.db
    .selectFrom('autoverify_results')
    .select(['status', 'screenshot_seed'])
    .where('system_id', '=', Number(sys.id))
    .where('rp_taken_at', '=', Number(lastRpRaw))
    .orderBy('ended_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!run || run.screenshot_seed === null) throw new NotFoundError('This thumbnail');
  return ctx.fabric.autoVerifyScreenshot({
    screenshotSeed: Number(run.screenshot_seed),
    hostname: sys.hostname,
    osType: sys.os_type,
    ok: run.status === 'success',
    width: WIDTH,
    height: HEIGHT,
  });
}
