import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPorts } from '../../fabric';
import { makeTestRepo, type TestRepo } from '../../sources/restic/test-repo';
import { buildWorld, TEST_PASSWORD, type World } from '../../test/factories';
import { call, createTestApp, loginAs, type Session, TEST_NOW, type TestApp } from '../../test/harness';
import { registerSourceSync } from './sync-handler';

// A client's backup sources through the calls (issue 25.4), on a real restic repository: add and
// first sync, Test connection's sentences, the list (never a password or key), pause, edit,
// remove (audited, nothing of the secret kept), Sync now one at a time; rights 403, scope 404.

const HOUR = 3_600_000;
let repo: TestRepo;
let t: TestApp;
let w: World;
const s: Record<string, Session> = {};

beforeAll(async () => {
  repo = makeTestRepo();
  repo.backup('RECEPTION-PC', TEST_NOW - 2 * HOUR);
  repo.backup('FRONT-DESK', TEST_NOW - 3 * HOUR);
  t = await createTestApp({ resticRoots: [repo.root] });
  w = await buildWorld(t.dbh.db, TEST_NOW);
  registerSourceSync(t.ctx);
  for (const name of ['staff', 'dist', 'resa', 'resb', 'clia1'])
    s[name] = await loginAs(t.app, name, TEST_PASSWORD);
}, 60_000);
afterAll(async () => {
  await t.close();
  repo.remove();
});

const req = (who: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  call(t.app, s[who] as Session, {
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const list = async (who = 'resa') => (await req(who, 'GET', `/api/sources/client/${w.clientA1}`)).json();
const body = (extra: object = {}) => ({
  name: 'Office repository',
  location: repo.location,
  password: repo.password,
  env: { AWS_ACCESS_KEY_ID: 'AKIAEXAMPLEKEY' },
  ...extra,
});
const audits = (action: string) =>
  t.dbh.db.selectFrom('audit_log').select(['details', 'target_id']).where('action', '=', action).execute();

describe('Test connection', () => {
  const test = (extra: object) => req('resa', 'POST', `/api/sources/client/${w.clientA1}/test`, body(extra));

  it('opens the repository and says what it holds', async () => {
    const res = await test({});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, sentence: 'The repository opened: 2 systems, 2 restore points.' });
  });

  it.each([
    [{ password: 'wrong' }, 'The repository refused the password: check it and try again.'],
    [{ location: path.join('/', 'tmp', 'nowhere') }, /must be inside/],
  ])('says what is wrong: %j', async (extra, sentence) => {
    const res = await test(extra);
    if (res.statusCode === 200) expect(res.json()).toMatchObject({ ok: false, sentence });
    else {
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.location).toMatch(sentence);
    }
  });

  it('a missing folder, and a folder that is not a repository', async () => {
    expect((await test({ location: path.join(repo.root, 'gone') })).json()).toEqual({
      ok: false,
      sentence: 'There is no repository at this location.',
    });
    expect((await test({ location: path.join(repo.root, 'trees') })).json()).toEqual({
      ok: false,
      sentence: 'This folder is not a restic repository.',
    });
  });

  it('a server that does not answer, and restic not installed', async () => {
    t.ctx.config.resticAllowRemote = true;
    t.ctx.ports = createPorts(t.ctx.config, t.clock, t.dbh);
    try {
      expect((await test({ location: 'rest:http://127.0.0.1:1/' })).json()).toEqual({
        ok: false,
        sentence: 'The repository could not be reached: check the address and that its server is up.',
      });
    } finally {
      t.ctx.config.resticAllowRemote = false;
      t.ctx.ports = createPorts(t.ctx.config, t.clock, t.dbh);
    }
    const saved = process.env.PATH;
    process.env.PATH = path.join(repo.root, 'no-bin');
    try {
      expect((await test({})).json()).toEqual({
        ok: false,
        sentence:
          'restic is not installed on the console’s server: its operator installs it with apt-get install restic.',
      });
    } finally {
      process.env.PATH = saved;
    }
  });

  it('refuses locations that would be options, escapes and oversized text with a 400', async () => {
    for (const location of [
      '-o',
      '--password-command=id',
      `${repo.root}/../etc`,
      `${repo.root}/a\u0000b`,
      'x'.repeat(100_000),
    ]) {
      const res = await test({ location });
      expect(res.statusCode, location.slice(0, 30)).toBe(400);
    }
  });
});

