import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import type { Client } from 'basic-ftp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type TestApp } from '../../test/harness';
import { type RunningFtps, startFtpsServer } from './ftps-server';
import { type FtpsFixture, ftpsClient, ftpsExport, ftpsFixture, rpRef, smallFolder } from './test-fixture';

// The FTPS server's sessions (issue 24 section 8): an open session ends when its export expires
// or is discarded, error replies never name a path of the server, connections waiting to log in
// are capped and closed after a deadline, and wrong passwords are limited per address, counted
// before the comparison in the database, so every instance's FTPS server shares the count.

const run = promisify(execFile);
let f: FtpsFixture;
let dir: string;
let ftps: RunningFtps;
let capped: RunningFtps;
let other: TestApp;
let otherFtps: RunningFtps;
let folder: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-ftps-ses-'));
  f = await ftpsFixture({ ftpsDir: dir, dataDir: dir, ftpsPasvMin: 31600, ftpsPasvMax: 31699 });
  ftps = await startFtpsServer(f.t.ctx, { port: 0, limits: { waitingPerAddress: 20 } });
  capped = await startFtpsServer(f.t.ctx, { port: 0, limits: { waitingMax: 5, waitingPerAddress: 3 } });
  // A second instance on the same database (a PostgreSQL one: its own connections), with its own
  // FTPS server, as in the README's scale-out.
  other = await f.t.secondInstance();
  otherFtps = await startFtpsServer(other.ctx, { port: 0, limits: { waitingPerAddress: 20 } });
  const ref = await rpRef(f, f.w.systemA1, f.pointsA1[0]?.id ?? 0);
  folder = (await smallFolder(f, ref, 'C:/Users')) as string;
}, 60_000);
afterAll(async () => {
  await otherFtps?.close();
  await capped?.close();
  await ftps?.close();
  await f?.t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const remoteFolder = () => `/${folder.replace(/:/g, '')}`;

/** Resolves when the client finds its control connection closed by the server. */
async function closedWith(client: Client): Promise<void> {
  for (let i = 0; i < 100 && !client.closed; i++) await new Promise((r) => setTimeout(r, 50));
}

// Python's ftplib logs in from a chosen loopback address (curl does not show the 530's text);
// one process, the logins at once, a line per login: 'ok' or the server's answer.
const PY = `
import ssl, sys, threading
from ftplib import FTP_TLS
port, user, source = sys.argv[1:4]
passwords = sys.argv[4:]
ctx = ssl.create_default_context()
ctx.check_hostname = False
ctx.verify_mode = ssl.CERT_NONE
out = [None] * len(passwords)
def login(i):
    try:
        c = FTP_TLS(context=ctx, timeout=20, source_address=(source, 0))
        c.connect('127.0.0.1', int(port))
        c.auth()
        c.login(user, passwords[i])
        c.quit()
        out[i] = 'ok'
    except Exception as e:
        out[i] = str(e)
threads = [threading.Thread(target=login, args=(i,)) for i in range(len(passwords))]
for t in threads: t.start()
for t in threads: t.join()
print('\\n'.join(out))
`;
const loginsAt = async (port: number, user: string, from: string, passwords: string[]) =>
  (await run('python3', ['-c', PY, String(port), user, from, ...passwords])).stdout.trim().split('\n');
const logins = (user: string, from: string, passwords: string[]) =>
  loginsAt(ftps.port, user, from, passwords);
const waitAnswer = '530 Too many wrong passwords from your address. Wait 15 minutes, then try again.';

describe('FTPS sessions', () => {
  it('ends an open session when its export expires, and refuses its commands at once', async () => {
    const e = await ftpsExport(f, [folder]);
    const client = await ftpsClient(ftps.port, e.login, e.password);
    const list = await client.list(remoteFolder());
    expect(list.length).toBeGreaterThan(0);
    const first = list[0]?.name as string;
    try {
      await f.t.dbh.db
        .updateTable('ftps_exports')
        .set({ expires_at: f.t.clock.now() })
        .where('id', '=', e.id)
        .execute();
      // The next command is refused before the sweep runs.
      await expect(client.downloadTo(new PassThrough(), `${remoteFolder()}/${first}`)).rejects.toThrow(
        /expired or was discarded/,
      );
      await ftps.sweep();
      await closedWith(client);
      expect(client.closed).toBe(true);
    } finally {
      client.close();
    }
  });

  it('ends an open session when its export is discarded', async () => {
    const e = await ftpsExport(f, [folder]);
    const client = await ftpsClient(ftps.port, e.login, e.password);
    try {
      expect((await client.list('/')).length).toBeGreaterThan(0);
      const r = await call(f.t.app, f.s.clia1, { method: 'DELETE', url: `/ftps_export/discard/${e.id}` });
      expect(r.statusCode).toBe(200);
      await expect(client.list('/')).rejects.toThrow(/expired or was discarded/);
      await ftps.sweep();
      await closedWith(client);
      expect(client.closed).toBe(true);
    } finally {
      client.close();
    }
  });

  it('never names a path of the server in an error reply', async () => {
    const e = await ftpsExport(f, [folder]);
    const client = await ftpsClient(ftps.port, e.login, e.password);
    try {
      for (const attempt of [
        () => client.size('/lifeboat.sqlite'),
        () => client.list('/nowhere'),
        () => client.cd('/nowhere'),
        () => client.lastMod('/nowhere.txt'),
        () => client.downloadTo(new PassThrough(), '/nowhere.txt'),
      ]) {
        const err = await attempt().then(
          () => null,
          (x: Error) => x,
        );
        expect(err?.message).toMatch(/^[45]\d\d No such file or folder\.$/);
        expect(err?.message).not.toContain(dir);
      }
    } finally {
      client.close();
    }
  });

  it('caps the connections waiting to log in, per address and in all, and closes them after 30 s', async () => {
    const greeted: net.Socket[] = [];
    const open = (from: string) =>
      new Promise<string>((resolve) => {
        const s = net.connect({ port: capped.port, host: '127.0.0.1', localAddress: from });
        let said = '';
        s.on('data', (d) => {
          said += d.toString();
        });
        s.on('close', () =>
          resolve(
            `closed: ${said
              .trim()
              .split('\r\n')
              .find((l) => l.startsWith('421'))}`,
          ),
        );
        s.on('error', () => {});
        setTimeout(() => {
          if (!s.destroyed) {
            greeted.push(s);
            resolve('open');
          }
        }, 1000);
      });
    const a = await Promise.all([open('127.0.0.1'), open('127.0.0.1'), open('127.0.0.1')]);
    expect(a).toEqual(['open', 'open', 'open']);
    expect(await open('127.0.0.1')).toMatch(/^closed: 421 Too many connections are waiting to log in/);
    expect(await Promise.all([open('127.0.0.2'), open('127.0.0.2')])).toEqual(['open', 'open']);
    expect(await open('127.0.0.3')).toMatch(/^closed: 421 Too many connections/);

    // None logs in: 30 s later they are closed.
    const closed = greeted.map((s) => new Promise((resolve) => s.once('close', resolve)));
    f.t.clock.advance(30_000);
    await capped.sweep();
    await Promise.all(closed);
    expect(await open('127.0.0.1')).toBe('open');
    for (const s of greeted) s.destroy();
  });

  it('limits wrong passwords per address, counted before the comparison', async () => {
    const e = await ftpsExport(f, [folder]);
    // Ten wrong passwords at once from one address: five are compared, five refused unchecked.
    const wrong = Array.from({ length: 10 }, (_, i) => `wrong-${i}`);
    const answers = await logins(e.login, '127.0.0.4', wrong);
    expect(answers.filter((a) => a === '530 Login incorrect.')).toHaveLength(5);
    expect(answers.filter((a) => a === waitAnswer)).toHaveLength(5);
    // The right password from that address waits too; from another address it logs in.
    expect(await logins(e.login, '127.0.0.4', [e.password])).toEqual([waitAnswer]);
    expect(await logins(e.login, '127.0.0.5', [e.password])).toEqual(['ok']);
    // After the window, the address may try again.
    f.t.clock.advance(15 * 60_000);
    expect(await logins(e.login, '127.0.0.4', [e.password])).toEqual(['ok']);
  });

  it('shares the limit between the FTPS servers of two instances on one database', async () => {
    const e = await ftpsExport(f, [folder]);
    // Five wrong passwords at each instance at once, from one address: five in all are compared.
    const wrong = Array.from({ length: 5 }, (_, i) => `wrong-${i}`);
    const answers = (
      await Promise.all([
        loginsAt(ftps.port, e.login, '127.0.0.6', wrong),
        loginsAt(otherFtps.port, e.login, '127.0.0.6', wrong),
      ])
    ).flat();
    expect(answers.filter((a) => a === '530 Login incorrect.')).toHaveLength(5);
    expect(answers.filter((a) => a === waitAnswer)).toHaveLength(5);
    // Either instance now refuses that address, the right password too; another address logs in.
    expect(await loginsAt(ftps.port, e.login, '127.0.0.6', [e.password])).toEqual([waitAnswer]);
    expect(await loginsAt(otherFtps.port, e.login, '127.0.0.6', [e.password])).toEqual([waitAnswer]);
    expect(await loginsAt(otherFtps.port, e.login, '127.0.0.7', [e.password])).toEqual(['ok']);
  });
});
