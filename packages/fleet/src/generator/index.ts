import { hashPassword } from '@lifeboat/contract/node';
import type { Database, DbHandle } from '@lifeboat/db';
import { type Kysely, sql } from 'kysely';
import { DEMO_PASSWORD } from '../demo-accounts';
import { type FleetTotals, writeClient } from './clients';
import { type GenContext, IdCounter } from './context';
import { DEMO_COUNTS, type FleetCounts, LARGE_COUNTS, type ResolvedCounts, resolveCounts } from './counts';
import { DailyHealth } from './daily';
import { planDemo } from './demo-plan';
import { addDemoRunbooks } from './demo-runbooks';
import { addDemoVirtualMachines } from './demo-vms';
import { writeVaults } from './infra';
import { addOfflineHistory } from './offline-history';
import { writeOrganisations } from './orgs';
import { planFleet } from './plan';
import { type FleetPlan, GB, TB } from './plan-types';
import { Rng } from './rng';
import { PostgresSink, type Sink, SqliteSink } from './sink';
import { ID_TABLES, type LoadTable } from './tables';
import { writeUsers } from './users';

export type { FleetCounts } from './counts';
export { DEMO_COUNTS, LARGE_COUNTS } from './counts';

export interface FleetProgress {
  phase: string;
  done: number;
  total: number;
}

export interface GenerateFleetOptions {
  seed: number;
  size: 'demo' | 'large' | FleetCounts;
  /** The end of every history (epoch ms); nothing is generated after it. */
  now: number;
  onProgress?: (p: FleetProgress) => void;
  /** A ready hash of the demo password; skips one scrypt call (tests). */
  passwordHash?: string;
}

export interface FleetSummary {
  seed: number;
  now: number;
  size: string;
  rows: Record<LoadTable, number>;
  elapsedMs: number;
}

function plan(opts: GenerateFleetOptions): { counts: ResolvedCounts; plan: FleetPlan; label: string } {
  if (opts.size === 'demo')
    return { counts: DEMO_COUNTS, plan: planDemo(opts.seed, opts.now), label: 'demo' };
  const counts = opts.size === 'large' ? LARGE_COUNTS : resolveCounts(opts.size);
  return {
    counts,
    plan: planFleet(counts, opts.seed, opts.now),
    label: opts.size === 'large' ? 'large' : 'custom',
  };
}

/**
 * Builds a deterministic fleet into an empty database: the same seed and `now` give the same
 * rows (password hashes aside: scrypt salts are random). Refuses a database that has organisations.
 */
