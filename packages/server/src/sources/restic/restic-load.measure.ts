import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { scheduleSync } from '../../areas/sources/sync-handler';
import { pct } from '../../measure/percentile';
import { startOperations } from '../../operations/handlers';
import { buildWorld, insertOrg, TEST_PASSWORD, type World } from '../../test/factories';
import { createTestApp, loginAs, type Session, type TestApp } from '../../test/harness';
import { sealSourceSecret } from '../secret';
import { resticRuns } from './children';
import {
  addSnapshots,
  BENCH_CACHE,
  BENCH_PASSWORD,
  backupOnce,
  cached,
  masterKey,
  renameRepository,
  resticAt,
  snapshotCount,
} from './measure-repos';
import { httpClient, load, ms, spread } from './measure-support';

// Speed of restic sources (issue 25 'Speed': many sources on one instance), a measurement, not
// part of `npm test`: `npm run restic-speed -w @lifeboat/bench`. BENCH_RESTIC_SOURCES restic
// sources (200 by default; each a copy of one small repository, made a repository of its own)
// across 20 clients come due at once and are synced by the instance's own scheduled
// `sources.sync` operations, while a mix of the console's calls (a reseller's dashboard, the
// inventory, a client's sources, the session) is timed over one connection: before the syncs and
// during them. The console's API and its workers share this one process, as with
// LIFEBOAT_PROCESSES=1 (the default runs the workers in a process of their own).

const SOURCES = Number(process.env.BENCH_RESTIC_SOURCES ?? 200);
const CLIENTS = 20;
const INTERVAL_MIN = 15;
const HOSTS = ['FRONT-DESK', 'XRAY-SERVER', 'OFFICE-NAS'];
const POINTS = 4;
const ROUNDS_BEFORE = 60;
const DAY = 86_400_000;

let t: TestApp;
let w: World;
let dataDir: string;
let session: Session;
let base: string;
let firstClient: number;

/** One small repository (3 systems, 4 points each), then SOURCES copies of it. */
async function repositories(): Promise<string[]> {
  const template = await cached('sources-template-v1', async (dir) => {
    const location = path.join(dir, 'repo');
    const restic = resticAt(location, path.join(dir, 'restic-cache'));
    restic(['init', '--quiet']);
    const at = (h: number, i: number) => Date.UTC(2026, 10, 20) - i * DAY - h * 60_000;
    const first = backupOnce(restic, dir, HOSTS[0] as string, at(0, 0));
    const others = HOSTS.flatMap((host, h) =>
      Array.from({ length: POINTS }, (_, i) => ({ host, at: at(h, i) })).filter((_, i) => h + i > 0),
    );
    addSnapshots(location, restic, first, others);
    const snapshots = snapshotCount(restic);
    fs.rmSync(path.join(dir, 'restic-cache'), { recursive: true, force: true });
    return { snapshots };
  });
  expect(template.meta.snapshots).toBe(HOSTS.length * POINTS);
  const from = path.join(template.dir, 'repo');
  const copies = await cached(`sources-${SOURCES}-v1`, async (dir) => {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-bench-key-'));
    const key = masterKey(resticAt(from, scratch));
    fs.rmSync(scratch, { recursive: true, force: true });
    for (let i = 0; i < SOURCES; i++) {
      fs.cpSync(from, path.join(dir, `s-${i}`), { recursive: true });
      renameRepository(path.join(dir, `s-${i}`), key);
    }
    return { count: SOURCES };
  });
  return Array.from({ length: copies.meta.count }, (_, i) => path.join(copies.dir, `s-${i}`));
}

