import { CSRF_HEADER, ManualClock, SESSION_COOKIE, XHR_HEADER, XHR_VALUE } from '@lifeboat/contract';
import { type DbHandle, openTestDb, testEngine } from '@lifeboat/db';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import type { AppContext } from '../context';
import { createPorts } from '../fabric';
import { OperationsEngine } from '../operations/engine';

// API tests run on the real Fastify app and a real database: SQLite in memory by default, and
// PostgreSQL (an isolated schema per test file) in the PostgreSQL pass.

export const TEST_NOW = Date.UTC(2026, 10, 20, 12, 0, 0);

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  clock: ManualClock;
  dbh: DbHandle;
  /**
   * A second console on the same database, as the README's scale-out runs it: its own pool,
   * ports and memory on PostgreSQL; on SQLite (one in-memory database) its own app and ports on
   * the same handle. Closed with this one.
   */
  secondInstance(): Promise<TestApp>;
  close(): Promise<void>;
}

export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  // `npm test` runs the suite once per engine (scripts/test.mjs sets LIFEBOAT_TEST_ENGINE).
  const testDb = await openTestDb('api');
  const clock = new ManualClock(TEST_NOW);
  const config: Config = {
    ...loadConfig({}),
    simSpeed: 0,
    workers: false,
    webDist: '/nonexistent',
    secretKey: 'test-secret-key-for-mfa',
    ...overrides,
  };
  const others: TestApp[] = [];
  const first = await instance(config, clock, testDb.dbh, async () => {
    for (const o of others) await o.close();
    await testDb.close();
  });
  first.secondInstance = async () => {
    const dbh = testEngine() === 'postgres' ? await testDb.connectAgain() : testDb.dbh;
    const other = await instance(config, clock, dbh, async () => {});
    others.push(other);
    return other;
  };
  return first;
}

async function instance(
  config: Config,
  clock: ManualClock,
  dbh: DbHandle,
  closeDb: () => Promise<void>,
): Promise<TestApp> {
  const ports = createPorts(config, clock, dbh);
  const operations = new OperationsEngine({ dbh, clock, log: () => {} });
  const ctx: AppContext = { config, dbh, clock, ports, operations };
  const app = await buildApp(ctx);
  await app.ready();
  return {
    app,
    ctx,
    clock,
    dbh,
    secondInstance: () => Promise.reject(new Error('ask the first instance for a second one')),
    async close() {
      await app.close();
      await operations.stop();
      await closeDb();
    },
  };
}

export interface Session {
  cookie: string;
  csrfToken: string;
}

export async function loginAs(app: FastifyInstance, username: string, password: string): Promise<Session> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/session',
    headers: { [XHR_HEADER]: XHR_VALUE },
    payload: { username, password },
  });
  if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error('no session cookie');
  return { cookie: `${SESSION_COOKIE}=${cookie.value}`, csrfToken: res.json().csrfToken };
}

/** inject() with the session cookie and both anti-forgery headers. */
export function call(app: FastifyInstance, s: Session, opts: InjectOptions) {
  return app.inject({
    ...opts,
    headers: {
      cookie: s.cookie,
      [CSRF_HEADER]: s.csrfToken,
      [XHR_HEADER]: XHR_VALUE,
      ...(opts.headers ?? {}),
    },
  });
}

/**
 * Run `fn` with the app's simulated ports rebuilt from `faults` (the SIM_FAULTS syntax, e.g.
 * `rp_in_use@rp:12`), then put the app's own ports back: a fault reaches exactly one test's calls.
 */
export async function withFaults<T>(t: TestApp, faults: string, fn: () => Promise<T>): Promise<T> {
  const ports = t.ctx.ports;
  t.ctx.ports = createPorts({ ...t.ctx.config, simSpeed: 0, simFaults: faults }, t.clock, t.dbh);
  try {
    return await fn();
  } finally {
    t.ctx.ports = ports;
  }
}
