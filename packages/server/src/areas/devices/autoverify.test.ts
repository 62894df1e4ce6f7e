import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPorts } from '../../fabric';
import { OperationsEngine } from '../../operations/engine';
import { buildWorld, TEST_PASSWORD, type World } from '../../test/factories';
import { call, createTestApp, loginAs, type Session, type TestApp } from '../../test/harness';
import { AUTOVERIFY_RUN, autoVerifyHandler } from './autoverify-handler';
import { AUTOVERIFY_ALREADY_QUEUED, AUTOVERIFY_NOT_FOR_NAS } from './autoverify-service';

// POST /device/start_cloud_autoverify and GET /api/operations/:id on the real app; the
// operation is run by the engine with runOnce (the simulator at speed 0 does not wait).

let t: TestApp;
let w: World;
const s: Record<string, Session> = {};

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t.dbh.db, t.clock.now());
  t.ctx.operations.register(AUTOVERIFY_RUN, autoVerifyHandler(t.ctx));
  const now = t.clock.now();
  for (const id of [w.systemA1, w.systemA2, w.systemB1]) {
    const job = await t.dbh.db
      .insertInto('jobs')
      .values({ system_id: id, name: 'Full system', type: 'SERVER_ALIVE_BMR', drives: '["C:"]' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.dbh.db
      .insertInto('restore_points')
      .values({ system_id: id, job_id: job.id, taken_at: now - 3_600_000, is_local: 1, size_bytes: 1e9 })
      .execute();
    await t.dbh.db
      .updateTable('protected_systems')
      .set({ last_rp_at: now - 3_600_000 })
      .where('id', '=', id)
      .execute();
  }
  for (const u of ['resa', 'resb', 'clia1']) s[u] = await loginAs(t.app, u, TEST_PASSWORD);
});
afterAll(() => t.close());

const start = (who: string, id: number | string) =>
  call(t.app, s[who]!, {
    method: 'POST',
    url: '/device/start_cloud_autoverify',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `id=${id}`,
  });
const status = (who: string, id: number | string) =>
  call(t.app, s[who]!, { method: 'GET', url: `/api/operations/${id}` });
const count = async (table: 'operations' | 'audit_log' | 'autoverify_results') =>
  (await t.dbh.db.selectFrom(table).select('id').execute()).length;

describe('POST /device/start_cloud_autoverify', () => {
  it('answers 404 for a system outside the actor’s scope and creates nothing', async () => {
    const before = [await count('operations'), await count('audit_log')];
    const res = await start('resb', w.systemA1);
    expect(res.statusCode).toBe(404);
    expect((await start('clia1', w.systemA2)).statusCode).toBe(404);
    expect((await start('resa', 'abc')).statusCode).toBe(404);
    expect([await count('operations'), await count('audit_log')]).toEqual(before);
  });

  it('answers 400 without an id', async () => {
    const res = await call(t.app, s.resa!, {
      method: 'POST',
      url: '/device/start_cloud_autoverify',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'other=1',
    });
    expect(res.statusCode).toBe(400);
  });

  it('queues one AutoVerify, audits it, refuses a second, and runs it to a stored result', async () => {
    const res = await start('resa', w.systemA1);
    expect(res.statusCode).toBe(200);
    const { success, operation_id } = res.json();
    expect(success).toBe(true);
    const op = await t.dbh.db
      .selectFrom('operations')
      .selectAll()
      .where('id', '=', operation_id)
      .executeTakeFirstOrThrow();
    expect(op).toMatchObject({
      kind: AUTOVERIFY_RUN,
      status: 'queued',
      subject_type: 'protected_system',
      subject_id: w.systemA1,
      reseller_id: w.resellerA,
      client_id: w.clientA1,
      created_by: w.users.resA,
    });
    const audits = await t.dbh.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'autoverify.start')
      .execute();
    expect(audits).toMatchObject([
      {
        user_id: w.users.resA,
        organisation_id: w.resellerA,
        target_type: 'protected_system',
        target_id: String(w.systemA1),
      },
    ]);

    expect((await start('resa', w.systemA1)).json()).toEqual({
      success: false,
      message: AUTOVERIFY_ALREADY_QUEUED,
    });
    expect((await status('resa', operation_id)).json()).toMatchObject({
      id: operation_id,
      status: 'queued',
      progress: 0,
    });

    expect(await t.ctx.operations.runOnce()).toBe(1);
    const done = (await status('resa', operation_id)).json();
    expect(done).toMatchObject({
      id: operation_id,
      kind: AUTOVERIFY_RUN,
      status: 'succeeded',
      progress: 100,
      error: null,
    });
    expect(Object.keys(done).sort()).toEqual(
      [
        'created_at',
        'error',
        'finished_at',
        'id',
        'kind',
        'progress',
        'result',
        'status',
        'step',
        'updated_at',
      ].sort(),
    );
    const results = await t.dbh.db
      .selectFrom('autoverify_results')
      .selectAll()
      .where('system_id', '=', w.systemA1)
      .execute();
    expect(results).toHaveLength(1);
    expect(done.result).toEqual({ autoverify_result_id: results[0]?.id, status: results[0]?.status });

    // Finished: a new run may be started.
    expect((await start('resa', w.systemA1)).json()).toMatchObject({ success: true });
    await t.ctx.operations.runOnce();
  });

  it('refuses NAS devices', async () => {
    await t.dbh.db
      .updateTable('protected_systems')
      .set({ device_type: 'nas' })
      .where('id', '=', w.systemA2)
      .execute();
    expect((await start('resa', w.systemA2)).json()).toEqual({
      success: false,
      message: AUTOVERIFY_NOT_FOR_NAS,
    });
    await t.dbh.db
      .updateTable('protected_systems')
      .set({ device_type: 'server' })
      .where('id', '=', w.systemA2)
      .execute();
  });
});

describe('GET /api/operations/:id', () => {
  it('shows an operation to its client and reseller only', async () => {
    const { operation_id } = (await start('clia1', w.systemA1)).json();
    expect((await status('clia1', operation_id)).statusCode).toBe(200);
    expect((await status('resa', operation_id)).statusCode).toBe(200);
    expect((await status('resb', operation_id)).statusCode).toBe(404);
    expect((await status('resa', 'x1')).statusCode).toBe(404);
    expect((await status('resa', 999999)).statusCode).toBe(404);
    await t.ctx.operations.runOnce();
  });
});

describe('faults', () => {
  it('fails the operation with the fabric’s message when the appliance is offline', async () => {
    // A second worker on the same database whose ports have every appliance offline.
    const ports = createPorts({ simSpeed: 0, simFaults: 'appliance_offline=1' }, t.clock, t.dbh);
    const worker = new OperationsEngine({ dbh: t.dbh, clock: t.clock });
    worker.register(AUTOVERIFY_RUN, autoVerifyHandler({ dbh: t.dbh, ports }));
    const before = await count('autoverify_results');
    const started = await call(t.app, s.resb!, {
      method: 'POST',
      url: '/device/start_cloud_autoverify',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `id=${w.systemB1}`,
    });
    const { operation_id } = started.json();
    expect(await worker.runOnce()).toBe(1);
    const op = (await status('resb', operation_id)).json();
    expect(op).toMatchObject({ status: 'failed', error: expect.stringMatching(/offline/) });
    expect(await count('autoverify_results')).toBe(before);
  });
});
