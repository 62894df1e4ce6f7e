import { type Database, getMeta, setMeta } from '@lifeboat/db';
import type { Insertable, Kysely } from 'kysely';
import { autoVerifyVerdict, nominalDurationMs } from './autoverify';
import type { PortFaults } from './faults';

// The nightly AutoVerify: every non-NAS system with a restore point gets a fresh result once a
// day. A cursor in `meta` walks the systems in id order, a window per call, so the cost of a call
// stays flat however large the fleet is.

export const AUTOVERIFY_CURSOR_KEY = 'sim.autoverify_cursor';
const DAY = 86_400_000;

export interface NightlyOptions {
  batch: number;
  scan: number;
  faults?: PortFaults<'fleet'>;
}

export async function nightlyAutoVerify(
  db: Kysely<Database>,
  now: number,
  opts: NightlyOptions,
): Promise<number> {
  const cursor = Number((await getMeta(db, AUTOVERIFY_CURSOR_KEY)) ?? 0) || 0;
  const window = await db
    .selectFrom('protected_systems')
    .select(['id', 'device_type', 'parked', 'last_rp_at', 'appliance_id', 'source_id'])
    .where('id', '>', cursor)
    .orderBy('id')
    .limit(opts.scan)
    .execute();
  // A system of a backup source is verified by its repository check, never by a simulated boot.
  const candidates = window.filter(
    (s) => s.device_type !== 'nas' && !s.parked && s.last_rp_at !== null && s.source_id === null,
  );
  const lastRun = new Map<number, number>();
  for (let i = 0; i < candidates.length; i += 500) {
    const ids = candidates.slice(i, i + 500).map((s) => s.id);
    const rows = await db
      .selectFrom('autoverify_results')
      .select(['system_id', (eb) => eb.fn.max('ended_at').as('last')])
      .where('system_id', 'in', ids)
      .groupBy('system_id')
      .execute();
    for (const r of rows) lastRun.set(Number(r.system_id), Number(r.last));
  }
  const stale = candidates.filter((s) => (lastRun.get(s.id) ?? 0) < now - DAY).slice(0, opts.batch);
  // Resume after the last system handled; wrap to the start when the window reached the end.
  const full = stale.length === opts.batch;
  const last = full
    ? stale[stale.length - 1]?.id
    : window.length < opts.scan
      ? 0
      : window[window.length - 1]?.id;
  const nextCursor = String(last ?? 0);

  const ids = stale.map((s) => s.id);
  const points =
    ids.length === 0
      ? []
      : await db
          .selectFrom('restore_points as rp')
          .select(['rp.id', 'rp.system_id', 'rp.taken_at'])
          .where('rp.system_id', 'in', ids)
          .where('rp.taken_at', '=', (eb) =>
            eb
              .selectFrom('restore_points as r2')
              .select((e) => e.fn.max('r2.taken_at').as('t'))
              .whereRef('r2.system_id', '=', 'rp.system_id'),
          )
          .execute();
  const seen = new Set<number>();
  const results: Insertable<Database['autoverify_results']>[] = [];
  const applianceOf = new Map(
    stale.map((s) => [s.id, s.appliance_id === null ? null : Number(s.appliance_id)]),
  );
  for (const rp of points) {
    const systemId = Number(rp.system_id);
    if (seen.has(systemId)) continue;
    seen.add(systemId);
    const subject = {
      systemId,
      applianceId: applianceOf.get(systemId) ?? null,
      restorePointId: Number(rp.id),
    };
    const v = autoVerifyVerdict(
      { systemId, restorePointId: Number(rp.id), restorePointAt: Number(rp.taken_at) },
      opts.faults?.strikes('autoverify_fail', subject) ?? false,
    );
    results.push({
      system_id: systemId,
      restore_point_id: Number(rp.id),
      rp_taken_at: Number(rp.taken_at),
      started_at: now - nominalDurationMs(v),
      ended_at: now,
      status: v.status,
      result: v.result,
      heartbeat: v.heartbeat ? 1 : 0,
      boot_check: v.bootCheck,
      vss_status: v.vssStatus,
      chkdsk_status: v.chkdskStatus,
      advanced_mode: 0,
      screenshot_seed: v.screenshotSeed,
    });
  }
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < results.length; i += 200) {
      await trx
        .insertInto('autoverify_results')
        .values(results.slice(i, i + 200))
        .execute();
    }
    await setMeta(trx, AUTOVERIFY_CURSOR_KEY, nextCursor);
  });
  return results.length;
}
