import { APPROVAL_WINDOW_MINUTES } from '@lifeboat/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD_TRIES } from '../../password-tries';
import { insertUser, TEST_PASSWORD } from '../../test/factories';
import { call, loginAs, type Session } from '../../test/harness';
import {
  type RecoveryFixture,
  recoveryFixture,
  failoverBody as testFailoverBody,
} from '../recovery/test-fixture';
import { registerFailoverHandlers } from './handlers';

// API tests of the failover area (issue 16): every call's shape, scope 404, bad input 400, the
// wrong runbook password, an office that exists already, approval by the same user refused and
// by another tenant 404, auto-stop, the scripts and the runbooks page.

let f: RecoveryFixture;
let resa2: Session;
const HOUR = 3_600_000;

beforeAll(async () => {
  f = await recoveryFixture();
  registerFailoverHandlers(f.t.ctx);
  const db = f.t.dbh.db;
  const hash = (await db.selectFrom('users').select('password_hash').executeTakeFirstOrThrow()).password_hash;
  await insertUser(db, f.t.clock.now(), hash, f.w.resellerA, 'resa2', 1);
  resa2 = await loginAs(f.t.app, 'resa2', TEST_PASSWORD);
  // These tests walk the approval, a reseller's opt-in (its default, off, is approval.test.ts's).
  await db
    .updateTable('organisations')
    .set({ failover_approval: 1 })
    .where('id', '=', f.w.resellerA)
    .execute();
});
afterAll(() => f.t.close());

/** Sign everyone in again after the clock moved past the session timeouts. */
async function relogin() {
  await f.relogin();
  resa2 = await loginAs(f.t.app, 'resa2', TEST_PASSWORD);
}

async function runAll() {
  for (let i = 0; i < 10; i++) await f.t.ctx.operations.runOnce();
}

const failoverBody = (extra: Record<string, unknown> = {}) => testFailoverBody(f, extra);

async function stopAndRun(id: number) {
  const r = await f.post('resa', '/cloud_ajax/stop_failover', { failover_id: id });
  expect(r.statusCode).toBe(200);
  await runAll();
}

