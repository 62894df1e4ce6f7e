import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FtpsFixture, ftpsFixture } from '../../areas/ftps/test-fixture';
import { sealSourceSecret } from '../secret';
import { syncSource } from '../sync-service';
import { makeTestRepo, type TestRepo } from './test-repo';

// Speed of restic sources (issue 25 'Speed'), a measurement, not part of `npm test`:
// `npm run restic-speed -w @lifeboat/bench` prints
// - the browse of a folder of 10,000 entries from the console's cache, through the API (p50, p95,
//   p99 over 300 listings after the one restic read that fills the cache);
// - the sync of a repository of 20 hosts with BENCH_RESTIC_SNAPSHOTS snapshots each (25 by
//   default: making 2,000 snapshots with restic takes a quarter of an hour on two cores), first
//   (everything new) and again (nothing new);
// each with the machine's load (`uptime`) when it was taken.

const HOSTS = 20;
const PER_HOST = Number(process.env.BENCH_RESTIC_SNAPSHOTS ?? 25);
const ENTRIES = 10_000;
const run = promisify(execFile);

let repo: TestRepo;
let f: FtpsFixture;

const load = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function addSource(location: string, password: string, name: string): Promise<number> {
  const now = f.t.clock.now();
  const row = await f.t.dbh.db
    .insertInto('backup_sources')
    .values({
      reseller_id: f.w.resellerA,
      client_id: f.w.clientA1,
      kind: 'restic',
      name,
      location,
      secret_sealed: sealSourceSecret(f.t.ctx.config.secretKey, { password, env: {} }),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

beforeAll(async () => {
  repo = makeTestRepo('lifeboat-measure-');
  f = await ftpsFixture({ resticRoots: [repo.root] });
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
  const s = await f.t.dbh.db
    .selectFrom('protected_systems as s')
    .innerJoin('restore_points as p', 'p.system_id', 's.id')
    .select(['s.id', 'p.id as point', 'p.job_id'])
    .where('s.source_id', '=', sourceId)
    .executeTakeFirstOrThrow();
  const mount = await f.post('resa', `/api/filebrowsing/mount/0/${s.id}/${s.job_id}/null`, {
    recoveryPoint: Number(s.point),
  });
  const token = mount.json().filemountUseId as string;
  const list = () =>
    f.post('resa', '/api/filebrowsing/files/0', {
      path: folder,
      recoveryPoint: Number(s.point),
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
  // Under the fixture's root, which the console's location policy allows.
  const other = {
    root: path.join(repo.root, 'hosts'),
    location: path.join(repo.root, 'hosts', 'repo'),
    password: repo.password,
  };
  fs.mkdirSync(other.root, { recursive: true });
  {
    const tree = path.join(other.root, 'tree');
    fs.mkdirSync(tree, { recursive: true });
    fs.writeFileSync(path.join(tree, 'notes.txt'), 'notes\n');
    const env = {
      ...process.env,
      TZ: 'UTC',
      RESTIC_PASSWORD: other.password,
      RESTIC_CACHE_DIR: path.join(other.root, 'cache'),
    };
    execFileSync('restic', ['--repo', other.location, 'init', '--quiet'], { env });
    const jobs: Array<() => Promise<unknown>> = [];
    const start = Date.now() - PER_HOST * 3_600_000;
    for (let h = 0; h < HOSTS; h++)
      for (let i = 0; i < PER_HOST; i++) {
        const at = new Date(start + i * 3_600_000 + h * 1000).toISOString().replace('T', ' ').slice(0, 19);
        jobs.push(() =>
          run(
            'restic',
            ['--repo', other.location, 'backup', '--quiet', '--host', `HOST-${h}`, '--time', at, tree],
            { env },
          ),
        );
      }
    let made = performance.now();
    // Four at a time: backups take restic's shared lock, so they may run side by side.
    for (let i = 0; i < jobs.length; i += 4) await Promise.all(jobs.slice(i, i + 4).map((j) => j()));
    made = performance.now() - made;
    const sourceId = await addSource(other.location, other.password, 'Many hosts');
    let t = performance.now();
    const firstSync = await syncSource(f.t.ctx, sourceId);
    const firstMs = performance.now() - t;
    expect(firstSync?.ok).toBe(true);
    t = performance.now();
    await syncSource(f.t.ctx, sourceId);
    const againMs = performance.now() - t;
    const points = await f.t.dbh.db
      .selectFrom('restore_points as p')
      .innerJoin('protected_systems as s', 's.id', 'p.system_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('s.source_id', '=', sourceId)
      .executeTakeFirstOrThrow();
    expect(Number(points.n)).toBe(HOSTS * PER_HOST);
    console.log(
      [
        `sync of ${HOSTS} hosts x ${PER_HOST} snapshots = ${HOSTS * PER_HOST} (made by restic in ${(made / 1000).toFixed(0)} s)`,
        `  first sync (all new): ${ms(firstMs)}`,
        `  second sync (nothing new): ${ms(againMs)}`,
        `  load: ${load()}`,
      ].join('\n'),
    );
  }
}, 3_600_000);