export async function generateFleet(dbh: DbHandle, opts: GenerateFleetOptions): Promise<FleetSummary> {
  const started = performance.now();
  const existing = await dbh.db
    .selectFrom('organisations')
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirst();
  if (Number(existing?.n ?? 0) > 0) {
    throw new Error(
      'generateFleet: the database already has organisations; the fleet generator needs an empty database',
    );
  }
  const progress = opts.onProgress ?? (() => {});
  progress({ phase: 'plan', done: 0, total: 1 });
  const { counts, plan: fleetPlan, label } = plan(opts);
  const passwordHash = opts.passwordHash ?? (await hashPassword(DEMO_PASSWORD));

  const run = async (db: Kysely<Database>, sink: Sink) => {
    const ctx: GenContext = {
      sink,
      seed: opts.seed,
      now: opts.now,
      counts,
      plan: fleetPlan,
      passwordHash,
      ids: new IdCounter(),
    };
    const totals = await writeAll(ctx, progress);
    await sink.finish();
    progress({ phase: 'finishing', done: 0, total: 1 });
    if (db.isTransaction) await fillUsage(db, ctx, totals);
    else await db.transaction().execute((trx) => fillUsage(trx, ctx, totals));
    await addOfflineHistory(db, opts.seed, opts.now);
    if (label === 'demo') {
      await addDemoVirtualMachines(db, fleetPlan, opts.now);
      await addDemoRunbooks(db, fleetPlan, ctx.now);
    }
    return sink.counts;
  };

  let rows: Record<LoadTable, number>;
  if (dbh.sqlite) {
    const sink = new SqliteSink(dbh);
    try {
      rows = await run(dbh.db, sink);
    } catch (err) {
      sink.abort();
      throw err;
    }
    // Planner statistics for the new data; sampled, so it takes milliseconds even at 10M rows.
    dbh.sqlite.pragma('analysis_limit = 1000');
    dbh.sqlite.exec('ANALYZE');
    dbh.sqlite.pragma('analysis_limit = 0');
    dbh.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  } else {
    rows = await dbh.db.transaction().execute(async (trx) => {
      const counts = await run(trx, new PostgresSink(trx));
      // Explicit ids leave identity sequences at 1; move them past the data.
      for (const table of ID_TABLES) {
        await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT COALESCE(MAX(id), 1) FROM ${sql.table(table)}))`.execute(
          trx,
        );
      }
      return counts;
    });
    // Statistics, and the visibility map that lets index-only scans skip the table's pages.
    await sql`VACUUM ANALYZE`.execute(dbh.db);
  }
  progress({ phase: 'finishing', done: 1, total: 1 });
  return {
    seed: opts.seed,
    now: opts.now,
    size: label,
    rows,
    elapsedMs: Math.round(performance.now() - started),
  };
}

async function writeAll(ctx: GenContext, progress: (p: FleetProgress) => void): Promise<FleetTotals> {
  const { sink, plan: p } = ctx;
  progress({ phase: 'organisations', done: 0, total: 1 });
  writeOrganisations(ctx);
  writeUsers(ctx);
  writeVaults(ctx);
  const totals: FleetTotals = {
    thresholds: new Map(),
    daily: new DailyHealth(
      p.resellers.map((r) => r.id),
      ctx.counts.historyDays,
      ctx.now,
    ),
    cloudByReseller: new Map(),
    vaultUsed: new Map(),
    systems: 0,
  };
  for (const t of p.thresholds) {
    sink.add('thresholds', {
      id: ctx.ids.next('thresholds'),
      scope_kind: t.scope,
      scope_id: t.scopeId,
      kind: t.kind,
      minutes: t.minutes,
      enabled: 1,
    });
    totals.thresholds.set(`${t.scope}:${t.scopeId}:${t.kind}`, t.minutes);
  }
  await sink.checkpoint();
  const total = p.resellers.reduce((n, r) => n + r.clients.reduce((m, c) => m + c.systems, 0), 0);
  for (const r of p.resellers) {
    for (const c of r.clients) {
      writeClient(ctx, totals, r, c);
      await sink.checkpoint();
      progress({ phase: 'systems', done: totals.systems, total });
    }
  }
  progress({ phase: 'health-daily', done: 0, total: 1 });
  totals.daily.write(sink);
  const meta: Array<[string, string]> = [
    ['fleet.seed', String(ctx.seed)],
    ['fleet.now', String(ctx.now)],
    ['fleet.size', JSON.stringify(ctx.counts)],
  ];
  for (const [key, value] of meta) sink.add('meta', { key, value });
  return totals;
}

/** Cloud quotas and vault usage follow the generated systems, so levels on the dashboard vary. */
async function fillUsage(db: Kysely<Database>, ctx: GenContext, totals: FleetTotals): Promise<void> {
  const rng = new Rng(ctx.seed).fork('usage');
  for (const r of ctx.plan.resellers) {
    const used = totals.cloudByReseller.get(r.id) ?? 0;
    // The main demo reseller sits in the warning band (70-90 %); others spread, a few over quota.
    const level =
      r.demoUser === 'reseller'
        ? 0.76
        : rng.weighted([
            [rng.between(0.2, 0.7), 70],
            [rng.between(0.7, 0.99), 25],
            [rng.between(1, 1.1), 5],
          ]);
    const step = 100 * GB;
    const quota = Math.max(TB, Math.ceil(used / level / step) * step);
    await db.updateTable('organisations').set({ cloud_quota_bytes: quota }).where('id', '=', r.id).execute();
  }
  for (const [vaultId, used] of totals.vaultUsed) {
    await db
      .updateTable('vaults')
      .set({ used_bytes: Math.round(used) })
      .where('id', '=', vaultId)
      .execute();
  }
}
