import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DOWNLOAD_TYPE } from '@lifeboat/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FtpsFixture, ftpsFixture } from '../../areas/ftps/test-fixture';
import { TEST_NOW } from '../../test/harness';
import { syncSource } from '../sync-service';
import { BENCH_CACHE, BENCH_PASSWORD, cached, resticAt, snapshotCount } from './measure-repos';
import { httpClient, load, procStatus, resetPeak } from './measure-support';
import { insertResticSource, pointOfSource } from './test-source';

// Speed of restic sources (issue 25 'Speed': "a 2 GB file streamed with the server's RSS growing
// less than 100 MB"), a measurement, not part of `npm test`: `npm run restic-speed -w
// @lifeboat/bench`. A snapshot holds a folder with a 2 GiB file (64 MiB of random bytes repeated:
// restic keeps one copy of them, and 2 GiB of them stream out) and a note; the console, listening
// in this process, serves it through its download link (GET /download/{token}) over HTTP as a tar
// of the folder, as the file alone and as a zip of the folder. This process's resident memory is
// sampled from /proc every 20 ms during each download (and its peak read from VmHWM, reset just
// before), and its growth over the memory before the download must stay under 100 MB.

const MiB = 1024 * 1024;
const SIZE = 2048 * MiB;
const BLOCK = 64 * MiB;
const LIMIT = 100e6;

let f: FtpsFixture;
let dataDir: string;
let base: string;
let point: { system: number; job: number; point: number };
let made = '';

beforeAll(async () => {
  const big = await cached('download-2g-v1', async (dir) => {
    const location = path.join(dir, 'repo');
    const restic = resticAt(location, path.join(dir, 'restic-cache'));
    restic(['init', '--quiet']);
    const tree = path.join(dir, 'tree');
    fs.mkdirSync(path.join(tree, 'data'), { recursive: true });
    const block = randomBytes(BLOCK);
    const fd = fs.openSync(path.join(tree, 'data', 'big.bin'), 'w');
    for (let at = 0; at < SIZE; at += BLOCK) fs.writeSync(fd, block);
    fs.closeSync(fd);
    fs.writeFileSync(path.join(tree, 'data', 'notes.txt'), 'The scans of 2026.\n');
    const stamp = new Date(TEST_NOW - 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
    // A relative path: the snapshot holds /data.
    restic(['backup', '--quiet', '--host', 'FILE-SERVER', '--time', stamp, 'data'], { cwd: tree });
    fs.rmSync(tree, { recursive: true, force: true });
    const snapshots = snapshotCount(restic);
    fs.rmSync(path.join(dir, 'restic-cache'), { recursive: true, force: true });
    return { snapshots };
  });
  expect(big.meta.snapshots).toBe(1);
  made =
    big.madeMs === null
      ? 'from bench/.cache'
      : `made in ${(big.madeMs / 1000).toFixed(1)} s, then kept in bench/.cache`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-bench-download-'));
  f = await ftpsFixture({ resticRoots: [BENCH_CACHE], dataDir });
  const sourceId = await insertResticSource(f, {
    name: 'File server',
    location: path.join(big.dir, 'repo'),
    password: BENCH_PASSWORD,
  });
  const synced = await syncSource(f.t.ctx, sourceId);
  expect(synced?.ok, synced?.sentence).toBe(true);
  point = await pointOfSource(f, sourceId);
  await f.t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(f.t.app.server.address() as AddressInfo).port}`;
}, 1_800_000);

afterAll(async () => {
  await f?.t.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const downloads = [
  { what: 'a tar of the folder', paths: ['/data'], type: DOWNLOAD_TYPE.TAR, files: 0, folders: 1 },
  { what: 'the file alone', paths: ['/data/big.bin'], type: DOWNLOAD_TYPE.FILE, files: 1, folders: 0 },
  { what: 'a zip of the folder', paths: ['/data'], type: DOWNLOAD_TYPE.ZIP, files: 0, folders: 1 },
];

it.each(downloads)(
  'streams 2 GiB as $what with the server’s memory growing less than 100 MB',
  async (d) => {
    const mount = await f.post('resa', `/api/filebrowsing/mount/0/${point.system}/${point.job}/null`, {
      recoveryPoint: point.point,
    });
    expect(mount.statusCode, mount.body).toBe(200);
    const link = await f.post('resa', '/download/insert_download_session', {
      filemountUseId: mount.json().filemountUseId,
      appliance_id: 0,
      device_id: point.system,
      job_id: point.job,
      restore_point: point.point,
      drive: null,
      path: d.paths,
      download_type: d.type,
      files_count: d.files,
      folders_count: d.folders,
    });
    expect(link.statusCode, link.body).toBe(200);
    const http = httpClient(base, f.s.resa);
    const before = procStatus('VmRSS');
    const hwm = resetPeak();
    let peak = before;
    const timer = setInterval(() => {
      peak = Math.max(peak, procStatus('VmRSS'));
    }, 20);
    const started = performance.now();
    const got = await http.get(link.json().download_url as string, { navigation: true });
    const secs = (performance.now() - started) / 1000;
    clearInterval(timer);
    if (hwm) peak = Math.max(peak, procStatus('VmHWM'));
    http.close();
    const mb = (n: number) => `${(n / 1e6).toFixed(0)} MB`;
    console.log(
      [
        `2 GiB as ${d.what} over HTTP: ${got.bytes.toLocaleString('en-US')} bytes in ${secs.toFixed(1)} s (${(got.bytes / 1e6 / secs).toFixed(0)} MB/s; repository ${made})`,
        `  RSS before ${mb(before)}, peak ${mb(peak)}: growth ${mb(peak - before)} (limit ${mb(LIMIT)}; sampled every 20 ms${hwm ? ' and VmHWM' : ''})`,
        `  load: ${load()}`,
      ].join('\n'),
    );
    expect(got.status).toBe(200);
    expect(got.bytes).toBeGreaterThanOrEqual(SIZE);
    expect(peak - before).toBeLessThan(LIMIT);
  },
  1_800_000,
);
