import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { exportDir, type RunningFtps, startFtpsServer } from './ftps-server';
import { type FtpsFixture, ftpsClient, ftpsFixture } from './test-fixture';

// Speed (issue 13 'Speed'): a 2 GB disk image streams to an FTP client without being held in
// memory. A measurement, not part of `npm test`: `npm run ftps-memory -w @lifeboat/bench`
// prints the peak RSS during the download (client and server in one process).

let f: FtpsFixture;
let dir: string;
let ftps: RunningFtps;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-ftps-mem-'));
  f = await ftpsFixture({ ftpsDir: dir, dataDir: dir, ftpsPasvMin: 31300, ftpsPasvMax: 31399 });
  ftps = await startFtpsServer(f.t.ctx, { port: 0 });
});
afterAll(async () => {
  await ftps.close();
  await f.t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('streams a 2 GB disk with a flat memory', async () => {
  const p = f.pointsA1[0]?.id ?? 0;
  const r = await f.post('clia1', `/ftps_export/start/${f.w.systemA1}/${p}/disk/VHD/fixed`, {});
  for (let i = 0; i < 10; i++) await f.t.ctx.operations.runOnce();
  const { export_id: id } = (await f.get('clia1', `/ftps_export/get_status/${r.json().export_uuid}`)).json();
  // Replace the simulated system's image by a 2 GB one (the simulator's disks are 20-500 GB).
  const home = exportDir(f.t.ctx, id);
  const { writeDiskImage } = await import('@lifeboat/contract/node');
  const file = path.join(home, fs.readdirSync(home)[0] as string);
  const length = await writeDiskImage(file, { format: 'VHD', sizeBytes: 2 * 1024 ** 3, vhdType: 'fixed' });
  const cred = (await f.post('clia1', '/ftps_export/ftps_credentials', { export_id: id })).json().credentials;
  const client = await ftpsClient(ftps.port, cred.login, cred.password);
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  let received = 0;
  const started = Date.now();
  await client.downloadTo(
    new Writable({
      write(chunk: Buffer, _e, cb) {
        received += chunk.length;
        cb();
      },
    }),
    `/${path.basename(file)}`,
  );
  clearInterval(timer);
  client.close();
  const secs = (Date.now() - started) / 1000;
  process.stdout.write(
    `2 GB VHD over FTPS: ${received} bytes in ${secs.toFixed(1)} s (${(received / 1e6 / secs).toFixed(0)} MB/s); RSS before ${(base / 1e6).toFixed(0)} MB, peak ${(peak / 1e6).toFixed(0)} MB\n`,
  );
  expect(received).toBe(length);
  expect(peak - base).toBeLessThan(256 * 1e6);
}, 600_000);
