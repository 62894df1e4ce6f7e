import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { RestorePointRef } from '@lifeboat/contract';
import { Client } from 'basic-ftp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportDir, type RunningFtps, startFtpsServer } from './ftps-server';
import { type FtpsFixture, ftpsClient, ftpsFixture } from './test-fixture';

// The console's FTPS server end to end: an export is started through the API, then an
// independent FTP client library logs in over explicit TLS, lists the home folder, downloads a
// file and compares it byte for byte with the simulated tree; a wrong password, an expired
// export and another export's files are refused.

let f: FtpsFixture;
let dir: string;
let ftps: RunningFtps;
const DAY = 86_400_000;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-ftps-it-'));
  f = await ftpsFixture({ ftpsDir: dir, dataDir: dir, ftpsPasvMin: 31200, ftpsPasvMax: 31299 });
  ftps = await startFtpsServer(f.t.ctx, { port: 0 });
});
afterAll(async () => {
  await ftps.close();
  await f.t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function point(systemId: number, pointId: number): Promise<RestorePointRef> {
  const s = await f.t.dbh.db
    .selectFrom('protected_systems')
    .selectAll()
    .where('id', '=', systemId)
    .executeTakeFirstOrThrow();
  const p = await f.t.dbh.db
    .selectFrom('restore_points')
    .selectAll()
    .where('id', '=', pointId)
    .executeTakeFirstOrThrow();
  return {
    systemId,
    applianceId: null,
    restorePointId: pointId,
    takenAt: Number(p.taken_at),
    seed: Number(s.seed),
    osType: s.os_type,
    deviceType: s.device_type,
    hostname: s.hostname,
  };
}

/** The first folder of the tree holding only small files (a quick export to compare). */
async function smallFolder(ref: RestorePointRef, at: string, depth = 0): Promise<string | null> {
  const entries = (await f.t.ctx.ports.files.listFiles(ref, at)) ?? [];
  const files = entries.filter((e) => e.type === 'file');
  if (files.length > 0 && files.length === entries.length && files.reduce((n, e) => n + e.size, 0) < 4e6)
    return at;
  if (depth > 5) return null;
  for (const e of entries.filter((x) => x.type === 'folder')) {
    const found = await smallFolder(ref, `${at}/${e.name}`, depth + 1);
    if (found) return found;
  }
  return null;
}

async function exportOf(paths: string[]) {
  const p = f.pointsA1[0]?.id ?? 0;
  const r = await f.post('clia1', `/ftps_export/start/${f.w.systemA1}/${p}/ffr/none`, { paths });
  expect(r.statusCode).toBe(200);
  for (let i = 0; i < 10; i++) await f.t.ctx.operations.runOnce();
  const status = (await f.get('clia1', `/ftps_export/get_status/${r.json().export_uuid}`)).json();
  expect(status.status).toBe('COMPLETED');
  const cred = (
    await f.post('clia1', '/ftps_export/ftps_credentials', { export_id: status.export_id })
  ).json();
  return { id: status.export_id as number, ...(cred.credentials as { login: string; password: string }) };
}

const connect = (user: string, password: string) => ftpsClient(ftps.port, user, password);

async function download(client: Client, remote: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, cb) {
      chunks.push(chunk);
      cb();
    },
  });
  await client.downloadTo(sink, remote);
  return Buffer.concat(chunks);
}

describe('the FTPS server', () => {
  it('serves an export over explicit TLS, byte for byte, and nothing else', async () => {
    const ref = await point(f.w.systemA1, f.pointsA1[0]?.id ?? 0);
    const folder = await smallFolder(ref, 'C:/Users');
    expect(folder).not.toBeNull();
    const a = await exportOf([folder as string]);
    const b = await exportOf([folder as string]);

    const client = await connect(a.login, a.password);
    try {
      const remoteFolder = `/${(folder as string).replace(/:/g, '')}`;
      const list = await client.list(remoteFolder);
      const expected = ((await f.t.ctx.ports.files.listFiles(ref, folder as string)) ?? [])
        .map((e) => e.name)
        .sort();
      expect(list.map((e) => e.name).sort()).toEqual(expected);
      const first = expected[0] as string;
      const got = await download(client, `${remoteFolder}/${first}`);
      const entry = await f.t.ctx.ports.files.statFile(ref, `${folder}/${first}`);
      const want = await f.t.ctx.ports.files.readFile(ref, `${folder}/${first}`, 0, entry?.size ?? 0);
      expect(Buffer.compare(got, Buffer.from(want ?? new Uint8Array()))).toBe(0);
      // The other export's files are not reachable from this home folder.
      await expect(client.list(`/../${b.id}`)).rejects.toThrow();
      // Read-only.
      await expect(client.remove(`${remoteFolder}/${first}`)).rejects.toThrow();
    } finally {
      client.close();
    }

    await expect(connect(a.login, 'wrong-password')).rejects.toThrow(/530/);
    await expect(connect(a.login, b.password)).rejects.toThrow(/530/);
    // Plain FTP (no AUTH TLS) cannot log in.
    const plain = new Client(10_000);
    await expect(
      plain.access({ host: '127.0.0.1', port: ftps.port, user: a.login, password: a.password }),
    ).rejects.toThrow();
    plain.close();

    // Expired: the login is refused at once, and the sweep deletes the files.
    f.t.clock.advance(8 * DAY);
    await expect(connect(a.login, a.password)).rejects.toThrow(/530/);
    await f.relogin();
    for (let i = 0; i < 5; i++) await f.t.ctx.operations.runOnce();
    expect(fs.existsSync(exportDir(f.t.ctx, a.id))).toBe(false);
  });
});
