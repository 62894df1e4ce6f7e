import { HEALTH_LABELS, XHR_HEADER, XHR_VALUE } from '@lifeboat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, TEST_PASSWORD, type World } from '../../test/factories';
import { call, createTestApp, loginAs, type Session, type TestApp } from '../../test/harness';
import { addSystem } from './test-systems';
import { VM_OPERATION, vmActionHandler } from './vm-handler';

// POST /devices/{start_vm|stop_vm|resume_vm|discard_vm}: the server's allowed-check, the
// operation on the simulated fabric (speed 0) and the row it changes; GET /devices/download.

let t: TestApp;
let w: World;
const s: Record<string, Session> = {};
const vm: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t.dbh.db, t.clock.now());
  t.ctx.operations.register(VM_OPERATION, vmActionHandler(t.ctx));
  const db = t.dbh.db;
  const now = t.clock.now();
  const onAppliance = { reseller_id: w.resellerA, client_id: w.clientA1, appliance_id: w.applianceA1 };
  vm.offline = await addSystem(db, now, { ...onAppliance, name: 'VM-OFF', sva_job_status: 'Offline' });
  vm.fixed = await addSystem(db, now, {
    ...onAppliance,
    name: 'VM-FIXED',
    sva_job_status: 'Running',
    currently_running: 1,
    stoppable: 0,
  });
  vm.gen2 = await addSystem(db, now, {
    ...onAppliance,
    name: 'VM-GEN2',
    service_gen: 2,
    sva_job_status: 'Offline',
  });
  vm.other = await addSystem(db, now, {
    reseller_id: w.resellerB,
    client_id: w.clientB1,
    appliance_id: w.applianceB1,
    name: 'VM-B',
    sva_job_status: 'Stopped',
  });
  await addSystem(db, now, { reseller_id: w.resellerA, client_id: w.clientA2, name: '=HYPERLINK("x")' });
  for (const u of ['resa', 'resb', 'clia1']) s[u] = await loginAs(t.app, u, TEST_PASSWORD);
});
afterAll(() => t.close());

