import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { autoVerifyCalls, operationCalls } from '@lifeboat/contract';
import { type DbHandle, openDb } from '@lifeboat/db';
import { afterAll, expect, it } from 'vitest';
import { startProduction } from '../../../../scripts/production-start.mjs';
import { call, login, type ServerDatabase, serverDatabase, until } from '../test/production-api';

// The promise of 'Long work is an operation': start the real server, start an AutoVerify,
// kill -9 the server while the operation runs, start it again on the same data, and the
// operation still completes, exactly once, on its second attempt.

const LEASE_MS = 2000;
// AutoVerify takes about 120 s at speed 1: 6 s here, long enough to be caught running.
const SIM_SPEED = 20;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lifeboat-crash-'));
let database: ServerDatabase | null = null;
const children: ChildProcess[] = [];
let dbh: DbHandle | null = null;

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await dbh?.close();
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

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
      DATABASE_URL: database?.url,
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

/** An AutoVerify operation's result (operations/types.ts). */
type AutoVerifyResult = { autoverify_result_id: number } | null;

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
  database = await serverDatabase(dataDir, 'lifeboat_crash');
  const first = await startServer();
  dbh = await openDb({ url: database.url });
  const db = dbh.db;
  const systemId = await pickSystem(db, Date.now());
  const rowsBefore = (
    await db.selectFrom('autoverify_results').select('id').where('system_id', '=', systemId).execute()
  ).length;

  const session = await login(first.base, 'reseller');
  const answer = await call(first.base, session, autoVerifyCalls.startCloud, { form: { id: systemId } });
  if (!answer.success) throw new Error(`AutoVerify refused: ${answer.message}`);
  const opId = answer.operation_id;

  const status = (base: string) => call(base, session, operationCalls.status, { params: { id: opId } });
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
  expect(rows.map((r) => Number(r.id))).toContain((done.result as AutoVerifyResult)?.autoverify_result_id);
  await kill9(second);
});