beforeAll(async () => {
  const locations = await repositories();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-bench-load-'));
  t = await createTestApp({ resticRoots: [BENCH_CACHE], dataDir });
  const db = t.dbh.db;
  const now = t.clock.now();
  w = await buildWorld(db, now);
  const clients: number[] = [];
  for (let c = 0; c < CLIENTS; c++)
    clients.push(
      await insertOrg(db, now, {
        kind: 'client',
        parent_id: w.resellerA,
        reseller_id: w.resellerA,
        distributor_id: w.distributor,
        name: `Bench client ${c + 1}`,
      }),
    );
  firstClient = clients[0] as number;
  const secret = sealSourceSecret(t.ctx.config.secretKey, { password: BENCH_PASSWORD, env: {} });
  for (const [i, location] of locations.entries()) {
    const row = await db
      .insertInto('backup_sources')
      .values({
        reseller_id: w.resellerA,
        client_id: clients[i % CLIENTS] as number,
        kind: 'restic',
        name: `Office ${i + 1}`,
        location,
        secret_sealed: secret,
        sync_interval_minutes: INTERVAL_MIN,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Each source's schedule, as adding it makes one: its first run one interval from now.
    await scheduleSync(db, Number(row.id), INTERVAL_MIN, now, now);
  }
  session = await loginAs(t.app, 'resa', TEST_PASSWORD);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // The instance's workers, as `npm start` runs them: every handler and schedule, then leasing.
  await startOperations(t.ctx);
}, 600_000);

afterAll(async () => {
  await t?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const syncedSoFar = async () => {
  const rows = await t.dbh.db
    .selectFrom('backup_sources')
    .select(['last_sync_outcome', 'last_check_outcome'])
    .where('last_sync_at', 'is not', null)
    .execute();
  return {
    done: rows.length,
    failed: rows.filter((r) => r.last_sync_outcome !== 'ok').length,
    checksFailed: rows.filter((r) => r.last_check_outcome !== 'ok').length,
  };
};

it(`keeps the API answering while ${SOURCES} sources sync`, async () => {
  const http = httpClient(base, session);
  const mix = [
    `/reseller/get_dashboard_page_data/${w.resellerA}`,
    '/devices/inventory/PROTECTED',
    `/api/sources/client/${firstClient}`,
    '/api/session',
  ];
  // Each call's timings by its path, for telling which one a slowdown comes from.
  type Timings = Map<string, number[]>;
  // The slowest call of the syncs, and when it started after they came due.
  let dueAt = 0;
  let slowest = { ms: 0, url: '', at: 0 };
  const round = async (into: Timings) => {
    for (const url of mix) {
      const started = performance.now();
      const got = await http.get(url);
      const took = performance.now() - started;
      const list = into.get(url) ?? [];
      list.push(took);
      into.set(url, list);
      if (dueAt > 0 && took > slowest.ms) slowest = { ms: took, url, at: started - dueAt };
      expect(got.status, url).toBe(200);
    }
  };
  const all = (timings: Timings) => [...timings.values()].flat();
  const p95 = (xs: number[]) =>
    pct(
      [...xs].sort((a, b) => a - b),
      95,
    );
  for (let i = 0; i < 5; i++) await round(new Map());

  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const before: Timings = new Map();
  for (let i = 0; i < ROUNDS_BEFORE; i++) await round(before);
  loop.disable();
  const loopBefore = `event loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms`;
  const loadBefore = load();

  // Every source's schedule comes due at once: the clock moves one interval on.
  loop.reset();
  loop.enable();
  const runsBefore = resticRuns();
  t.clock.advance(INTERVAL_MIN * 60_000);
  t.ctx.operations.wake();
  const started = performance.now();
  dueAt = started;
  const during: Timings = new Map();
  let loadMidway = '';
  let progress = await syncedSoFar();
  while (progress.done < SOURCES) {
    await round(during);
    if (!loadMidway && performance.now() - started > 30_000) loadMidway = load();
    if (performance.now() - started > 1_800_000)
      throw new Error(`only ${progress.done} synced in 30 minutes`);
    progress = await syncedSoFar();
  }
  const syncMs = performance.now() - started;
  loop.disable();
  const loopDuring = `event loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms`;
  http.close();

  console.log(
    [
      `${SOURCES} restic sources (${CLIENTS} clients) synced by the scheduled operations, API mix over one connection (in process, SQLite)`,
      `  API before the syncs: ${spread(all(before))}; ${loopBefore}`,
      `    load: ${loadBefore}`,
      `  API during the syncs: ${spread(all(during))}; ${loopDuring}`,
      `    p95 during / before: ${(p95(all(during)) / p95(all(before))).toFixed(1)}; slowest ${ms(slowest.ms)} (${slowest.url}, ${(slowest.at / 1000).toFixed(1)} s after the schedules came due)`,
      ...mix.map(
        (url) =>
          `    ${url}: p95 ${ms(p95(before.get(url) ?? []))} before, ${ms(p95(during.get(url) ?? []))} during`,
      ),
      `  all ${SOURCES} synced in ${(syncMs / 1000).toFixed(1)} s (${progress.failed} failed, ${progress.checksFailed} without a passed check), ${resticRuns() - runsBefore} restic runs`,
      `    load 30 s in: ${loadMidway || '(done sooner)'}`,
      `    load at the end: ${load()}`,
    ].join('\n'),
  );
  expect(progress.failed).toBe(0);
  expect(progress.checksFailed).toBe(0);
}, 2_400_000);