describe('adding, listing and syncing a source', () => {
  let id: number;

  it('adds a source, runs its first sync, and lists it without its password or keys', async () => {
    expect((await list()).sources).toEqual([]);
    const res = await req('resa', 'POST', `/api/sources/client/${w.clientA1}`, body());
    expect(res.statusCode).toBe(200);
    id = res.json().id;
    const operationId = res.json().operation_id;
    await t.ctx.operations.runOnce();
    const op = await req('resa', 'GET', `/api/operations/${operationId}`);
    expect(op.json()).toMatchObject({ status: 'succeeded', result: { status: 'ok', systems_added: 2 } });
    const answer = await list();
    expect(answer).toEqual({
      can_manage: true,
      restic_installed: true,
      sources: [
        {
          id,
          kind: 'restic',
          name: 'Office repository',
          location: repo.location,
          paused: false,
          sync_interval_minutes: 15,
          check_percent: 5,
          check_interval_hours: 24,
          systems: 2,
          env_keys: ['AWS_ACCESS_KEY_ID'],
          last_sync_at: TEST_NOW,
          last_sync_outcome: 'ok',
          last_sync_sentence: '2 systems, 2 restore points: 2 new.',
          sync_operation_id: null,
          // A new source's repository is checked with its first sync.
          last_check_at: TEST_NOW,
          last_check_outcome: 'ok',
          last_check_sentence:
            'The repository is sound: its structure and 5% of its data were read back without error.',
        },
      ],
    });
    const text = JSON.stringify(answer);
    expect(text).not.toContain(repo.password);
    expect(text).not.toContain('AKIAEXAMPLEKEY');
    const row = await t.dbh.db.selectFrom('backup_sources').select('secret_sealed').executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(repo.password);
    const [added] = await audits('source.added');
    expect(added?.target_id).toBe(String(id));
    expect(added?.details).not.toContain(repo.password);
    expect(added?.details).not.toContain('AKIAEXAMPLEKEY');
    // The repository's systems are the client's like any other, in its systems table with their health.
    const table = await call(t.app, s.resa as Session, {
      method: 'POST',
      url: `/client/dashboard/protected_systems/${w.clientA1}/1/10`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ search: JSON.stringify({ value: 'recep' }) }).toString(),
    });
    expect(
      table.json().content.map((r: { name: string; health_status: string }) => [r.name, r.health_status]),
    ).toEqual([['RECEPTION-PC', 'NORMAL']]);
    // restic 0.14 records no snapshot size: its storage figure says so rather than "0 B".
    const [system] = table.json().content;
    expect(system).toMatchObject({
      pool_used_size: 'Not reported by restic',
      storage_info_desc: 'restic repository',
    });
    const storage = await req('resa', 'GET', `/device/get_lifeboat_cloud_storage_summary/${system.id}`);
    expect(storage.json()).toMatchObject({
      show_block: true,
      machine_usage_text:
        'Not reported by restic: this version of restic does not record the size of each snapshot.',
    });
    // The client's own users see the list, read only.
    expect((await list('clia1')).can_manage).toBe(false);
  });

  it('refuses a second source of the client at the same location', async () => {
    const res = await req('resa', 'POST', `/api/sources/client/${w.clientA1}`, body({ name: 'Again' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.location).toBe('This client already has a backup source at this location.');
  });

  it('Sync now runs one sync at a time', async () => {
    const first = await req('resa', 'POST', `/api/sources/${id}/sync`);
    const second = await req('staff', 'POST', `/api/sources/${id}/sync`);
    expect(second.json().operation_id).toBe(first.json().operation_id);
    expect((await list()).sources[0].sync_operation_id).toBe(first.json().operation_id);
    await t.ctx.operations.runOnce();
    const op = await req('resa', 'GET', `/api/operations/${first.json().operation_id}`);
    expect(op.json()).toMatchObject({ status: 'succeeded', result: { status: 'ok', points_added: 0 } });
  });

  it('pauses (no schedule), resumes, and refuses a password the repository refuses, audited without secrets', async () => {
    const schedule = () =>
      t.dbh.db
        .selectFrom('schedules')
        .select('next_run_at')
        .where('key', '=', `source-sync:${id}`)
        .executeTakeFirst();
    expect(await schedule()).toBeDefined();
    expect((await req('resa', 'PATCH', `/api/sources/${id}`, { paused: true })).statusCode).toBe(200);
    expect(await schedule()).toBeUndefined();
    expect((await list()).sources[0].paused).toBe(true);
    // A password the repository refuses is not saved: the sentence, on the field.
    const wrong = await req('resa', 'PATCH', `/api/sources/${id}`, { paused: false, password: 'new secret' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.password).toBe('The repository refused the password: check it and try again.');
    expect((await list()).sources[0].paused).toBe(true);
    const res = await req('resa', 'PATCH', `/api/sources/${id}`, {
      paused: false,
      sync_interval_minutes: 60,
    });
    expect(res.statusCode).toBe(200);
    expect(Number((await schedule())?.next_run_at)).toBe(TEST_NOW + HOUR);
    const changes = await audits('source.changed');
    expect(changes).toHaveLength(2);
    expect(JSON.parse(changes[1]?.details ?? '{}')).toMatchObject({
      old: { paused: true, sync_interval_minutes: 15 },
      new: { paused: false, sync_interval_minutes: 60 },
      secret_changed: false,
    });
    // The repository check's share and interval, within the contract's bounds.
    const check = await req('resa', 'PATCH', `/api/sources/${id}`, {
      check_percent: 20,
      check_interval_hours: 12,
    });
    expect(check.statusCode, check.body).toBe(200);
    expect((await list()).sources[0]).toMatchObject({ check_percent: 20, check_interval_hours: 12 });
    for (const bad of [{ check_percent: 0 }, { check_percent: 101 }, { check_interval_hours: 721 }]) {
      const r = await req('resa', 'PATCH', `/api/sources/${id}`, bad);
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toMatch(/check_percent|check_interval_hours/);
    }
    expect(await audits('source.changed')).toHaveLength(3);
    // An edit that changes nothing is refused, with no audit entry.
    const same = await req('resa', 'PATCH', `/api/sources/${id}`, {
      paused: false,
      env: { AWS_ACCESS_KEY_ID: 'AKIAEXAMPLEKEY' },
    });
    expect(same.statusCode).toBe(400);
    expect(await audits('source.changed')).toHaveLength(3);
  });

  const systemsAndPoints = async () => {
    const systems = await t.dbh.db
      .selectFrom('protected_systems')
      .select('id')
      .where('source_id', '=', id)
      .execute();
    const points = await t.dbh.db
      .selectFrom('restore_points')
      .select('id')
      .where(
        'system_id',
        'in',
        systems.map((x) => x.id),
      )
      .execute();
    return { systems: systems.length, points: points.length };
  };
  const syncOnce = async () => {
    const op = (await req('resa', 'POST', `/api/sources/${id}/sync`)).json().operation_id;
    await t.ctx.operations.runOnce();
    return (await req('resa', 'GET', `/api/operations/${op}`)).json();
  };
  const testChange = (change: object, who = 'resa') => req(who, 'POST', `/api/sources/${id}/test`, change);

  it('re-keys a source after restic key changed the password, tested first, audited without it', async () => {
    const keyFile = path.join(repo.root, 'new-key');
    fs.writeFileSync(keyFile, 'the re-keyed password');
    const [oldKey] = JSON.parse(repo.restic(['key', 'list', '--json'])) as { id: string }[];
    repo.restic(['key', 'add', '--new-password-file', keyFile]);
    execFileSync('restic', ['--repo', repo.location, 'key', 'remove', String(oldKey?.id)], {
      env: {
        ...process.env,
        RESTIC_PASSWORD: 'the re-keyed password',
        RESTIC_CACHE_DIR: path.join(repo.root, 'cache'),
      },
    });
    const before = await systemsAndPoints();
    // The old password no longer opens it; the new one does, before anything is saved.
    expect((await testChange({})).json()).toEqual({
      ok: false,
      sentence: 'The repository refused the password: check it and try again.',
    });
    expect((await testChange({ password: 'the re-keyed password' })).json()).toEqual({
      ok: true,
      sentence: 'The repository opened: 2 systems, 2 restore points.',
    });
    const res = await req('resa', 'PATCH', `/api/sources/${id}`, { password: 'the re-keyed password' });
    expect(res.statusCode, res.body).toBe(200);
    const changes = await audits('source.changed');
    expect(JSON.parse(changes.at(-1)?.details ?? '{}')).toMatchObject({ secret_changed: true });
    expect(changes.at(-1)?.details).not.toContain('re-keyed');
    expect(JSON.stringify(await list())).not.toContain('re-keyed');
    const row = await t.dbh.db.selectFrom('backup_sources').select('secret_sealed').executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain('re-keyed');
    expect(await syncOnce()).toMatchObject({
      status: 'succeeded',
      result: { status: 'ok', points_added: 0 },
    });
    expect(await systemsAndPoints()).toEqual(before);
  });

  it('moves a source to where its repository went: the same systems and restore points', async () => {
    const moved = path.join(repo.root, 'moved-repo');
    fs.renameSync(repo.location, moved);
    try {
      const before = await systemsAndPoints();
      expect((await syncOnce()).result).toMatchObject({ status: 'failed' });
      expect((await testChange({ location: moved })).json()).toMatchObject({ ok: true });
      const res = await req('resa', 'PATCH', `/api/sources/${id}`, { location: moved });
      expect(res.statusCode, res.body).toBe(200);
      expect((await list()).sources[0].location).toBe(moved);
      expect(JSON.parse((await audits('source.changed')).at(-1)?.details ?? '{}')).toMatchObject({
        old: { location: repo.location },
        new: { location: moved },
      });
      expect(await syncOnce()).toMatchObject({
        result: { status: 'ok', systems_added: 0, points_added: 0, points_removed: 0 },
      });
      expect(await systemsAndPoints()).toEqual(before);
    } finally {
      fs.renameSync(moved, repo.location);
    }
    expect((await req('resa', 'PATCH', `/api/sources/${id}`, { location: repo.location })).statusCode).toBe(
      200,
    );
  });

  it('refuses a location that holds another repository, and bad locations, with a sentence', async () => {
    const other = path.join(repo.root, 'other-repo');
    const env = {
      ...process.env,
      RESTIC_PASSWORD: 'the re-keyed password',
      RESTIC_CACHE_DIR: path.join(repo.root, 'cache'),
    };
    execFileSync('restic', ['--repo', other, 'init', '--quiet'], { env });
    execFileSync(
      'restic',
      ['--repo', other, 'backup', '--quiet', '--host', 'ELSEWHERE', path.join(repo.root, 'trees')],
      { env },
    );
    const sentence =
      'This location holds another repository: none of the 2 restore points read from this source is in it. Add it as a new backup source instead.';
    expect((await testChange({ location: other })).json()).toEqual({ ok: false, sentence });
    const res = await req('resa', 'PATCH', `/api/sources/${id}`, { location: other });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.location).toBe(sentence);
    expect((await list()).sources[0].location).toBe(repo.location);
    for (const location of [
      '-o',
      '--password-command=id',
      `${repo.root}/../etc`,
      path.join('/', 'tmp', 'nowhere'),
      `${repo.root}/a\u0000b`,
      'x'.repeat(100_000),
    ]) {
      for (const r of [
        await testChange({ location }),
        await req('resa', 'PATCH', `/api/sources/${id}`, { location }),
      ]) {
        expect(r.statusCode, location.slice(0, 30)).toBe(400);
        expect(r.json().message.length).toBeGreaterThan(10);
      }
    }
    expect((await testChange({ password: 'p'.repeat(100_000) })).statusCode).toBe(400);
    // Another tenant reaches nothing; a client's user may not test.
    expect((await testChange({ location: other }, 'resb')).statusCode).toBe(404);
    expect((await testChange({ location: other }, 'clia1')).statusCode).toBe(403);
  });

  it('answers 404 to another tenant and 403 to those who only read', async () => {
    for (const who of ['resb']) {
      expect((await req(who, 'GET', `/api/sources/client/${w.clientA1}`)).statusCode).toBe(404);
      expect((await req(who, 'PATCH', `/api/sources/${id}`, { name: 'Mine' })).statusCode).toBe(404);
      expect((await req(who, 'POST', `/api/sources/${id}/sync`)).statusCode).toBe(404);
      expect((await req(who, 'DELETE', `/api/sources/${id}`)).statusCode).toBe(404);
    }
    for (const who of ['clia1', 'dist']) {
      expect((await req(who, 'POST', `/api/sources/${id}/sync`)).statusCode).toBe(403);
      expect((await req(who, 'DELETE', `/api/sources/${id}`)).statusCode).toBe(403);
      expect(
        (await req(who, 'POST', `/api/sources/client/${w.clientA1}`, body({ name: 'X' }))).statusCode,
      ).toBe(403);
    }
    expect((await list()).sources).toHaveLength(1);
  });

  it('removes the source with its secret and schedule; its systems keep their history', async () => {
    const res = await req('staff', 'DELETE', `/api/sources/${id}`);
    expect(res.statusCode).toBe(200);
    expect(await t.dbh.db.selectFrom('backup_sources').selectAll().execute()).toEqual([]);
    expect(
      await t.dbh.db.selectFrom('schedules').selectAll().where('key', '=', `source-sync:${id}`).execute(),
    ).toEqual([]);
    const systems = await t.dbh.db
      .selectFrom('protected_systems')
      .select('id')
      .where('source_id', '=', id)
      .execute();
    expect(systems).toHaveLength(2);
    const [removed] = await audits('source.removed');
    expect(JSON.parse(removed?.details ?? '{}')).toMatchObject({ name: 'Office repository', kind: 'restic' });
    expect((await req('resa', 'POST', `/api/sources/${id}/sync`)).statusCode).toBe(404);
  });
});
