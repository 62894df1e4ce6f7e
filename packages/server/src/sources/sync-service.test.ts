import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { evaluateAlerts } from '../areas/alerts/evaluate';
import { createPorts } from '../fabric';
import { buildWorld, type World } from '../test/factories';
import { createTestApp, TEST_NOW, type TestApp } from '../test/harness';
import { makeTestRepo, type TestRepo } from './restic/test-repo';
import { sealSourceSecret } from './secret';
import { syncSource } from './sync-service';

// The one sync service on real restic repositories (made here by the restic command) and on the
// simulated source: systems, restore points, jobs and health written from what a read found, in
// one transaction, idempotently.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let repo: TestRepo;
let t: TestApp;
let w: World;

beforeAll(() => {
  repo = makeTestRepo();
});
afterAll(() => repo.remove());

beforeEach(async () => {
  t = await createTestApp({ resticRoots: [repo.root] });
  w = await buildWorld(t.dbh.db, TEST_NOW);
});
afterEach(() => t.close());

const db = () => t.dbh.db;

async function addSource(o: { kind?: 'restic' | 'simulated'; location?: string; password?: string } = {}) {
  const row = await db()
    .insertInto('backup_sources')
    .values({
      reseller_id: w.resellerA,
      client_id: w.clientA1,
      kind: o.kind ?? 'restic',
      name: 'Office repository',
      location: o.location ?? repo.location,
      secret_sealed: sealSourceSecret(t.ctx.config.secretKey, {
        password: o.password ?? repo.password,
        env: {},
      }),
      created_at: TEST_NOW,
      updated_at: TEST_NOW,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const systemsOf = (sourceId: number) =>
  db()
    .selectFrom('protected_systems')
    .selectAll()
    .where('source_id', '=', sourceId)
    .orderBy('name')
    .execute();
const rowsOf = (table: 'restore_points' | 'job_history' | 'health_history', systemId: number) =>
  db().selectFrom(table).selectAll().where('system_id', '=', systemId).orderBy('id').execute();
const source = (id: number) =>
  db().selectFrom('backup_sources').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('syncing a restic repository', () => {
  let ids: Record<string, string>;
  beforeAll(() => {
    ids = {
      recOld: repo.backup('RECEPTION-PC', TEST_NOW - 2 * DAY),
      recNew: repo.backup('RECEPTION-PC', TEST_NOW - 10 * HOUR),
      files: repo.backup('RECEPTION-PC', TEST_NOW - 11 * HOUR, { tag: 'lifeboat-system=FILESERVER' }),
      stale: repo.backup('OLD-LAPTOP', TEST_NOW - 3 * DAY),
    };
  }, 60_000);

  it('adds its systems, restore points, successful jobs and health from the thresholds', async () => {
    const id = await addSource();
    const outcome = await syncSource(t.ctx, id);
    expect(outcome).toMatchObject({ ok: true, systemsAdded: 3, pointsAdded: 4, pointsRemoved: 0 });
    expect(outcome?.sentence).toBe('3 systems, 4 restore points: 4 new.');
    const systems = await systemsOf(id);
    expect(systems.map((s) => [s.name, s.health_status])).toEqual([
      ['FILESERVER', 'NORMAL'],
      // Its newest point is 3 days old: older than a server's 36 hours.
      ['OLD-LAPTOP', 'TROUBLED'],
      ['RECEPTION-PC', 'NORMAL'],
    ]);
    const rec = systems.find((s) => s.name === 'RECEPTION-PC');
    expect(rec).toMatchObject({
      reseller_id: w.resellerA,
      client_id: w.clientA1,
      appliance_id: null,
      service_gen: 4,
      agent_version: 'restic',
      last_rp_at: TEST_NOW - 10 * HOUR,
      last_job_status: 'COMPLETED',
    });
    const points = await rowsOf('restore_points', Number(rec?.id));
    expect(points.map((p) => [p.taken_at, p.external_id?.slice(0, 8)])).toEqual([
      [TEST_NOW - 2 * DAY, ids.recOld],
      [TEST_NOW - 10 * HOUR, ids.recNew],
    ]);
    expect(points[0]?.external_id).toMatch(/^[0-9a-f]{64}$/);
    const jobs = await rowsOf('job_history', Number(rec?.id));
    expect(jobs.map((j) => [j.status, j.backup_type, j.started_at])).toEqual([
      ['COMPLETED', 'Initial', TEST_NOW - 2 * DAY],
      ['COMPLETED', 'Incremental', TEST_NOW - 10 * HOUR],
    ]);
    const old = systems.find((s) => s.name === 'OLD-LAPTOP');
    expect(old?.health_reason).toBe('No successful backup in 36 hours');
    expect(await rowsOf('health_history', Number(old?.id))).toMatchObject([
      { health: 'TROUBLED', started_at: TEST_NOW },
    ]);
    expect(await source(id)).toMatchObject({
      last_sync_at: TEST_NOW,
      last_sync_outcome: 'ok',
      last_sync_sentence: '3 systems, 4 restore points: 4 new.',
    });
  });

  it('adds nothing when synced twice, and follows a changed threshold', async () => {
    const id = await addSource();
    await syncSource(t.ctx, id);
    const count = async (table: 'restore_points' | 'job_history' | 'protected_systems') =>
      Number(
        (
          await db()
            .selectFrom(table)
            .select((e) => e.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = {
      rp: await count('restore_points'),
      jobs: await count('job_history'),
      ps: await count('protected_systems'),
    };
    // The client's servers may now go 4 hours without a backup.
    await db()
      .insertInto('thresholds')
      .values({ scope_kind: 'client', scope_id: w.clientA1, kind: 'server', minutes: 240, enabled: 1 })
      .execute();
    const again = await syncSource(t.ctx, id);
    expect(again).toMatchObject({ ok: true, systemsAdded: 0, pointsAdded: 0, pointsRemoved: 0 });
    expect(again?.sentence).toBe('3 systems, 4 restore points, nothing new.');
    expect({
      rp: await count('restore_points'),
      jobs: await count('job_history'),
      ps: await count('protected_systems'),
    }).toEqual(before);
    const rec = (await systemsOf(id)).find((s) => s.name === 'RECEPTION-PC');
    expect(rec).toMatchObject({
      health_status: 'TROUBLED',
      health_reason: 'No successful backup in 4 hours',
    });
    expect((await rowsOf('health_history', Number(rec?.id))).map((h) => h.health)).toEqual([
      'NORMAL',
      'TROUBLED',
    ]);
  });

  it('completes a sync that died before its write was committed, with no duplicates', async () => {
    const id = await addSource();
    await expect(
      syncSource(t.ctx, id, (work) =>
        db()
          .transaction()
          .execute(async (trx) => {
            await work(trx);
            throw new Error('the worker died');
          }),
      ),
    ).rejects.toThrow('the worker died');
    expect(await systemsOf(id)).toHaveLength(0);
    expect((await syncSource(t.ctx, id))?.pointsAdded).toBe(4);
    const rec = (await systemsOf(id)).find((s) => s.name === 'RECEPTION-PC');
    expect(await rowsOf('restore_points', Number(rec?.id))).toHaveLength(2);
  });

  it('records a restic killed halfway as a failed sync; the next sync completes it', async () => {
    const id = await addSource();
    const bin = path.join(repo.root, 'killing-bin');
    fs.mkdirSync(bin, { recursive: true });
    const real = (process.env.PATH ?? '')
      .split(':')
      .map((d) => path.join(d, 'restic'))
      .find((f) => fs.existsSync(f));
    // A restic that is killed (SIGKILL) while it reads the repository.
    fs.writeFileSync(path.join(bin, 'restic'), `#!/bin/sh\n${real} "$@" &\nkill -9 $!\nwait $!\nexit 137\n`, {
      mode: 0o755,
    });
    const saved = process.env.PATH;
    process.env.PATH = `${bin}:${saved}`;
    try {
      expect(await syncSource(t.ctx, id)).toMatchObject({
        ok: false,
        sentence: 'restic could not read the repository.',
      });
    } finally {
      process.env.PATH = saved;
    }
    expect(await systemsOf(id)).toHaveLength(0);
    expect(await syncSource(t.ctx, id)).toMatchObject({ ok: true, pointsAdded: 4 });
  });

  it('records a failed read as a failed job per system, with restic’s sentence, and changes nothing else', async () => {
    const id = await addSource();
    await syncSource(t.ctx, id);
    const before = await systemsOf(id);
    await db()
      .updateTable('backup_sources')
      .set({ secret_sealed: sealSourceSecret(t.ctx.config.secretKey, { password: 'not it', env: {} }) })
      .where('id', '=', id)
      .execute();
    t.clock.advance(HOUR);
    const outcome = await syncSource(t.ctx, id);
    const sentence = 'The repository refused the password: check it and try again.';
    expect(outcome).toMatchObject({ ok: false, sentence, pointsAdded: 0, pointsRemoved: 0 });
    // Only the newest run's status moves (the alerts' failures in a row start from it).
    expect(await systemsOf(id)).toEqual(before.map((s) => ({ ...s, last_job_status: 'FAILED' })));
    for (const s of before) {
      expect(await rowsOf('restore_points', Number(s.id))).not.toHaveLength(0);
      const last = (await rowsOf('job_history', Number(s.id))).at(-1);
      expect(last).toMatchObject({
        status: 'FAILED',
        error_msg: sentence,
        started_at: TEST_NOW + HOUR,
        external_id: null,
      });
    }
    expect(await source(id)).toMatchObject({ last_sync_outcome: 'failed', last_sync_sentence: sentence });
  });
});

describe('a source whose reads fail', () => {
  beforeAll(() => {
    repo.backup('FRONTDESK-PC', TEST_NOW - 5 * HOUR);
  }, 60_000);

  it('raises "backup failed 2 times in a row" for its systems, resolved by the next good read', async () => {
    const id = await addSource();
    await syncSource(t.ctx, id);
    const rekey = (password: string) =>
      db()
        .updateTable('backup_sources')
        .set({ secret_sealed: sealSourceSecret(t.ctx.config.secretKey, { password, env: {} }) })
        .where('id', '=', id)
        .execute();
    const backupFailed = async () =>
      (
        await db()
          .selectFrom('alerts')
          .selectAll()
          .where('condition', '=', 'backup_failed')
          .orderBy('subject_name')
          .execute()
      ).map((a) => ({ subject: a.subject_name, open: a.resolved_at === null }));
    await rekey('not it');
    for (let i = 0; i < 2; i++) {
      t.clock.advance(HOUR);
      expect(await syncSource(t.ctx, id)).toMatchObject({ ok: false });
    }
    await evaluateAlerts(db(), t.clock.now());
    const names = (await systemsOf(id)).map((s) => s.name);
    expect(names).toContain('FRONTDESK-PC');
    expect(await backupFailed()).toEqual(names.map((subject) => ({ subject, open: true })));
    await rekey(repo.password);
    t.clock.advance(HOUR);
    expect(await syncSource(t.ctx, id)).toMatchObject({ ok: true });
    await evaluateAlerts(db(), t.clock.now());
    expect(await backupFailed()).toEqual(names.map((subject) => ({ subject, open: false })));
  });
});

describe('a snapshot forgotten in the repository', () => {
  let own: TestRepo;
  beforeAll(() => {
    own = makeTestRepo();
  });
  afterAll(() => own.remove());

  it('loses its restore point at the next sync; the job history stays', async () => {
    const first = own.backup('NAS-01', TEST_NOW - 30 * HOUR);
    own.backup('NAS-01', TEST_NOW - 6 * HOUR);
    t.ctx.config.resticRoots = [own.root];
    t.ctx.ports = createPorts(t.ctx.config, t.clock, t.dbh);
    const id = await addSource({ location: own.location, password: own.password });
    await syncSource(t.ctx, id);
    own.forget(first);
    expect(await syncSource(t.ctx, id)).toMatchObject({
      ok: true,
      pointsRemoved: 1,
      sentence: '1 system, 1 restore point: 1 gone.',
    });
    const [nas] = await systemsOf(id);
    expect((await rowsOf('restore_points', Number(nas?.id))).map((p) => p.taken_at)).toEqual([
      TEST_NOW - 6 * HOUR,
    ]);
    expect(await rowsOf('job_history', Number(nas?.id))).toHaveLength(2);
  }, 30_000);
});

describe('syncing a simulated source', () => {
  it('adds its two systems with a week of nightly points', async () => {
    const id = await addSource({ kind: 'simulated', location: 'harbor vets' });
    expect(await syncSource(t.ctx, id)).toMatchObject({ ok: true, systemsAdded: 2, pointsAdded: 14 });
    expect((await systemsOf(id)).map((s) => [s.name, s.os_type, s.health_status])).toEqual([
      ['HARBOR-VETS-LAPTOP', 'MAC_OS_X', 'NORMAL'],
      ['HARBOR-VETS-SERVER', 'WINDOWS', 'NORMAL'],
    ]);
    expect((await syncSource(t.ctx, id))?.pointsAdded).toBe(0);
  });
});
