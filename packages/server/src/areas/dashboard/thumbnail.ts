import type { Database } from '@lifeboat/db';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context';
import { NotFoundError } from '../../http/errors';
import { type Actor, ofSystem, scoped } from '../../scope';

/** Drawn at twice the table's 64x40 (spec 9), so it stays sharp on dense screens. */
const WIDTH = 128;
const HEIGHT = 80;

/** The AutoVerify thumbnail of a system's run on restore point `lastRp`, or 404. */
export async function thumbnail(
  ctx: AppContext,
  actor: Actor,
  sys: Selectable<Database['protected_systems']>,
  resellerId: number,
  lastRpRaw: string,
): Promise<Buffer> {
  if (Number(sys.reseller_id) !== resellerId || !/^\d{1,15}$/.test(lastRpRaw)) {
    throw new NotFoundError('This thumbnail');
  }
  // The simulator keeps the pictures it drew lately; the browser keeps each a day
  // (cache-control immutable), as the picture of a run never changes.
  return draw(ctx, actor, sys, lastRpRaw);
}

async function draw(
  ctx: AppContext,
  actor: Actor,
  sys: Selectable<Database['protected_systems']>,
  lastRpRaw: string,
): Promise<Buffer> {
  const run = await scoped(ctx.dbh.db, actor)
    .within(ofSystem(sys, 'autoverify_results'))
    .selectFrom('autoverify_results')
    .select(['status', 'screenshot_seed'])
    .where('rp_taken_at', '=', Number(lastRpRaw))
    .orderBy('ended_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!run || run.screenshot_seed === null) throw new NotFoundError('This thumbnail');
  return ctx.ports.autoverify.autoVerifyScreenshot({
    screenshotSeed: Number(run.screenshot_seed),
    hostname: sys.hostname,
    osType: sys.os_type,
    ok: run.status === 'success',
    width: WIDTH,
    height: HEIGHT,
  });
}
