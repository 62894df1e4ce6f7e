import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../../test/factories';
import { call, loginAs, type Session } from '../../test/harness';
import { failoverBody, type RecoveryFixture, recoveryFixture } from '../recovery/test-fixture';
import { registerFailoverHandlers } from './handlers';

// Approval of production failover as a reseller's opt-in (docs/decisions.md 'Failover approval is
// opt-in'): off by default; where on, the requester withdraws their own request (and only they
// may), the reseller's distributor decides like the provider's staff, and a refusal's reason
// reaches the client page (get_failover_status). Rights are the server's: 403, another tenant 404.

let f: RecoveryFixture;
let dist: Session;

beforeAll(async () => {
  f = await recoveryFixture();
  registerFailoverHandlers(f.t.ctx);
  dist = await loginAs(f.t.app, 'dist', TEST_PASSWORD);
});
afterAll(() => f.t.close());

const runAll = async () => {
  while ((await f.t.ctx.operations.runOnce()) > 0) {}
};
const asDist = (url: string, payload?: Record<string, unknown>) =>
  call(f.t.app, dist, payload === undefined ? { method: 'GET', url } : { method: 'POST', url, payload });

async function requestProduction(reason = 'Flood at the site'): Promise<number> {
  const r = await f.post(
    'resa',
    '/cloud_ajax/create_failover',
    failoverBody(f, {
      d2c_selected: false,
      type: 'production',
      selected_services: [],
      stop_after_minutes: undefined,
      gateway: '10.50.0.1',
      reason,
    }),
  );
  expect(r.json()).toMatchObject({ is_error: false });
  return r.json().failover_id as number;
}
const office = async (who: 'resa' | 'clia1' = 'resa') =>
  (await f.get(who, `/client/get_failover_status/${f.w.clientA1}/0`)).json();

describe('approval is off by default', () => {
  it('a reseller that never opted in starts production at once', async () => {
    const setting = await f.get('resa', `/settings/reseller_settings/get_failover_approval/${f.w.resellerA}`);
    expect(setting.json()).toMatchObject({ approval_required: false });
    const setup = await f.get('resa', `/api/recover_flow/load_brc_failover_setup/${f.w.clientA1}/0`);
    expect(setup.json().approval_required).toBe(false);
    const id = await requestProduction();
    expect((await f.get('resa', `/cloud_ajax/failover_status/${id}`)).json().phase).toBe('new');
    await runAll();
    expect((await f.post('resa', '/cloud_ajax/stop_failover', { failover_id: id })).statusCode).toBe(200);
    await runAll();
  });
});

describe('where a reseller opted in', () => {
  beforeAll(async () => {
    const save = `/settings/reseller_settings/save_failover_approval/${f.w.resellerA}`;
    expect((await f.post('resa', save, { approval_required: true })).json().approval_required).toBe(true);
  });

  it('the requester withdraws their own request; nobody else can, and a refusal is not theirs', async () => {
    const id = await requestProduction();
    const mine = (await f.get('resa', '/failover/approval_requests')).json().requests;
    expect(mine).toEqual([
      expect.objectContaining({ failover_id: id, can_decide: false, can_withdraw: true }),
    ]);

    const stop = await f.post('resa', '/cloud_ajax/stop_failover', { failover_id: id });
    expect(stop.statusCode).toBe(409);
    expect(stop.json().message).toContain('withdraw the request');
    const refuseOwn = await f.post('resa', '/failover/refuse', { failover_id: id });
    expect(refuseOwn.statusCode).toBe(403);
    expect(refuseOwn.json().message).toContain('withdraw');
    for (const other of [
      () => f.post('staff', '/failover/withdraw', { failover_id: id }),
      () => f.post('clia1', '/failover/withdraw', { failover_id: id }),
      () => asDist('/failover/withdraw', { failover_id: id }),
    ]) {
      const r = await other();
      expect(r.statusCode).toBe(403);
      expect(r.json().message).toBe(
        'Only the person who asked for this failover can withdraw it. Approve or refuse it instead.',
      );
    }
    expect((await f.post('resb', '/failover/withdraw', { failover_id: id })).statusCode).toBe(404);
    expect((await f.post('resa', '/failover/withdraw', { failover_id: 'x' })).statusCode).toBe(400);

    const ok = await f.post('resa', '/failover/withdraw', { failover_id: id });
    expect(ok.json()).toEqual({ ok: true, failover_id: id, phase: 'refused' });
    expect((await f.post('resa', '/failover/withdraw', { failover_id: id })).statusCode).toBe(409);
    const o = await office();
    expect(o.office).toBeNull();
    expect(o.recent[0]).toMatchObject({
      failover_id: id,
      phase: 'refused',
      withdrawn: true,
      requested_by: 'RESA',
      message: 'RESA withdrew the request.',
    });
    const audit = await f.t.dbh.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'failover')
      .where('target_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['failover.approval_requested', 'failover.withdrawn']);
  });

  it("the reseller's distributor sees a request to decide, and approves it", async () => {
    const id = await requestProduction();
    const list = (await asDist('/failover/approval_requests')).json().requests;
    expect(list).toEqual([
      expect.objectContaining({
        failover_id: id,
        requested_by: 'RESA',
        can_decide: true,
        can_withdraw: false,
      }),
    ]);
    expect((await f.get('staff', '/failover/approval_requests')).json().requests).toEqual([
      expect.objectContaining({ failover_id: id, can_decide: true, can_withdraw: false }),
    ]);
    expect((await f.get('resb', '/failover/approval_requests')).json().requests).toEqual([]);
    const ok = await asDist('/failover/approve', { failover_id: id });
    expect(ok.json()).toEqual({ ok: true, failover_id: id, phase: 'new' });
    await runAll();
    expect((await office()).office).toMatchObject({ failover_id: id, phase: 'started', approved_by: 'DIST' });
    expect((await f.post('resa', '/cloud_ajax/stop_failover', { failover_id: id })).statusCode).toBe(200);
    await runAll();
  });

  it("a refusal and its reason reach the requester on the client's page", async () => {
    const id = await requestProduction();
    const refused = await asDist('/failover/refuse', {
      failover_id: id,
      reason: 'Use the test office first',
    });
    expect(refused.json()).toEqual({ ok: true, failover_id: id, phase: 'refused' });
    for (const who of ['resa', 'clia1'] as const)
      expect((await office(who)).recent[0]).toMatchObject({
        failover_id: id,
        phase: 'refused',
        withdrawn: false,
        requested_by: 'RESA',
        message: 'DIST refused this failover: Use the test office first',
      });
  });
});
