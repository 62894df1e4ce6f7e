import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/harness';
import { exportDir } from './ftps-server';
import { type FtpsFixture, ftpsFixture, SYSTEM_PASSWORD } from './test-fixture';

// API tests of the ftps area: each call's shape, scope 404, bad input 400, the wrong password,
// rp-in-use, completion, credentials, the feed, discard and expiry.

let f: FtpsFixture;
let dir: string;
const DAY = 86_400_000;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-ftps-'));
  f = await ftpsFixture({ ftpsDir: dir, ftpsExpirationDays: 7 });
});
afterAll(async () => {
  await f.t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const del = (who: keyof FtpsFixture['s'], url: string) => call(f.t.app, f.s[who], { method: 'DELETE', url });
const run = () => f.t.ctx.operations.runOnce();
async function runAll() {
  for (let i = 0; i < 10; i++) await run();
}

describe('discovery', () => {
  it('offers files, disks and the cloud virtual office; hides what is not built yet', async () => {
    const r = await f.get('clia1', `/api/recover_flow/get_available_recovery_options/${f.w.clientA1}/0`);
    // A simulated client has no backup source's disk image, so no disk as a download.
    expect(r.json()).toEqual({
      cloud_vo: true,
      ftps_export_ffr: true,
      ftps_export_virtual_disk: true,
      virtual_disk_download: false,
      azure_direct_restore: false,
    });
    expect(
      (await f.get('clia1', `/api/recover_flow/get_available_recovery_options/${f.w.clientB1}/0`)).statusCode,
    ).toBe(404);
    expect(
      (await f.get('clia1', `/api/recover_flow/get_available_recovery_options/${f.w.clientA1}/x`)).statusCode,
    ).toBe(400);
  });

  it('lists the devices with eligibility and the key flag', async () => {
    const r = await f.get('clia1', `/client/load_rb_devices_table_data/${f.w.clientA1}/0`);
    expect(r.statusCode).toBe(200);
    const rows = r.json().data as {
      psName: string;
      ftpsAllowed: boolean;
      isPasswordProtected: boolean;
      systemOsType: string;
    }[];
    expect(rows.map((x) => x.psName).sort()).toEqual(['FS01-A1', 'MAC-A1', 'PROT-A1']);
    expect(rows.find((x) => x.psName === 'PROT-A1')?.isPasswordProtected).toBe(true);
    expect(rows.every((x) => x.ftpsAllowed)).toBe(true);
    expect((await f.get('clia1', `/client/load_rb_devices_table_data/${f.w.clientB1}/0`)).statusCode).toBe(
      404,
    );
    expect((await f.get('clia1', '/device/load_rb_devices_table_columns')).json().columns.length).toBe(4);
  });

  it('answers a month of restore points with the placeholder entry', async () => {
    const at = new Date(f.pointsA1[0]?.taken_at ?? 0);
    const r = await f.get(
      'clia1',
      `/ftps_export/get_rb_device_restore_points/${f.w.systemA1}/${at.getUTCFullYear()}/${at.getUTCMonth() + 1}`,
    );
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.days).toContain(at.getUTCDate());
    expect(body.restorePoints[String(at.getUTCDate())][0]).toEqual({
      label: 'Choose a restore point',
      value: '0',
    });
    expect(body.newOffset).toBe(0);
    expect(
      (await f.get('clia1', `/ftps_export/get_rb_device_restore_points/${f.w.systemB1}/2026/11`)).statusCode,
    ).toBe(404);
    expect(
      (await f.get('clia1', `/ftps_export/get_rb_device_restore_points/${f.w.systemA1}/2026/13`)).statusCode,
    ).toBe(400);
  });
});

describe('restore points in the user time zone (issue 24)', () => {
  it("groups a month's points into the days of the user's zone and labels their times there", async () => {
    const ts = f.pointsA1[0]?.taken_at ?? 0;
    const zone = 'Pacific/Kiritimati'; // UTC+14: most points fall on the next day there
    await f.t.dbh.db.updateTable('users').set({ time_zone: zone }).where('username', '=', 'clia1').execute();
    try {
      const parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone, dateStyle: 'short' }).format(ts);
      const [y, m, d] = parts.split('-').map(Number);
      const r = await f.get('clia1', `/ftps_export/get_rb_device_restore_points/${f.w.systemA1}/${y}/${m}`);
      const day = r.json().restorePoints[String(d)] as { label: string; ts?: number }[];
      const entry = day.find((o) => o.ts === ts);
      expect(entry?.label).toBe(
        new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit' }).format(ts),
      );
    } finally {
      await f.t.dbh.db
        .updateTable('users')
        .set({ time_zone: null })
        .where('username', '=', 'clia1')
        .execute();
    }
  });
});

