import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/harness';
import { exportDir, type RunningFtps, startFtpsServer } from './ftps-server';
import { FTPS_SWEEP_MS } from './handlers';
import { type FtpsFixture, ftpsClient, ftpsFixture } from './test-fixture';

// An export's expiry on the injected clock (spec: issue 13 point 4, inventory 4 discard states):
// until `expirationDays` have passed its FTPS user logs in; from then on the login is refused at
// once, the credentials are no longer revealed nor the export discarded, and the sweep deletes
// the files and marks it expired.

const DAY = 86_400_000;
const DAYS = 3;
let f: FtpsFixture;
let dir: string;
let ftps: RunningFtps;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-ftps-exp-'));
  f = await ftpsFixture({
    ftpsDir: dir,
    dataDir: dir,
    ftpsExpirationDays: DAYS,
    ftpsPasvMin: 31400,
    ftpsPasvMax: 31499,
  });
  ftps = await startFtpsServer(f.t.ctx, { port: 0 });
});
afterAll(async () => {
  await ftps.close();
  await f.t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function runAll() {
  for (let i = 0; i < 10; i++) await f.t.ctx.operations.runOnce();
}

const record = async (id: number) =>
  (await f.get('clia1', `/dashboard_ftps_exports/get_ftps_disk_records/${f.w.resellerA}/${f.w.clientA1}`))
    .json()
    .records.find((x: { id: number }) => x.id === id);

describe('the expiry of an FTPS export', () => {
  it('refuses the login after expirationDays and deletes the files', async () => {
    const p = f.pointsA1[0]?.id ?? 0;
    const r = await f.post('clia1', `/ftps_export/start/${f.w.systemA1}/${p}/disk/VMDK/dynamic`, {});
    expect(r.statusCode).toBe(200);
    await runAll();
    const status = (await f.get('clia1', `/ftps_export/get_status/${r.json().export_uuid}`)).json();
    expect(status.status).toBe('COMPLETED');
    const id = status.export_id as number;
    const readyAt = f.t.clock.now();
    const cred = (await f.post('clia1', '/ftps_export/ftps_credentials', { export_id: id })).json()
      .credentials as { login: string; password: string; expirationDays: number };
    expect(cred.expirationDays).toBe(DAYS);
    expect((await record(id)).expire).toBe(Math.floor((readyAt + DAYS * DAY) / 1000));

    // A minute before the end: the user logs in and sees the disk image; the sweep leaves it.
    f.t.clock.set(readyAt + DAYS * DAY - 60_000);
    await f.relogin();
    const before = await ftpsClient(ftps.port, cred.login, cred.password);
    try {
      expect((await before.list('/')).map((e) => e.name)).toEqual(['FS01-A1.vmdk']);
      expect(fs.statSync(path.join(exportDir(f.t.ctx, id), 'FS01-A1.vmdk')).mode & 0o777).toBe(0o600);
      expect(fs.statSync(exportDir(f.t.ctx, id)).mode & 0o777).toBe(0o700);
    } finally {
      before.close();
    }
    await runAll();
    expect(fs.existsSync(exportDir(f.t.ctx, id))).toBe(true);
    expect(
      (await f.post('clia1', '/ftps_export/ftps_credentials', { export_id: id })).json().credentials,
    ).toMatchObject({ login: cred.login, expirationDays: 1 });

    // At the end: refused at once, before the sweep has run.
    f.t.clock.set(readyAt + DAYS * DAY);
    await expect(ftpsClient(ftps.port, cred.login, cred.password)).rejects.toThrow(/530/);
    expect((await f.post('clia1', '/ftps_export/ftps_credentials', { export_id: id })).statusCode).toBe(400);
    const discard = await call(f.t.app, f.s.clia1, { method: 'DELETE', url: `/ftps_export/discard/${id}` });
    expect(discard.json()).toMatchObject({ error: true, message: { text: 'Not discarded' } });

    // The sweep deletes the files and marks the export expired; the login stays refused.
    f.t.clock.advance(FTPS_SWEEP_MS);
    await runAll();
    expect(fs.existsSync(exportDir(f.t.ctx, id))).toBe(false);
    const row = await f.t.dbh.db
      .selectFrom('ftps_exports')
      .select(['status', 'ended_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('expired');
    expect((await record(id)).status).toBe('expired');
    await expect(ftpsClient(ftps.port, cred.login, cred.password)).rejects.toThrow(/530/);
  });
});