describe('failover setup', () => {
  it('answers the setup of a client, with a chosen device, and 404 for another tenant', async () => {
    const r = await f.get('resa', `/api/recover_flow/load_brc_failover_setup/${f.w.clientA1}/0`);
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({
      client_id: f.w.clientA1,
      gateway: expect.stringMatching(/^10\.\d+\.0\.1$/),
      netmask: '255.255.255.0',
      approval_required: true,
      existing_failover_id: null,
    });
    expect(body.apps.map((a: { id: number }) => a.id)).toContain(f.w.applianceA1);
    expect(body.devices.find((d: { id: number }) => d.id === f.w.systemA1)).toMatchObject({
      kind: 'appliance',
      selected: true,
      unavailable: null,
    });
    const one = await f.get(
      'resa',
      `/api/recover_flow/load_brc_failover_setup/${f.w.clientA1}/${f.w.applianceA1}/${f.w.systemA1}`,
    );
    expect(one.statusCode).toBe(200);
    expect(
      (await f.get('resb', `/api/recover_flow/load_brc_failover_setup/${f.w.clientA1}/0`)).statusCode,
    ).toBe(404);
    expect(
      (await f.get('resa', `/api/recover_flow/load_brc_failover_setup/${f.w.clientA1}/${f.w.applianceB1}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await f.get('resa', `/api/recover_flow/load_rb_failover_setup/${f.w.clientA1}/0`)).statusCode,
    ).toBe(200);
    expect(
      (await f.get('resa', `/api/recover_flow/load_rb_failover_setup/${f.w.clientA1}/x`)).statusCode,
    ).toBe(404);
  });
});

describe('test failover', () => {
  it('starts, boots the systems with addresses, refuses a second office, stops', async () => {
    const bad = await f.post('resa', '/cloud_ajax/create_failover', failoverBody({ stop_after_minutes: 30 }));
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('at least one hour');
    expect(
      (await f.post('resa', '/cloud_ajax/create_failover', failoverBody({ gateway: 'x' }))).statusCode,
    ).toBe(400);
    expect((await f.post('resb', '/cloud_ajax/create_failover', failoverBody())).statusCode).toBe(404);
    const r = await f.post('resa', '/cloud_ajax/create_failover', failoverBody());
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ is_error: false, errors: {}, approval_expires_at: null });
    const id = r.json().failover_id as number;
    expect((await f.get('resa', `/cloud_ajax/failover_status/${id}`)).json()).toMatchObject({
      phase: 'new',
      type: 'test',
    });
    expect((await f.get('resb', `/cloud_ajax/failover_status/${id}`)).statusCode).toBe(404);

    const again = await f.post('resa', '/cloud_ajax/create_failover', failoverBody());
    expect(again.json()).toMatchObject({ is_error: true, failover_id: id });
    expect(again.json().errors.office).toContain('already');

    await runAll();
    const status = (await f.get('resa', `/cloud_ajax/failover_status/${id}`)).json();
    expect(status).toMatchObject({ phase: 'started', percent: 100 });
    const office = (await f.get('resa', `/client/get_failover_status/${f.w.clientA1}/0`)).json();
    expect(office.office).toMatchObject({
      failover_id: id,
      phase: 'started',
      stop_at: f.t.clock.now() + 2 * HOUR,
    });
    expect(office.office.office_address).toMatch(/virtual-office/);
    const systems = office.office.systems as { system_id: number; state: string; ip_address: string }[];
    expect(systems.length).toBeGreaterThan(0);
    for (const s of systems) {
      expect(s.state).toBe('running');
      expect(s.ip_address).toMatch(/^10\.20\.0\.\d+$/);
    }
    const shot = await f.get('resa', `/client/failover_screenshot/${id}/${systems[0]?.system_id}`);
    expect(shot.statusCode).toBe(200);
    expect(shot.headers['content-type']).toBe('image/png');
    expect(
      (await f.get('resb', `/client/failover_screenshot/${id}/${systems[0]?.system_id}`)).statusCode,
    ).toBe(404);
    expect((await f.get('resb', `/client/get_failover_status/${f.w.clientA1}/0`)).statusCode).toBe(404);

    // The test system cannot be recovered meanwhile (recovery-flow 2 setDevice).
    const state = await f.t.dbh.db.selectFrom('failover_test_states').selectAll().execute();
    expect(state.length).toBe(systems.length);

    expect((await f.post('resb', '/cloud_ajax/stop_failover', { failover_id: id })).statusCode).toBe(404);
    await stopAndRun(id);
    expect((await f.get('resa', `/cloud_ajax/failover_status/${id}`)).json().phase).toBe('finished');
    expect((await f.post('resa', '/cloud_ajax/stop_failover', { failover_id: id })).statusCode).toBe(409);
    expect(await f.t.dbh.db.selectFrom('failover_test_states').selectAll().execute()).toEqual([]);
    const after = (await f.get('resa', `/client/get_failover_status/${f.w.clientA1}/0`)).json();
    expect(after.office).toBeNull();
    expect(after.recent[0]).toMatchObject({ failover_id: id, phase: 'finished' });
  });

  it('stops by itself at its auto-stop time (audited)', async () => {
    const r = await f.post('resa', '/cloud_ajax/create_failover', failoverBody({ stop_after_minutes: 60 }));
    const id = r.json().failover_id as number;
    await runAll();
    expect((await f.get('resa', `/cloud_ajax/failover_status/${id}`)).json().phase).toBe('started');
    f.t.clock.advance(61 * 60_000);
    await relogin();
    await runAll();
    expect((await f.get('resa', `/cloud_ajax/failover_status/${id}`)).json().phase).toBe('finished');
    const audit = await f.t.dbh.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', String(id))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['failover.start', 'failover.auto_stop']),
    );
  });

  it('a fault reaches the failed phase with its sentence', async () => {
    const db = f.t.dbh.db;
    await db
      .updateTable('protected_systems')
      .set({ os_type: 'MAC_OS_X' })
      .where('id', '=', f.w.systemA2)
      .execute();
    const r = await f.post(
      'resa',
      '/cloud_ajax/create_failover',
      failoverBody({ client_id: f.w.clientA2, app_ids: [], system_ids: [f.w.systemA2] }),
    );
    expect(r.json().is_error).toBe(true);
    expect(r.json().errors.devices).toContain('cannot run');
    await db
      .updateTable('protected_systems')
      .set({ os_type: 'WINDOWS' })
      .where('id', '=', f.w.systemA2)
      .execute();
  });
});

describe('running offices (issue 18.8)', () => {
  it("lists the caller's running offices a page at a time, none of another tenant's; bad paging 400", async () => {
    await relogin();
    const r = await f.post('resa', '/cloud_ajax/create_failover', failoverBody());
    expect(r.statusCode).toBe(200);
    const id = r.json().failover_id as number;
    await runAll();
    const list = await f.get('resa', '/failover/running_offices?page=1&rows=10');
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(1);
    expect(list.json().offices[0]).toMatchObject({
      failover_id: id,
      client_id: f.w.clientA1,
      type: 'test',
      phase: 'started',
      stop_at: f.t.clock.now() + 2 * HOUR,
    });
    expect(list.json().offices[0].client_name).toBeTruthy();
    expect((await f.get('resa', '/failover/running_offices?page=2&rows=10')).json()).toMatchObject({
      offices: [],
      total: 1,
      page: 2,
    });
    expect((await f.get('resb', '/failover/running_offices')).json()).toMatchObject({
      offices: [],
      total: 0,
    });
    const bad = await f.get('resa', '/failover/running_offices?page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('The page must be');
    await stopAndRun(id);
    expect((await f.get('resa', '/failover/running_offices')).json()).toMatchObject({
      offices: [],
      total: 0,
    });
  });
});

describe('a failed failover', () => {
  it('the failover_failed fault reaches the failed phase with its sentence (createFailoverFailed)', async () => {
    const { createPorts } = await import('../../fabric');
    const ports = f.t.ctx.ports;
    f.t.ctx.ports = createPorts(
      { ...f.t.ctx.config, simSpeed: 0, simFaults: `failover_failed@client:${f.w.clientA1}` },
      f.t.clock,
      f.t.dbh,
    );
    try {
      const id = (await f.post('resa', '/cloud_ajax/create_failover', failoverBody())).json().failover_id;
      await runAll();
      const status = (await f.get('resa', `/cloud_ajax/failover_status/${id}`)).json();
      expect(status).toMatchObject({
        phase: 'failed',
        message: expect.stringContaining('could not be started'),
      });
      const office = (await f.get('resa', `/client/get_failover_status/${f.w.clientA1}/0`)).json();
      expect(office.office).toBeNull();
      expect(office.recent[0]).toMatchObject({ failover_id: id, phase: 'failed' });
    } finally {
      f.t.ctx.ports = ports;
    }
  });
});

describe('production failover and its approval', () => {
  it('waits for a second person: same user refused, another tenant 404, a colleague approves', async () => {
    const r = await f.post(
      'resa',
      '/cloud_ajax/create_failover',
      failoverBody({ type: 'production', reason: 'Fire at the site' }),
    );
    expect(r.statusCode).toBe(200);
    const id = r.json().failover_id as number;
    expect(r.json().approval_expires_at).toBe(f.t.clock.now() + APPROVAL_WINDOW_MINUTES * 60_000);
    expect((await f.get('resa', `/cloud_ajax/failover_status/${id}`)).json().phase).toBe('awaiting_approval');
    await runAll();
    expect((await f.get('resa', `/cloud_ajax/failover_status/${id}`)).json().phase).toBe('awaiting_approval');

    const list = (await call(f.t.app, resa2, { method: 'GET', url: '/failover/approval_requests' })).json();
    expect(list.requests).toEqual([
      expect.objectContaining({
        failover_id: id,
        reason: 'Fire at the site',
        requested_by: 'RESA',
        can_decide: true,
      }),
    ]);
    const mine = (await f.get('resa', '/failover/approval_requests')).json();
    expect(mine.requests[0].can_decide).toBe(false);
    expect((await f.get('resb', '/failover/approval_requests')).json().requests).toEqual([]);

    const same = await f.post('resa', '/failover/approve', { failover_id: id });
    expect(same.statusCode).toBe(403);
    expect(same.json().message).toContain('another person');
    expect((await f.post('resb', '/failover/approve', { failover_id: id })).statusCode).toBe(404);
    expect((await f.post('clia1', '/failover/approve', { failover_id: id })).statusCode).toBe(403);

    const ok = await call(f.t.app, resa2, {
      method: 'POST',
      url: '/failover/approve',
      payload: { failover_id: id },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true, failover_id: id, phase: 'new' });
    expect(
      (await call(f.t.app, resa2, { method: 'POST', url: '/failover/approve', payload: { failover_id: id } }))
        .statusCode,
    ).toBe(409);
    await runAll();
    const office = (await f.get('resa', `/client/get_failover_status/${f.w.clientA1}/0`)).json().office;
    expect(office).toMatchObject({
      failover_id: id,
      phase: 'started',
      type: 'production',
      stop_at: null,
      requested_by: 'RESA',
      approved_by: 'RESA2',
    });
    const audit = await f.t.dbh.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('target_type', '=', 'failover')
      .where('target_id', '=', String(id))
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'failover.approval_requested',
      'failover.approved',
      'failover.start',
    ]);
    expect(JSON.parse(audit[1]?.details ?? '{}')).toMatchObject({
      requested_by: 'RESA',
      approved_by: 'RESA2',
    });
    await stopAndRun(id);
  });

  it('the provider staff may approve; a refusal and an expired request end it', async () => {
    const a = (
      await f.post('resa', '/cloud_ajax/create_failover', failoverBody({ type: 'production' }))
    ).json().failover_id;
    const refused = await call(f.t.app, resa2, {
      method: 'POST',
      url: '/failover/refuse',
      payload: { failover_id: a, reason: 'Not yet' },
    });
    expect(refused.json()).toEqual({ ok: true, failover_id: a, phase: 'refused' });
    expect((await f.get('resa', `/cloud_ajax/failover_status/${a}`)).json()).toMatchObject({
      phase: 'refused',
      message: expect.stringContaining('Not yet'),
    });

    const b = (
      await f.post('resa', '/cloud_ajax/create_failover', failoverBody({ type: 'production' }))
    ).json().failover_id;
    f.t.clock.advance((APPROVAL_WINDOW_MINUTES + 1) * 60_000);
    await relogin();
    const late = await f.post('staff', '/failover/approve', { failover_id: b });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('expired');

    const c = (
      await f.post('resa', '/cloud_ajax/create_failover', failoverBody({ type: 'production' }))
    ).json().failover_id;
    expect((await f.post('staff', '/failover/approve', { failover_id: c })).statusCode).toBe(200);
    await runAll();
    await stopAndRun(c);
  });

  it('a reseller turns the rule off (audited): production starts at once', async () => {
    const url = `/settings/reseller_settings/get_failover_approval/${f.w.resellerA}`;
    expect((await f.get('resa', url)).json()).toEqual({
      reseller_id: f.w.resellerA,
      approval_required: true,
      window_minutes: APPROVAL_WINDOW_MINUTES,
    });
    expect((await f.get('resb', url)).statusCode).toBe(404);
    const save = `/settings/reseller_settings/save_failover_approval/${f.w.resellerA}`;
    expect((await f.post('clia1', save, { approval_required: false })).statusCode).toBe(404);
    expect((await f.post('resb', save, { approval_required: false })).statusCode).toBe(404);
    expect((await f.post('resa', save, { approval_required: 'no' })).statusCode).toBe(400);
    expect((await f.post('resa', save, { approval_required: false })).json().approval_required).toBe(false);
    const r = (
      await f.post('resa', '/cloud_ajax/create_failover', failoverBody({ type: 'production' }))
    ).json();
    expect(r.approval_expires_at).toBeNull();
    expect((await f.get('resa', `/cloud_ajax/failover_status/${r.failover_id}`)).json().phase).toBe('new');
    await runAll();
    await stopAndRun(r.failover_id);
    await f.post('resa', save, { approval_required: true });
    const audit = await f.t.dbh.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('action', '=', 'failover.approval_setting')
      .orderBy('id')
      .execute();
    expect(audit.length).toBe(2);
    const detail = (i: number) => {
      const d = audit[i]?.details;
      return typeof d === 'string' ? JSON.parse(d) : d;
    };
    expect(detail(0)).toMatchObject({ old: true, new: false });
    expect(detail(1)).toMatchObject({ old: false, new: true });
  });
});

describe('runbooks', () => {
  const form = (extra: Record<string, unknown> = {}) => ({
    name: 'Main office',
    vo_type: 'cloud',
    appliance_id: null,
    gateway: '10.30.0.1',
    netmask: '255.255.255.0',
    password: 'runbook-secret',
    clear_password: false,
    systems: [{ system_id: f.w.systemA1, group: 1, delay_seconds: 0, ip_address: '10.30.0.20' }],
    ...extra,
  });

  it('creates, lists, edits, copies and deletes a runbook, checking each field', async () => {
    const empty = await f.post('resa', '/runbook/create', {
      client_id: f.w.clientA1,
      ...form({ name: '', systems: [] }),
    });
    expect(empty.statusCode).toBe(400);
    const bad = await f.post('resa', '/runbook/create', {
      client_id: f.w.clientA1,
      ...form({ systems: [{ system_id: f.w.systemA1, group: 11, delay_seconds: -1, ip_address: 'x' }] }),
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (
        await f.post('resa', '/runbook/create', {
          client_id: f.w.clientA1,
          ...form({ systems: [{ system_id: f.w.systemB1, group: 1, delay_seconds: 0, ip_address: '' }] }),
        })
      ).statusCode,
    ).toBe(404);
    expect((await f.post('resb', '/runbook/create', { client_id: f.w.clientA1, ...form() })).statusCode).toBe(
      404,
    );

    const created = await f.post('resa', '/runbook/create', { client_id: f.w.clientA1, ...form() });
    expect(created.statusCode).toBe(200);
    const id = created.json().id as number;
    const list = (await f.get('resa', `/runbook/list/${f.w.clientA1}`)).json();
    expect(list.runbooks).toEqual([
      expect.objectContaining({
        id,
        name: 'Main office',
        password_protected: true,
        systems_count: 1,
        last_run: null,
      }),
    ]);
    expect(list.systems.map((s: { id: number }) => s.id)).toContain(f.w.systemA1);
    expect((await f.get('resb', `/runbook/list/${f.w.clientA1}`)).statusCode).toBe(404);

    const one = (await f.get('resa', `/runbook/get/${id}`)).json();
    expect(one).toMatchObject({
      id,
      gateway: '10.30.0.1',
      systems: [{ system_id: f.w.systemA1, group: 1, ip_address: '10.30.0.20' }],
    });
    expect(JSON.stringify(one)).not.toContain('runbook-secret');
    expect((await f.get('resb', `/runbook/get/${id}`)).statusCode).toBe(404);

    expect((await f.post('resa', `/runbook/edit/${id}`, form({ name: 'HQ', password: '' }))).statusCode).toBe(
      200,
    );
    expect((await f.get('resa', `/runbook/get/${id}`)).json()).toMatchObject({
      name: 'HQ',
      password_protected: true,
    });
    expect((await f.post('resb', `/runbook/edit/${id}`, form())).statusCode).toBe(404);

    const copy = (await f.post('resa', `/runbook/copy/${id}`)).json();
    expect((await f.get('resa', `/runbook/get/${copy.id}`)).json()).toMatchObject({
      name: 'Copy of HQ',
      systems_count: 1,
    });
    expect((await f.post('resb', `/runbook/copy/${id}`)).statusCode).toBe(404);
    expect(
      (await call(f.t.app, f.s.resb, { method: 'DELETE', url: `/runbook/delete/${copy.id}` })).statusCode,
    ).toBe(404);
    expect(
      (await call(f.t.app, f.s.resa, { method: 'DELETE', url: `/runbook/delete/${copy.id}` })).json(),
    ).toEqual({ ok: true });
    expect((await f.get('resa', `/runbook/get/${copy.id}`)).statusCode).toBe(404);
    const actions = await f.t.dbh.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'runbook')
      .execute();
    expect(actions.map((a) => a.action)).toEqual([
      'runbook.create',
      'runbook.edit',
      'runbook.copy',
      'runbook.delete',
    ]);
  });

  beforeEach(() => f.t.dbh.db.deleteFrom('login_attempts').execute());

  it('counts wrong runbook passwords: past the limit even the right one waits (429)', async () => {
    const id = (
      await f.post('resa', '/runbook/create', { client_id: f.w.clientA1, ...form({ name: 'Guarded' }) })
    ).json().id;
    const verify = (password: string) =>
      f.post('resa', '/runbook/actions/verify_runbook_password', {
        runbook_id: id,
        password,
        client_id: f.w.clientA1,
        is_recovery_flow: true,
      });
    for (let i = 0; i < PASSWORD_TRIES.freeFailures; i++)
      expect((await verify(`guess-${i}`)).json().correct).toBe(false);
    const locked = await verify('runbook-secret');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toContain('Too many wrong passwords');
    const start = await f.post('resa', '/runbook/actions/start', {
      client_id: f.w.clientA1,
      runbook_id: id,
      vo_type: 'cloud',
      password: 'runbook-secret',
      autostop_after_minutes: 120,
    });
    expect(start.statusCode).toBe(429);
    // The wait passes: the right password is taken again.
    f.t.clock.advance(PASSWORD_TRIES.firstDelayMs + 1000);
    expect((await verify('runbook-secret')).json().correct).toBe(true);
  });

  it('verifies the password, checks and starts a runbook, polled to vo_created', async () => {
    const id = (
      await f.post('resa', '/runbook/create', { client_id: f.w.clientA1, ...form({ name: 'Start me' }) })
    ).json().id;
    const rb = (await f.get('resa', `/client/get_client_runbooks/${f.w.clientA1}/cloud/0`)).json();
    expect(rb.runbooks.map((r: { id: number }) => r.id)).toContain(id);
    expect((await f.get('resa', `/client/get_client_runbooks/${f.w.clientA1}/other/0`)).statusCode).toBe(400);
    expect((await f.get('resb', `/client/get_client_runbooks/${f.w.clientA1}/cloud/0`)).statusCode).toBe(404);

    const verify = (password: string, who: 'resa' | 'resb' = 'resa') =>
      f.post(who, '/runbook/actions/verify_runbook_password', {
        runbook_id: id,
        password,
        client_id: f.w.clientA1,
        is_recovery_flow: true,
      });
    expect((await verify('wrong')).json()).toEqual({
      correct: false,
      title: 'Incorrect password',
      details: expect.any(String),
    });
    expect((await verify('runbook-secret')).json()).toEqual({ correct: true, title: null, details: null });
    expect((await verify('runbook-secret', 'resb')).statusCode).toBe(404);

    const body = { client_id: f.w.clientA1, runbook_id: id, vo_type: 'cloud' };
    expect((await f.post('resa', '/runbook/actions/check', body)).json()).toEqual({
      warnings: [],
      errors: [],
    });
    expect((await f.post('resb', '/runbook/actions/check', body)).statusCode).toBe(404);
    expect(
      (await f.post('resa', '/runbook/actions/check', { ...body, vo_type: 'appliance' })).statusCode,
    ).toBe(400);

    const wrong = (
      await f.post('resa', '/runbook/actions/start', {
        ...body,
        password: 'nope',
        autostop_after_minutes: 120,
      })
    ).json();
    expect(wrong).toMatchObject({ is_error: true, failover_id: null });
    expect(wrong.errors[0]).toContain('incorrect');
    expect(
      (await f.post('resa', '/runbook/actions/start', { ...body, autostop_after_minutes: 120 })).json()
        .errors,
    ).toEqual(['Enter the runbook’s password.']);
    expect(
      (
        await f.post('resa', '/runbook/actions/start', {
          ...body,
          password: 'runbook-secret',
          autostop_after_minutes: 525_601,
        })
      ).statusCode,
    ).toBe(400);

    expect((await f.get('resa', `/runbook/runbook_failover_status/${id}`)).json()).toMatchObject({
      status: 'none',
      failover_id: null,
    });
    const start = (
      await f.post('resa', '/runbook/actions/start', {
        ...body,
        password: 'runbook-secret',
        autostop_after_minutes: 120,
      })
    ).json();
    expect(start).toMatchObject({ is_error: false, errors: [], runbook_id: id });
    expect((await f.get('resa', `/runbook/runbook_failover_status/${id}`)).json().status).toBe('vo_creating');
    await runAll();
    expect((await f.get('resa', `/runbook/runbook_failover_status/${id}`)).json()).toMatchObject({
      status: 'vo_created',
      failover_id: start.failover_id,
    });
    expect((await f.get('resb', `/runbook/runbook_failover_status/${id}`)).statusCode).toBe(404);
    const office = (await f.get('resa', `/client/get_failover_status/${f.w.clientA1}/0`)).json().office;
    expect(office.systems[0]).toMatchObject({ ip_address: '10.30.0.20', state: 'running' });
    expect(office.runbook_name).toBe('Start me');

    // An office runs already: the check and the start list it.
    expect((await f.post('resa', '/runbook/actions/check', body)).json().errors[0]).toContain('already');
    const list = (await f.get('resa', `/runbook/list/${f.w.clientA1}`)).json();
    expect(list.runbooks.find((r: { id: number }) => r.id === id).last_run).toMatchObject({
      phase: 'started',
      by: 'RESA',
    });
    await stopAndRun(start.failover_id);
  });

  it('a vo_error fault reaches the runbook status', async () => {
    const { createPorts } = await import('../../fabric');
    const ports = f.t.ctx.ports;
    f.t.ctx.ports = createPorts(
      { ...f.t.ctx.config, simSpeed: 0, simFaults: `runbook_failed@client:${f.w.clientA1}` },
      f.t.clock,
      f.t.dbh,
    );
    try {
      const id = (
        await f.post('resa', '/runbook/create', {
          client_id: f.w.clientA1,
          ...form({ name: 'Faulty', password: '' }),
        })
      ).json().id;
      const start = (
        await f.post('resa', '/runbook/actions/start', {
          client_id: f.w.clientA1,
          runbook_id: id,
          vo_type: 'cloud',
        })
      ).json();
      expect(start.is_error).toBe(false);
      await runAll();
      const status = (await f.get('resa', `/runbook/runbook_failover_status/${id}`)).json();
      expect(status.status).toBe('vo_error');
      expect(status.errors[0]).toContain('vo_error');
    } finally {
      f.t.ctx.ports = ports;
    }
  });
});

describe('failover scripts', () => {
  it('answers real, downloadable scripts', async () => {
    const r = await f.get('resa', `/client/client_failover_script/${f.w.clientA1}/1`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/plain');
    expect(r.headers['content-disposition']).toContain('attachment');
    expect(r.body.startsWith('#!/bin/sh')).toBe(true);
    expect(r.body).toContain('iptables');
    expect(r.body).toMatch(/OFFICE_NET="10\.\d+\.0\.0\/24"/);
    expect((await f.get('resa', `/client/client_failover_script/${f.w.clientA1}`)).body).toContain(
      'production failover',
    );
    expect((await f.get('resa', `/client/client_failover_script/${f.w.clientA1}/2`)).statusCode).toBe(400);
    expect((await f.get('resb', `/client/client_failover_script/${f.w.clientA1}/1`)).statusCode).toBe(404);
    const a = await f.get('resa', `/appliance/appliance_failover_script/${f.w.applianceA1}`);
    expect(a.statusCode).toBe(200);
    expect(a.body).toContain('ip link add name "$BRIDGE" type bridge');
    expect((await f.get('resb', `/appliance/appliance_failover_script/${f.w.applianceA1}`)).statusCode).toBe(
      404,
    );
  });
});