describe('browse', () => {
  it('lists a folder of a cloud point; another tenant or point is 404, a path outside it 400', async () => {
    const p = f.pointsA1[0]?.id ?? 0;
    const r = await f.get('clia1', `/ftps_export/browse/${f.w.systemA1}/${p}?path=C%3A`);
    expect(r.statusCode).toBe(200);
    const body = r.json() as {
      path: string;
      entries: { name: string; type: string; size: number; modifiedAt: number }[];
    };
    expect(body.path).toBe('C:');
    expect(body.entries.length).toBeGreaterThan(0);
    expect(Object.keys(body.entries[0] ?? {}).sort()).toEqual(['modifiedAt', 'name', 'size', 'type']);
    // The one file browser shows each entry's size and date on both tools; nothing after the point.
    const taken = Number(f.pointsA1[0]?.taken_at ?? 0);
    for (const e of body.entries) expect(e.modifiedAt).toBeGreaterThan(0);
    for (const e of body.entries) expect(e.modifiedAt).toBeLessThanOrEqual(taken);
    expect(body.entries.some((e) => e.type === 'folder')).toBe(true);
    expect((await f.get('clib1', `/ftps_export/browse/${f.w.systemA1}/${p}?path=C%3A`)).statusCode).toBe(404);
    expect(
      (await f.get('clia1', `/ftps_export/browse/${f.w.systemA1}/${f.pointsB1[0]?.id ?? 0}?path=C%3A`))
        .statusCode,
    ).toBe(404);
    expect(
      (await f.get('clia1', `/ftps_export/browse/${f.w.systemA1}/${p}?path=Z%3A%2Fnone`)).statusCode,
    ).toBe(400);
  });

  it('answers 400 or 404 to bad ids and bodies of status, credentials and discard', async () => {
    expect((await f.get('clia1', `/ftps_export/get_status/${'x'.repeat(65)}`)).statusCode).toBe(400);
    expect((await f.get('clia1', '/ftps_export/get_status/no-such-export')).statusCode).toBe(404);
    expect((await f.post('clia1', '/ftps_export/ftps_credentials', { export_id: 'abc' })).statusCode).toBe(
      400,
    );
    expect((await f.post('clia1', '/ftps_export/ftps_credentials', { export_id: 999999 })).statusCode).toBe(
      404,
    );
    expect((await del('clia1', '/ftps_export/discard/abc')).statusCode).toBe(404);
    expect((await del('clia1', '/ftps_export/discard/999999')).statusCode).toBe(404);
  });
});

describe('password', () => {
  it('checks the password and rate-limits wrong ones', async () => {
    const ok = await f.post('clia1', '/ftps_export/verify_ps_password', {
      machine_id: f.protectedA1,
      password: SYSTEM_PASSWORD,
    });
    expect(ok.json()).toEqual({ isPasswordCorrect: true });
    const bad = await f.post('clia1', '/ftps_export/verify_ps_password', {
      machine_id: f.protectedA1,
      password: 'nope',
    });
    expect(bad.json()).toEqual({ isPasswordCorrect: false });
    expect(
      (await f.post('clia1', '/ftps_export/verify_ps_password', { machine_id: f.w.systemB1, password: 'x' }))
        .statusCode,
    ).toBe(404);
    expect((await f.post('clia1', '/ftps_export/verify_ps_password', { machine_id: 'abc' })).statusCode).toBe(
      400,
    );
  });
});

