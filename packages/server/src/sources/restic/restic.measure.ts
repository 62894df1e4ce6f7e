import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FtpsFixture, ftpsFixture } from '../../areas/ftps/test-fixture';
import { pct } from '../../measure/percentile';
import { TEST_NOW } from '../../test/harness';
import { syncSource } from '../sync-service';
import {
  addSnapshots,
  BENCH_CACHE,
  BENCH_PASSWORD,
  backupOnce,
  cached,
  resticAt,
  snapshotCount,
} from './measure-repos';
import { load, ms } from './measure-support';
import { makeTestRepo, type TestRepo } from './test-repo';
import { insertResticSource, pointOfSource } from './test-source';

// Speed of restic sources (issue 25 'Speed'), a measurement, not part of `npm test`:
// `npm run restic-speed -w @lifeboat/bench` prints
// - the browse of a folder of 10,000 entries from the console's cache, through the API (p50, p95,
//   p99 over 300 listings after the one restic read that fills the cache);
// - the sync of a repository of 20 hosts with BENCH_RESTIC_SNAPSHOTS snapshots each (100 by
//   default: 2,000), first (everything new) and again (nothing new); the repository is made
//   once and kept in bench/.cache (measure-repos.ts);
// each with the machine's load (`uptime`) when it was taken.

const HOSTS = 20;
const PER_HOST = Number(process.env.BENCH_RESTIC_SNAPSHOTS ?? 100);
const ENTRIES = 10_000;

let repo: TestRepo;
let f: FtpsFixture;

const addSource = (location: string, password: string, name: string) =>
  insertResticSource(f, { name, location, password });

beforeAll(async () => {
  repo = makeTestRepo('lifeboat-measure-');
  f = await ftpsFixture({ resticRoots: [repo.root, BENCH_CACHE] });
}, 120_000);
afterAll(async () => {
  await f?.t.close();
  repo?.remove();
});

it('browses a folder of 10,000 entries from the cache', async () => {
  const folder = path.join(repo.root, 'scans');
  fs.mkdirSync(folder, { recursive: true });
  for (let i = 0; i < ENTRIES; i++)
    fs.writeFileSync(path.join(folder, `scan-${String(i).padStart(5, '0')}.txt`), `${i}\n`);
  repo.restic(['backup', '--quiet', '--host', 'SCANNER-PC', folder]);
  const sourceId = await addSource(repo.location, repo.password, 'Scans');
  await syncSource(f.t.ctx, sourceId);
  const s = await pointOfSource(f, sourceId);
  const mount = await f.post('resa', `/api/filebrowsing/mount/0/${s.system}/${s.job}/null`, {
    recoveryPoint: s.point,
  });
  const token = mount.json().filemountUseId as string;
  const list = () =>
    f.post('resa', '/api/filebrowsing/files/0', {
      path: folder,
      recoveryPoint: s.point,
      filemountUseId: token,
    });
  let t = performance.now();
  const first = await list();
  const firstMs = performance.now() - t;
  expect(first.json().files).toHaveLength(ENTRIES);
  const times: number[] = [];
  for (let i = 0; i < 300; i++) {
    t = performance.now();
    const r = await list();
    times.push(performance.now() - t);
    expect(r.statusCode).toBe(200);
  }
  times.sort((a, b) => a - b);
  console.log(
    [
      `browse of a folder of ${ENTRIES.toLocaleString('en-US')} entries (API, in process, SQLite)`,
      `  first (one restic ls into the cache): ${ms(firstMs)}`,
      `  cached x300: p50 ${ms(pct(times, 50))}, p95 ${ms(pct(times, 95))}, p99 ${ms(pct(times, 99))}`,
      `  load: ${load()}`,
    ].join('\n'),
  );
}, 600_000);

it(`syncs a repository of ${HOSTS} hosts x ${PER_HOST} snapshots`, async () => {
  const repo20 = await cached(`sync-${HOSTS}x${PER_HOST}-v1`, async (dir) => {
    const location = path.join(dir, 'repo');
    const restic = resticAt(location, path.join(dir, 'restic-cache'));
    restic(['init', '--quiet']);
    // Every 4 hours back from the test clock's day, a minute apart between hosts.
    const at = (h: number, i: number) => TEST_NOW - (i + 1) * 4 * 3_600_000 - h * 60_000;
    const first = backupOnce(restic, dir, 'HOST-0', at(0, 0));
    const copies: { host: string; at: number }[] = [];
    for (let h = 0; h < HOSTS; h++)
      for (let i = 0; i < PER_HOST; i++) if (h + i > 0) copies.push({ host: `HOST-${h}`, at: at(h, i) });
    addSnapshots(location, restic, first, copies);
    const snapshots = snapshotCount(restic);
    fs.rmSync(path.join(dir, 'restic-cache'), { recursive: true, force: true });
    return { snapshots };
  });
  expect(repo20.meta.snapshots).toBe(HOSTS * PER_HOST);
  const sourceId = await addSource(path.join(repo20.dir, 'repo'), BENCH_PASSWORD, 'Many hosts');
  let t = performance.now();
  const firstSync = await syncSource(f.t.ctx, sourceId);
  const firstMs = performance.now() - t;
  expect(firstSync?.ok, firstSync?.sentence).toBe(true);
  // restic checks the written snapshots as any other.
  expect(firstSync?.check?.ok, firstSync?.check?.sentence).toBe(true);
  t = performance.now();
  const again = await syncSource(f.t.ctx, sourceId);
  const againMs = performance.now() - t;
  expect(again?.pointsAdded).toBe(0);
  const points = await f.t.dbh.db
    .selectFrom('restore_points as p')
    .innerJoin('protected_systems as s', 's.id', 'p.system_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('s.source_id', '=', sourceId)
    .executeTakeFirstOrThrow();
  expect(Number(points.n)).toBe(HOSTS * PER_HOST);
  const made =
    repo20.madeMs === null
      ? 'from bench/.cache'
      : `made in ${(repo20.madeMs / 1000).toFixed(1)} s, then kept in bench/.cache`;
  console.log(
    [
      `sync of ${HOSTS} hosts x ${PER_HOST} snapshots = ${HOSTS * PER_HOST} (repository ${made})`,
      `  first sync (all new, with its repository check): ${ms(firstMs)}`,
      `  second sync (nothing new): ${ms(againMs)}`,
      `  load: ${load()}`,
    ].join('\n'),
  );
}, 3_600_000);