const act = (who: string, action: string, id: number | string) =>
  call(t.app, s[who]!, {
    method: 'POST',
    url: `/devices/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `id=${id}`,
  });
const row = (id: number) =>
  t.dbh.db
    .selectFrom('protected_systems')
    .select(['sva_job_status', 'currently_running', 'stoppable'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const count = async (table: 'operations' | 'audit_log') =>
  (await t.dbh.db.selectFrom(table).select('id').execute()).length;
const summaryRow = async (who: string, id: number) =>
  (await call(t.app, s[who]!, { method: 'GET', url: '/device/device_summary/1' }))
    .json()
    .rows.find((r: { id: number }) => r.id === id);

describe('VM actions', () => {
  it('answers 404 for a device of another organisation and changes nothing', async () => {
    const before = [await count('operations'), await count('audit_log'), await row(vm.other!)];
    expect((await act('resa', 'resume_vm', vm.other!)).statusCode).toBe(404);
    expect((await act('clia1', 'resume_vm', vm.other!)).statusCode).toBe(404);
    expect((await act('resb', 'start_vm', vm.offline!)).statusCode).toBe(404);
    expect((await act('resa', 'start_vm', 'abc')).statusCode).toBe(404);
    expect([await count('operations'), await count('audit_log'), await row(vm.other!)]).toEqual(before);
  });

  it('refuses what the rules do not allow, with a reason, and queues nothing', async () => {
    const before = await count('operations');
    const stop = await act('resa', 'stop_vm', vm.fixed!);
    expect(stop.statusCode).toBe(409);
    expect(stop.json().message).toBe(
      'The virtual machine of VM-FIXED is running: it cannot be asked to stop.',
    );
    expect((await act('resa', 'resume_vm', vm.offline!)).statusCode).toBe(409);
    const gen2 = await act('resa', 'start_vm', vm.gen2!);
    expect(gen2.statusCode).toBe(409);
    expect(gen2.json().message).toMatch(/first-generation/);
    expect((await act('resa', 'start_vm', w.systemA1)).json().message).toBe(
      'FS01-A1 has no virtual machine to start.',
    );
    expect((await act('resa', 'reboot_vm', vm.offline!)).statusCode).toBe(400);
    expect(await count('operations')).toBe(before);
  });

  it('refuses every action while the appliance is offline', async () => {
    await t.dbh.db.updateTable('appliances').set({ online: 0 }).where('id', '=', w.applianceA1).execute();
    const res = await act('resa', 'discard_vm', vm.fixed!);
    await t.dbh.db.updateTable('appliances').set({ online: 1 }).where('id', '=', w.applianceA1).execute();
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/appliance of VM-FIXED is offline/);
  });

  it('starts an offline VM as an operation, shows it pending, then Running once it completes', async () => {
    const res = await act('resa', 'start_vm', vm.offline!);
    expect(res.statusCode).toBe(200);
    const { operation_id } = res.json();
    const audit = await t.dbh.db
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('action', '=', 'inventory.start_vm')
      .executeTakeFirstOrThrow();
    expect(audit.target_id).toBe(String(vm.offline));
    // Queued: the row says so, offers no second action, and the server refuses one.
    const pending = await summaryRow('resa', vm.offline!);
    expect(pending.pending).toEqual({ action: 'start_vm', operation_id });
    expect(pending.actions).toEqual(['details']);
    expect((await act('resa', 'start_vm', vm.offline!)).statusCode).toBe(409);

    await runOperation(operation_id);
    expect(await row(vm.offline!)).toEqual({ sva_job_status: 'Running', currently_running: 1, stoppable: 1 });
    const done = await summaryRow('resa', vm.offline!);
    expect(done.pending).toBeNull();
    expect(done.actions).toEqual(['details', 'stop_vm', 'discard_vm']);
  });

  it('stops, resumes and discards; a discarded VM leaves the virtualized tab', async () => {
    for (const [action, state] of [
      ['stop_vm', 'Stopped'],
      ['resume_vm', 'Running'],
      ['discard_vm', null],
    ] as const) {
      const res = await act('resa', action, vm.offline!);
      expect(res.statusCode).toBe(200);
      await runOperation(res.json().operation_id);
      expect((await row(vm.offline!)).sva_job_status).toBe(state);
    }
    expect(await summaryRow('resa', vm.offline!)).toBeUndefined();
    const inv = await call(t.app, s.resa!, { method: 'GET', url: '/devices/inventory' });
    expect(inv.json().typeCounters.VIRTUALIZED).toBe(2);
  });
});

describe('GET /devices/download', () => {
  it('downloads the tab as CSV by navigation (no anti-forgery header), formulas defused', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/devices/download?reseller_id=${w.resellerA}&type=PROTECTED`,
      headers: { cookie: s.resa!.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="devices-protected-${w.resellerA}.csv"`,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Name,Client,Type/);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([
      `"'=HYPERLINK(""x"")"`,
      'FS01-A1',
      'SQL01-A2',
      'VM-FIXED',
      'VM-GEN2',
      'VM-OFF',
    ]);
    // The health column has the words every page shows, not the stored codes (issue 18.18).
    const health = lines[0]?.split(',').indexOf('Health') ?? -1;
    const words = lines.slice(1).map((l) => l.split(',').at(health - lines[0]!.split(',').length));
    for (const w of words) expect(Object.values(HEALTH_LABELS)).toContain(w);
  });

  it('answers 404 for another reseller and 400 for an unknown type', async () => {
    const nav = (who: string, url: string) =>
      t.app.inject({ method: 'GET', url, headers: { cookie: s[who]!.cookie } });
    expect(
      (await nav('resb', `/devices/download?reseller_id=${w.resellerA}&type=PROTECTED`)).statusCode,
    ).toBe(404);
    expect((await nav('resa', '/devices/download?type=PHONES')).statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/devices/download?type=PROTECTED',
      headers: { [XHR_HEADER]: XHR_VALUE },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

/** Runs the queued operation to its end with the manual clock: no polling, no sleeping. */
async function runOperation(id: number): Promise<void> {
  for (let step = 0; step < 20; step++) {
    const op = await t.dbh.db
      .selectFrom('operations')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirst();
    if (op?.status === 'succeeded') return;
    if (op?.status === 'failed') throw new Error(`operation ${id} failed`);
    // Nothing due yet (a retry waits): move the clock on to it.
    if ((await t.ctx.operations.runOnce()) === 0) t.clock.advance(60_000);
  }
  throw new Error(`operation ${id} did not finish`);
}