describe('export', () => {
  const start = (who: keyof FtpsFixture['s'], sys: number, point: number, rest: string, body: unknown) =>
    f.post(who, `/ftps_export/start/${sys}/${point}/${rest}`, body);

  it('refuses bad input, foreign objects, ineligible systems and a wrong password', async () => {
    const p = f.pointsA1[0]?.id ?? 0;
    expect((await start('clia1', f.w.systemA1, p, 'disk/QCOW', {})).statusCode).toBe(400);
    expect((await start('clia1', f.w.systemA1, p, 'ffr/none', { paths: [] })).statusCode).toBe(400);
    expect((await start('clia1', f.w.systemA1, p, 'ffr/none', { paths: ['Z:/nothing'] })).statusCode).toBe(
      400,
    );
    // A whole drive passes the export's limits: refused at once, and no export is created.
    const before = await f.t.dbh.db.selectFrom('ftps_exports').select('id').execute();
    const drive = await start('clia1', f.w.systemA1, p, 'ffr/none', { paths: ['C:'] });
    expect(drive.statusCode).toBe(400);
    expect(drive.json()).toMatchObject({
      message: /larger than 4 GB|more than 20,000/,
      fields: { paths: 'Too large.' },
    });
    expect(await f.t.dbh.db.selectFrom('ftps_exports').select('id').execute()).toEqual(before);
    expect((await start('clia1', f.w.systemB1, f.pointsB1[0]?.id ?? 0, 'disk/VHD', {})).statusCode).toBe(404);
    expect((await start('clia1', f.w.systemA1, f.pointsB1[0]?.id ?? 0, 'disk/VHD', {})).statusCode).toBe(404);
    const mac = await start('clia1', f.macA1, f.macPoint, 'disk/VHD', {});
    expect(mac.statusCode).toBe(400);
    expect(mac.json().message).toMatch(/macOS/);
    const wrong = await start('clia1', f.protectedA1, f.protectedPoint, 'disk/VHD', { password: 'nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ password: 'Password incorrect.' });
  });

  it('runs a disk export to COMPLETED, reveals the credentials, lists it, discards it', async () => {
    const p = f.pointsA1[0]?.id ?? 0;
    const r = await start('clia1', f.w.systemA1, p, 'disk/VMDK/dynamic', {});
    expect(r.statusCode).toBe(200);
    const uuid = r.json().export_uuid as string;
    const running = (await f.get('clia1', `/ftps_export/get_status/${uuid}`)).json();
    expect(running.status).toBe('RUNNING');
    expect((await f.get('clib1', `/ftps_export/get_status/${uuid}`)).statusCode).toBe(404);
    await runAll();
    const done = (await f.get('clia1', `/ftps_export/get_status/${uuid}`)).json();
    expect(done).toMatchObject({ status: 'COMPLETED', percent: 100, rpInUseError: false });
    const id = done.export_id as number;
    const files = fs.readdirSync(exportDir(f.t.ctx, id));
    expect(files).toEqual(['FS01-A1.vmdk']);
    expect(
      fs
        .readFileSync(path.join(exportDir(f.t.ctx, id), 'FS01-A1.vmdk'))
        .subarray(0, 4)
        .toString(),
    ).toBe('KDMV');

    const cred = await f.post('clia1', '/ftps_export/ftps_credentials', { export_id: id });
    expect(cred.json().credentials).toMatchObject({
      expirationDays: 7,
      login: expect.stringMatching(/^lb-/),
    });
    expect((await f.post('clib1', '/ftps_export/ftps_credentials', { export_id: id })).statusCode).toBe(404);

    const feed = await f.get('resa', `/dashboard_ftps_exports/get_ftps_disk_records/${f.w.resellerA}/0`);
    expect(feed.json().records.map((x: { id: number }) => x.id)).toContain(id);
    expect(
      (await f.get('resb', `/dashboard_ftps_exports/get_ftps_disk_records/${f.w.resellerA}/0`)).statusCode,
    ).toBe(404);
    expect(
      (await f.get('resa', `/dashboard_ftps_exports/get_ftps_ffr_records/${f.w.resellerA}/0`)).json().records,
    ).toEqual([]);

    expect((await del('clib1', `/ftps_export/discard/${id}`)).statusCode).toBe(404);
    const d = await del('clia1', `/ftps_export/discard/${id}`);
    expect(d.json()).toMatchObject({ error: false });
    expect((await del('clia1', `/ftps_export/discard/${id}`)).json()).toMatchObject({ error: true });
    await runAll();
    expect(fs.existsSync(exportDir(f.t.ctx, id))).toBe(false);
    const after = await f.get(
      'clia1',
      `/dashboard_ftps_exports/get_ftps_disk_records/${f.w.resellerA}/${f.w.clientA1}`,
    );
    expect(after.json().records.find((x: { id: number }) => x.id === id)?.status).toBe('discarded');
    const actions = (
      await f.t.dbh.db.selectFrom('audit_log').select('action').where('action', 'like', 'ftps.%').execute()
    ).map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining(['ftps.export.start', 'ftps.credentials.reveal', 'ftps.export.discard']),
    );
  });

  it('asks a protected export for its password, and ends an export at its expiry', async () => {
    const r = await start('clia1', f.protectedA1, f.protectedPoint, 'disk/VHD/dynamic', {
      password: SYSTEM_PASSWORD,
    });
    expect(r.statusCode).toBe(200);
    await runAll();
    const { export_id: id } = (
      await f.get('clia1', `/ftps_export/get_status/${r.json().export_uuid}`)
    ).json();
    expect(
      (await f.post('clia1', '/ftps_export/ftps_credentials', { export_id: id, password: 'bad' })).json(),
    ).toEqual({
      error: 'Password incorrect.',
    });
    const ok = await f.post('clia1', '/ftps_export/ftps_credentials', {
      export_id: id,
      password: SYSTEM_PASSWORD,
    });
    expect(ok.json().credentials.password).toMatch(/^[\w-]{16}$/);
    f.t.clock.advance(8 * DAY);
    await f.relogin();
    await runAll();
    expect(fs.existsSync(exportDir(f.t.ctx, id))).toBe(false);
    const row = await f.t.dbh.db
      .selectFrom('ftps_exports')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('expired');
    expect(
      (await f.post('clia1', '/ftps_export/ftps_credentials', { export_id: id, password: SYSTEM_PASSWORD }))
        .statusCode,
    ).toBe(400);
  });
});
