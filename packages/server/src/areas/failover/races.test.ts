import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../../test/factories';
import { call, loginAs, type Session, type TestApp } from '../../test/harness';
import { failoverBody, type RecoveryFixture, recoveryFixture } from '../recovery/test-fixture';

// One virtual office per client (recovery-flow 4) under concurrency: a double-click, or two
// technicians on two instances of the console reacting to the same outage, start one office; and
// a runbook's password guessed at once on two instances is held like any other (issue 24, 7).

let f: RecoveryFixture;
let other: TestApp;
let resaOther: Session;

beforeAll(async () => {
  f = await recoveryFixture();
  other = await f.t.secondInstance();
  resaOther = await loginAs(other.app, 'resa', TEST_PASSWORD);
});
afterAll(() => f.t.close());

/** `n` posts at once, every other one to the second instance. */
const atOnce = (n: number, url: string, payload: (i: number) => object) =>
  Promise.all(
    Array.from({ length: n }, (_, i) =>
      i % 2 === 0
        ? f.post('resa', url, payload(i))
        : call(other.app, resaOther, { method: 'POST', url, payload: payload(i) }),
    ),
  );
const tenAtOnce = (url: string, payload: object) => atOnce(10, url, () => payload);

async function activeOffices() {
  const rows = await f.t.dbh.db
    .selectFrom('failovers')
    .select('id')
    .where('client_id', '=', f.w.clientA1)
    .where('phase', 'in', ['awaiting_approval', 'new', 'started'])
    .execute();
  return rows.map((r) => Number(r.id));
}

async function endOffices() {
  await f.t.dbh.db
    .updateTable('failovers')
    .set({ phase: 'finished' })
    .where('client_id', '=', f.w.clientA1)
    .execute();
}

describe('one virtual office per client', () => {
  it('starts one office of ten create_failover sent at once to two instances', async () => {
    const answers = await tenAtOnce('/cloud_ajax/create_failover', failoverBody(f));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const started = answers.filter((a) => !a.json().is_error);
    expect(started).toHaveLength(1);
    const office = await activeOffices();
    expect(office).toEqual([started[0]?.json().failover_id]);
    for (const a of answers.filter((x) => x.json().is_error))
      expect(a.json()).toMatchObject({ failover_id: office[0], errors: { office: expect.any(String) } });
    await endOffices();
  });

  it('starts one office of ten runbook starts sent at once to two instances', async () => {
    const created = await f.post('resa', '/runbook/create', {
      client_id: f.w.clientA1,
      name: 'Race office',
      vo_type: 'cloud',
      appliance_id: null,
      gateway: '10.30.0.1',
      netmask: '255.255.255.0',
      password: '',
      clear_password: false,
      systems: [{ system_id: f.w.systemA1, group: 1, delay_seconds: 0, ip_address: '10.30.0.20' }],
    });
    expect(created.statusCode).toBe(200);
    const answers = await tenAtOnce('/runbook/actions/start', {
      client_id: f.w.clientA1,
      runbook_id: created.json().id,
      vo_type: 'cloud',
      autostop_after_minutes: 120,
    });
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const started = answers.filter((a) => !a.json().is_error);
    expect(started).toHaveLength(1);
    expect(await activeOffices()).toEqual([started[0]?.json().failover_id]);
    for (const a of answers.filter((x) => x.json().is_error))
      expect(a.json().errors).toEqual([expect.stringContaining('already runs')]);
    await endOffices();
  });

  it("checks five of twenty wrong guesses of a runbook's password sent at once to two instances", async () => {
    const created = await f.post('resa', '/runbook/create', {
      client_id: f.w.clientA1,
      name: 'Guarded office',
      vo_type: 'cloud',
      appliance_id: null,
      gateway: '10.31.0.1',
      netmask: '255.255.255.0',
      password: 'runbook-secret',
      clear_password: false,
      systems: [{ system_id: f.w.systemA1, group: 1, delay_seconds: 0, ip_address: '10.31.0.20' }],
    });
    const answers = await atOnce(20, '/runbook/actions/verify_runbook_password', (i) => ({
      runbook_id: created.json().id,
      client_id: f.w.clientA1,
      password: `guess-${i}`,
      is_recovery_flow: true,
    }));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
  });
});
