import { FabricError } from '@lifeboat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPIRY_SWEEP_MS } from './expiry-handlers';
import { countRows, HOUR, type RecoveryFixture, recoveryFixture } from './test-fixture';

// spec: recovery-flow 4 'Share exposure', 7 'Shares'; inventory 'Local shares feed' and 9.
// The simulator's faults (SIM_FAULTS) reach the other outcomes; ids are those of a fresh
// database, where appliance A1 and system A1 come first.

let f: RecoveryFixture;
beforeAll(async () => {
  f = await recoveryFixture();
});
afterAll(() => f.t.close());

const pointSecond = (ms: number) => `${Math.floor(ms / 1000)}000`;
const expose = (
  fx: RecoveryFixture,
  who: 'resa' | 'resb',
  drive = 'C%3A',
  extra = '',
  point = fx.pointsA1[1]?.taken_at ?? 0,
) =>
  fx.post(
    who,
    `/ra/expose_cifs_share/${fx.w.applianceA1}/${fx.jobA1}/${pointSecond(point)}/${drive}${extra}`,
  );
const drain = async (fx: RecoveryFixture) => {
  while ((await fx.t.ctx.operations.runOnce()) > 0) {}
};

describe('exposing a share', () => {
  let shareId: number;

  it('refuses another tenant (404), a bad point time or format (400); nothing stored', async () => {
    const before = [await countRows(f.t, 'cifs_shares'), await countRows(f.t, 'audit_log')];
    expect((await expose(f, 'resb')).statusCode).toBe(404);
    expect(
      (await f.post('resa', `/ra/expose_cifs_share/${f.w.applianceA1}/${f.jobA1}/abc/C%3A`)).statusCode,
    ).toBe(400);
    expect((await expose(f, 'resa', 'C%3A', '/QCOW/dynamic')).statusCode).toBe(400);
    expect((await expose(f, 'resa', 'Q%3A')).statusCode).toBe(400);
    expect((await expose(f, 'resa', 'C%3A', '', 1234567890123)).statusCode).toBe(404);
    expect([await countRows(f.t, 'cifs_shares'), await countRows(f.t, 'audit_log')]).toEqual(before);
  });

  it('answers waitShare with both paths and the unmount choices, then becomes active', async () => {
    const res = await expose(f, 'resa');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      ok: true,
      waitShare: true,
      sharePath: expect.stringMatching(/^\\\\APP-a1a1a1\\FS01-A1-/),
      macSharePath: expect.stringMatching(/^smb:\/\/app-a1a1a1\.local\//),
      unmountDefault: 5,
    });
    expect(body.unmountOptions).toHaveLength(10);
    expect(body.unmountOptions[5]).toEqual({ value: 86_400, label: '24 hours' });
    shareId = body.shareId;
    expect((await f.get('resa', `/ra/check_exposing_cifs_share/${shareId}`)).json()).toMatchObject({
      status: 'EXPOSE_SHARE_PENDING',
    });
    await drain(f);
    const active = (await f.get('resa', `/ra/check_exposing_cifs_share/${shareId}`)).json();
    expect(active).toMatchObject({
      status: 'EXPOSE_SHARE_ACTIVE',
      sharePath: body.sharePath,
      expireTime: f.t.clock.now() + 24 * HOUR,
    });
    expect((await f.get('resb', `/ra/check_exposing_cifs_share/${shareId}`)).statusCode).toBe(404);
    const audit = await f.t.dbh.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'recovery.share_expose')
      .execute();
    expect(audit).toEqual([expect.objectContaining({ user_id: f.w.users.resA, target_id: String(shareId) })]);
  });

  it('a second share of the same device asks to revoke the first (revokeMount)', async () => {
    const body = (await expose(f, 'resa', 'D%3A')).json();
    expect(body).toMatchObject({
      ok: false,
      exposed_share_id: shareId,
      title: expect.any(String),
      error: expect.stringContaining('already shared'),
    });
  });

  it('while the first share is still being opened, the second names it so, not by an empty path', async () => {
    // The first share's row before the appliance has answered with its path.
    const db = f.t.dbh.db;
    const first = await db
      .selectFrom('cifs_shares')
      .selectAll()
      .where('id', '=', shareId)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('cifs_shares')
      .set({ status: 'exposing', share_path: '' })
      .where('id', '=', shareId)
      .execute();
    try {
      const body = (await expose(f, 'resa', 'D%3A')).json();
      expect(body).toMatchObject({ ok: false, exposed_share_id: shareId });
      expect(body.error).toBe(
        'FS01-A1 already has a share being opened. Wait until it is open and remove it, to expose another restore point.',
      );
    } finally {
      await db
        .updateTable('cifs_shares')
        .set({ status: first.status, share_path: first.share_path })
        .where('id', '=', shareId)
        .execute();
    }
  });

  it('lists the share in the reseller’s local shares feed, and not for another reseller', async () => {
    const feed = (await f.get('resa', `/reseller/get_reseller_exposed_local_shares/${f.w.resellerA}`)).json();
    expect(feed.local_shares).toEqual([
      expect.objectContaining({
        share_id: shareId,
        device_name: 'FS01-A1',
        appliance_name: 'APP-a1a1a1',
        client_name: 'Client A1',
        status: 'active',
      }),
    ]);
    expect(
      (await f.get('resb', `/reseller/get_reseller_exposed_local_shares/${f.w.resellerA}`)).statusCode,
    ).toBe(404);
    expect(
      (await f.get('resb', `/reseller/get_reseller_exposed_local_shares/${f.w.resellerB}`)).json()
        .local_shares,
    ).toEqual([]);
  });

  it('shows the path and the edit dialog’s choices', async () => {
    const path = (await f.get('resa', `/share/display_cifs_share_path/${shareId}`)).json();
    expect(path).toMatchObject({
      ok: true,
      dialogHeader: 'FS01-A1',
      smbPath: expect.stringContaining('\\\\APP-a1a1a1\\'),
    });
    const dialog = (await f.get('resa', `/share/load_edit_expire_dialog/${shareId}`)).json();
    expect(dialog.choices.map((c: { value: number }) => c.value / 60)).toEqual([
      60, 120, 240, 480, 720, 1440, 2160, 2880, 4320, 10080,
    ]);
    expect(dialog.defaultIndex).toBe(5);
    expect((await f.get('resb', `/share/display_cifs_share_path/${shareId}`)).statusCode).toBe(404);
  });

  it('opens the edit dialog at the share’s current expiry, so saving it unchanged never shortens it', async () => {
    const row = await f.t.dbh.db
      .selectFrom('cifs_shares')
      .select('expires_at')
      .where('id', '=', shareId)
      .executeTakeFirstOrThrow();
    const threeDays = f.t.clock.now() + 3 * 86_400_000 - 30_000;
    await f.t.dbh.db
      .updateTable('cifs_shares')
      .set({ expires_at: threeDays })
      .where('id', '=', shareId)
      .execute();
    try {
      const dialog = (await f.get('resa', `/share/load_edit_expire_dialog/${shareId}`)).json();
      expect(dialog.expireTime).toBe(threeDays);
      expect(dialog.remainingSeconds).toBe(3 * 86_400 - 30);
      expect(dialog.choices[dialog.defaultIndex]).toEqual({ value: 3 * 86_400, label: '3 days' });
    } finally {
      await f.t.dbh.db
        .updateTable('cifs_shares')
        .set({ expires_at: row.expires_at })
        .where('id', '=', shareId)
        .execute();
    }
  });

  it('sets a new expiry in seconds: 400 for a value off the list, 404 for another tenant; audited', async () => {
    const before = await f.t.dbh.db
      .selectFrom('cifs_shares')
      .select('expires_at')
      .where('id', '=', shareId)
      .executeTakeFirstOrThrow();
    expect((await f.post('resa', `/share/set_cifs_share_ttl/${shareId}/61`)).statusCode).toBe(400);
    expect((await f.post('resa', `/share/set_cifs_share_ttl/${shareId}/abc`)).statusCode).toBe(400);
    expect((await f.post('resb', `/share/set_cifs_share_ttl/${shareId}/3600`)).statusCode).toBe(404);
    expect(
      await f.t.dbh.db
        .selectFrom('cifs_shares')
        .select('expires_at')
        .where('id', '=', shareId)
        .executeTakeFirstOrThrow(),
    ).toEqual(before);
    const res = (await f.post('resa', `/share/set_cifs_share_ttl/${shareId}/3600`)).json();
    expect(res).toEqual({ ok: true, newExpireTime: f.t.clock.now() + HOUR });
    const feed = (await f.get('resa', `/reseller/get_reseller_exposed_local_shares/${f.w.resellerA}`)).json();
    expect(feed.local_shares[0].expire_time).toBe(res.newExpireTime);
    const audit = await f.t.dbh.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'recovery.share_expiry')
      .execute();
    expect(audit).toEqual([expect.objectContaining({ user_id: f.w.users.resA, target_id: String(shareId) })]);
  });

  it('really expires when its time comes: the expiry sweep unmounts it and it leaves the feed', async () => {
    f.t.clock.advance(HOUR - 1000);
    await drain(f);
    // The earlier 24 h expiry no longer counts; the 1 h one is not there yet.
    expect(
      (
        await f.t.dbh.db
          .selectFrom('cifs_shares')
          .select('status')
          .where('id', '=', shareId)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('active');
    // Within one sweep of its time.
    f.t.clock.advance(EXPIRY_SWEEP_MS);
    await drain(f);
    expect(
      (
        await f.t.dbh.db
          .selectFrom('cifs_shares')
          .select('status')
          .where('id', '=', shareId)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('expired');
    await f.relogin();
    expect(
      (await f.get('resa', `/reseller/get_reseller_exposed_local_shares/${f.w.resellerA}`)).json()
        .local_shares,
    ).toEqual([]);
    expect((await f.get('resa', `/ra/check_exposing_cifs_share/${shareId}`)).json().status).toBe(
      'EXPOSE_SHARE_ENDED',
    );
    expect((await f.post('resa', `/share/set_cifs_share_ttl/${shareId}/3600`)).statusCode).toBe(409);
  });

  it('suppresses a share: audited, it leaves the feed at once; another tenant gets 404', async () => {
    const created = (await expose(f, 'resa')).json();
    await drain(f);
    expect((await f.get('resb', `/share/suppress_cifs_share/${created.shareId}`)).statusCode).toBe(404);
    expect(
      (
        await f.t.dbh.db
          .selectFrom('cifs_shares')
          .select('status')
          .where('id', '=', created.shareId)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('active');
    const res = (await f.get('resa', `/share/suppress_cifs_share/${created.shareId}`)).json();
    expect(res).toMatchObject({ ok: true, dialogTitle: 'Share unmounted' });
    expect(
      (await f.get('resa', `/reseller/get_reseller_exposed_local_shares/${f.w.resellerA}`)).json()
        .local_shares,
    ).toEqual([]);
    expect((await f.get('resa', `/share/suppress_cifs_share/${created.shareId}`)).json()).toMatchObject({
      ok: false,
    });
    const audit = await f.t.dbh.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'recovery.share_suppress')
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({ user_id: f.w.users.resA, target_id: String(created.shareId) }),
    ]);
    await drain(f);
  });
  it('a share the appliance never publishes ends as failed and does not block the next one', async () => {
    const files = f.t.ctx.ports.files;
    const original = files.waitShareActive;
    files.waitShareActive = async () => {
      throw new FabricError('FAILED', 'The appliance stopped answering while mounting.');
    };
    try {
      const created = (await expose(f, 'resa')).json();
      await drain(f);
      expect((await f.get('resa', `/ra/check_exposing_cifs_share/${created.shareId}`)).json()).toMatchObject({
        status: 'EXPOSE_SHARE_FAILED',
        error: 'The appliance stopped answering while mounting.',
      });
    } finally {
      files.waitShareActive = original;
    }
    const again = (await expose(f, 'resa')).json();
    expect(again).toMatchObject({ ok: true });
    await f.get('resa', `/share/suppress_cifs_share/${again.shareId}`);
    await drain(f);
  });
});

describe('simulator faults reach every outcome of share exposure', () => {
  let g: RecoveryFixture;
  beforeAll(async () => {
    g = await recoveryFixture({ simFaults: 'share_failed@appliance:1' });
    expect(g.w.applianceA1).toBe(1);
  });
  afterAll(() => g.t.close());

  it('share_failed: ok false with the server’s title and message (genericError)', async () => {
    const body = (await expose(g, 'resa')).json();
    expect(body).toMatchObject({
      ok: false,
      title: 'The share could not be created',
      error: expect.stringContaining('could not mount'),
    });
    expect(body.try_vhdx).toBeUndefined();
    const audit = await g.t.dbh.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'recovery.share_expose_failed')
      .execute();
    expect(audit).toHaveLength(1);
    expect(
      (await g.get('resa', `/reseller/get_reseller_exposed_local_shares/${g.w.resellerA}`)).json()
        .local_shares,
    ).toEqual([]);
  });

  it('an offline appliance answers 504 APPLIANCE_OFFLINE (applianceOffline)', async () => {
    await g.t.dbh.db.updateTable('appliances').set({ online: 0 }).where('id', '=', g.w.applianceA1).execute();
    const res = await expose(g, 'resa');
    expect(res.statusCode).toBe(504);
    expect(res.json()).toMatchObject({
      code: 'APPLIANCE_OFFLINE',
      message: expect.stringContaining('did not answer'),
    });
  });
});

describe('format_refused leads to try_vhdx (exportChangeFormat); VHDX then works', () => {
  let g: RecoveryFixture;
  beforeAll(async () => {
    g = await recoveryFixture({ simFaults: 'format_refused@system:1' });
    expect(g.w.systemA1).toBe(1);
  });
  afterAll(() => g.t.close());

  it('answers try_vhdx for VMDK, then exposes the disk in VHDX', async () => {
    expect((await expose(g, 'resa', 'C%3A', '/VMDK/dynamic')).json()).toMatchObject({
      ok: false,
      try_vhdx: true,
    });
    expect((await expose(g, 'resa', 'C%3A', '/VHDX/dynamic')).json()).toMatchObject({
      ok: true,
      waitShare: true,
    });
  });
});
