import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeTestRepo, type TestRepo } from '../../sources/restic/test-repo';
import { sealSourceSecret } from '../../sources/secret';
import { buildWorld, type World } from '../../test/factories';
import { createTestApp, TEST_NOW, type TestApp } from '../../test/harness';
import { registerSourceSync, SOURCE_SYNC, scheduleSync, syncScheduleKey } from './sync-handler';

// The sync of a source as an operation: every source's interval through its schedule, its write
// as the operation's completion, one run at a time per source.

const MIN = 60_000;
let repo: TestRepo;
let t: TestApp;
let w: World;

beforeAll(() => {
  repo = makeTestRepo();
  repo.backup('RECEPTION-PC', TEST_NOW - 5 * MIN);
});
afterAll(() => repo.remove());

beforeEach(async () => {
  t = await createTestApp({ resticRoots: [repo.root] });
  w = await buildWorld(t.dbh.db, TEST_NOW);
  registerSourceSync(t.ctx);
});
afterEach(() => t.close());

const db = () => t.dbh.db;

async function addSource(kind: 'restic' | 'simulated', location: string, minutes = 15) {
  const row = await db()
    .insertInto('backup_sources')
    .values({
      reseller_id: w.resellerA,
      client_id: w.clientA1,
      kind,
      name: 'Office',
      location,
      secret_sealed: sealSourceSecret(t.ctx.config.secretKey, { password: repo.password, env: {} }),
      sync_interval_minutes: minutes,
      created_at: TEST_NOW,
      updated_at: TEST_NOW,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  await scheduleSync(db(), id, minutes, TEST_NOW, TEST_NOW);
  return id;
}

const runs = () =>
  db()
    .selectFrom('operations')
    .select(['status', 'result'])
    .where('kind', '=', SOURCE_SYNC)
    .orderBy('id')
    .execute();
const systems = (sourceId: number) =>
  db().selectFrom('protected_systems').select('name').where('source_id', '=', sourceId).execute();

describe('the sources.sync schedule', () => {
  it('syncs each source every interval, as an operation whose result says what it found', async () => {
    const id = await addSource('restic', repo.location, 30);
    await t.ctx.operations.runOnce();
    expect(await runs()).toHaveLength(0);
    t.clock.advance(30 * MIN);
    await t.ctx.operations.runOnce();
    const [first] = await runs();
    expect(first?.status).toBe('succeeded');
    expect(JSON.parse(first?.result ?? 'null')).toEqual({
      status: 'ok',
      sentence: '1 system, 1 restore point: 1 new.',
      systems_added: 1,
      points_added: 1,
      points_removed: 0,
      // A new source's repository is checked with its first sync, then once a day.
      check: {
        status: 'ok',
        sentence: 'The repository is sound: its structure and 5% of its data were read back without error.',
      },
    });
    expect(await systems(id)).toEqual([{ name: 'RECEPTION-PC' }]);
    // A second pass finds nothing due; the next interval's run adds nothing.
    await t.ctx.operations.runOnce();
    expect(await runs()).toHaveLength(1);
    t.clock.advance(30 * MIN);
    await t.ctx.operations.runOnce();
    const second = (await runs())[1];
    expect(JSON.parse(second?.result ?? 'null')).toMatchObject({ status: 'ok', points_added: 0 });
  });

  it('starts no second run of a source while one is in flight', async () => {
    await addSource('simulated', 'branch office');
    const row = () =>
      db()
        .selectFrom('schedules')
        .selectAll()
        .where('key', 'like', 'source-sync:%')
        .executeTakeFirstOrThrow();
    // A run claimed by an instance that then stopped: it stays queued past later slots.
    await db()
      .updateTable('schedules')
      .set({ next_run_at: TEST_NOW })
      .where('key', 'like', 'source-sync:%')
      .execute();
    const queued = await t.ctx.operations.enqueue(db(), { kind: SOURCE_SYNC, input: { sourceId: 999_999 } });
    await db()
      .updateTable('schedules')
      .set({ operation_id: queued })
      .where('key', 'like', 'source-sync:%')
      .execute();
    await db()
      .updateTable('operations')
      .set({ status: 'running', lease_owner: 'gone', lease_expires_at: TEST_NOW + 3_600_000, attempts: 1 })
      .where('id', '=', queued)
      .execute();
    t.clock.advance(45 * MIN);
    await t.ctx.operations.runOnce();
    expect(await runs()).toHaveLength(1);
    expect(Number((await row()).next_run_at)).toBe(TEST_NOW);
  });

  it('keeps the schedule of each source under its own key', async () => {
    const a = await addSource('simulated', 'a');
    const b = await addSource('simulated', 'b', 60);
    const keys = await db().selectFrom('schedules').select(['key', 'next_run_at']).orderBy('key').execute();
    expect(keys).toEqual([
      { key: syncScheduleKey(a), next_run_at: TEST_NOW + 15 * MIN },
      { key: syncScheduleKey(b), next_run_at: TEST_NOW + 60 * MIN },
    ]);
  });
});
