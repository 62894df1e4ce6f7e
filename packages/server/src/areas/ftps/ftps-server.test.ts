import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { Client } from 'basic-ftp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportDir, type RunningFtps, startFtpsServer } from './ftps-server';
import { type FtpsFixture, ftpsClient, ftpsExport, ftpsFixture, rpRef, smallFolder } from './test-fixture';

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
    const ref = await rpRef(f, f.w.systemA1, f.pointsA1[0]?.id ?? 0);
    const folder = await smallFolder(f, ref, 'C:/Users');
    expect(folder).not.toBeNull();
    const a = await ftpsExport(f, [folder as string]);
    const b = await ftpsExport(f, [folder as string]);
    // Clients' files are the console owner's only: folders 0700, files 0600.
    const modes = (at: string): string[] =>
      fs.readdirSync(at, { withFileTypes: true }).flatMap((e) => {
        const p = path.join(at, e.name);
        const m = (fs.statSync(p).mode & 0o777).toString(8);
        return e.isDirectory() ? [`dir ${m}`, ...modes(p)] : [`file ${m}`];
      });
    const found = [
      `dir ${(fs.statSync(exportDir(f.t.ctx, a.id)).mode & 0o777).toString(8)}`,
      ...modes(exportDir(f.t.ctx, a.id)),
    ];
    expect(new Set(found)).toEqual(new Set(['dir 700', 'file 600']));

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
    // The first login is recorded (an export expiring unused is alerted); refused ones are not.
    const firstLogin = async (id: number) =>
      (
        await f.t.dbh.db
          .selectFrom('ftps_exports')
          .select('first_login_at')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).first_login_at;
    expect(await firstLogin(a.id)).not.toBeNull();
    expect(await firstLogin(b.id)).toBeNull();
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
