import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CSRF_HEADER, SESSION_COOKIE, XHR_HEADER, XHR_VALUE } from '@lifeboat/contract';
import { type DbHandle, openDb, testEngine } from '@lifeboat/db';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { startProduction } from '../../../../scripts/production-start.mjs';

// The promise of 'Long work is an operation': start the real server, start an AutoVerify,
// kill -9 the server while the operation runs, start it again on the same data, and the
// operation still completes, exactly once, on its second attempt.

const LEASE_MS = 2000;
// AutoVerify takes about 120 s at speed 1: 6 s here, long enough to be caught running.
const SIM_SPEED = 20;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lifeboat-crash-'));
let databaseUrl = '';
let pgDatabase: string | null = null;
const children: ChildProcess[] = [];
let dbh: DbHandle | null = null;

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await dbh?.close();
  if (pgDatabase) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    // Backends of killed servers and of our closed pool may take a moment to go: retry, so no
    // connection of ours is ever terminated under it (that would surface as an unhandled error).
    for (let i = 0; ; i++) {
      try {
        await admin.query(`DROP DATABASE IF EXISTS "${pgDatabase}"`);
        break;
      } catch (err) {
        if (i >= 50) throw err;
        await sleep(100);
      }
    }
    await admin.end();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, probe: () => Promise<T | null>, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const v = await probe().catch(() => null);
    if (v !== null) return v;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

interface Server {
  child: ChildProcess;
  base: string;
  output: () => string;
}

async function startServer(): Promise<Server> {
  // `npm start`'s script on the built bundle, as an operator runs it (scripts/production-start.mjs).
  const server = await startProduction({
    env: {
      LIFEBOAT_DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LIFEBOAT_LEASE_MS: String(LEASE_MS),
      SIM_SPEED: String(SIM_SPEED),
      SIM_FAULTS: '',
      LIFEBOAT_WORKERS: '1',
    },
  });
  children.push(server.child);
  return { child: server.child, base: server.baseUrl, output: server.output };
}

function kill9(s: Server): Promise<void> {
  return new Promise((resolve) => {
    s.child.once('exit', () => resolve());
    s.child.kill('SIGKILL');
  });
}

interface Session {
  cookie: string;
  csrf: string;
}

async function login(base: string): Promise<Session> {
  const res = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [XHR_HEADER]: XHR_VALUE },
    body: JSON.stringify({ username: 'reseller', password: 'demo' }),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { csrfToken: string };
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error('no session cookie');
  return { cookie: cookie.split(';')[0] ?? '', csrf: body.csrfToken };
}

function api(base: string, s: Session, url: string, init: RequestInit = {}) {
  return fetch(`${base}${url}`, {
    ...init,
    headers: { cookie: s.cookie, [CSRF_HEADER]: s.csrf, [XHR_HEADER]: XHR_VALUE, ...(init.headers ?? {}) },
  });
}

interface OpStatus {
  status: string;
  progress: number;
  result: { autoverify_result_id: number; status: string } | null;
  error: string | null;
}

async function prepareDatabase(): Promise<void> {
  if (testEngine() !== 'postgres') {
    databaseUrl = path.join(dataDir, 'lifeboat.sqlite');
    return;
  }
  // A whole database, since the server connects without a schema of its own.
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  pgDatabase = `lifeboat_crash_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${pgDatabase}"`);
  await admin.end();
  url.pathname = `/${pgDatabase}`;
  databaseUrl = url.toString();
}

/** A system of the reseller with a restore point, and no nightly AutoVerify due during the test. */
async function pickSystem(db: DbHandle['db'], now: number): Promise<number> {
  const user = await db
    .selectFrom('users')
    .select('organisation_id')
    .where('username', '=', 'reseller')
    .executeTakeFirstOrThrow();
  const sys = await db
    .selectFrom('protected_systems')
    .select('id')
    .where('reseller_id', '=', user.organisation_id)
    .where('device_type', '<>', 'nas')
    .where('parked', '=', 0)
    .where('last_rp_at', 'is not', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('restore_points as rp')
          .select('rp.id')
          .whereRef('rp.system_id', '=', 'protected_systems.id'),
      ),
    )
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  const id = Number(sys.id);
  // A fresh result keeps the living fleet's nightly run away from this system, so every row
  // counted below is the operation's.
  await db
    .insertInto('autoverify_results')
    .values({
      system_id: id,
      restore_point_id: null,
      rp_taken_at: now - 3_600_000,
      started_at: now - 120_000,
      ended_at: now,
      status: 'success',
      result: 'Set up by the crash test.',
      boot_check: 'Passed',
      vss_status: 'Passed',
      chkdsk_status: 'Passed',
    })
    .execute();
  return id;
}

it('finishes an AutoVerify exactly once after the server is killed mid-run', {
  timeout: 300_000,
}, async () => {
  await prepareDatabase();
  const first = await startServer();
  dbh = await openDb({ url: databaseUrl });
  const db = dbh.db;
  const systemId = await pickSystem(db, Date.now());
  const rowsBefore = (
    await db.selectFrom('autoverify_results').select('id').where('system_id', '=', systemId).execute()
  ).length;

  const session = await login(first.base);
  const started = await api(first.base, session, '/device/start_cloud_autoverify', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `id=${systemId}`,
  });
  const answer = (await started.json()) as { success: boolean; operation_id: number };
  expect(answer.success).toBe(true);
  const opId = answer.operation_id;

  const status = async (base: string) =>
    (await (await api(base, session, `/api/operations/${opId}`)).json()) as OpStatus;
  await until(
    'the operation to run',
    async () => {
      const s = await status(first.base);
      return s.status === 'running' && s.progress > 0 ? s : null;
    },
    60_000,
  );
  await kill9(first);
  const mid = await db.selectFrom('operations').selectAll().where('id', '=', opId).executeTakeFirstOrThrow();
  expect(mid).toMatchObject({ status: 'running', attempts: 1 });

  const second = await startServer();
  // Sessions live in the database: the same sign-in still works after the restart.
  const done = await until(
    'the operation to finish after the restart',
    async () => {
      const s = await status(second.base);
      return s.status === 'succeeded' || s.status === 'failed' ? s : null;
    },
    120_000,
  ).catch((err: unknown) => {
    throw new Error(`${String(err)}\n--- server output ---\n${second.output()}`);
  });

  expect(done).toMatchObject({ status: 'succeeded', error: null, progress: 100 });
  const op = await db.selectFrom('operations').selectAll().where('id', '=', opId).executeTakeFirstOrThrow();
  expect(op.attempts).toBe(2);
  const rows = await db
    .selectFrom('autoverify_results')
    .selectAll()
    .where('system_id', '=', systemId)
    .execute();
  expect(rows).toHaveLength(rowsBefore + 1);
  expect(rows.map((r) => Number(r.id))).toContain(done.result?.autoverify_result_id);
  await kill9(second);
});
