import { randomBytes } from 'node:crypto';
import { CSRF_HEADER, ManualClock, SESSION_COOKIE, XHR_HEADER, XHR_VALUE } from '@lifeboat/contract';
import { type DbHandle, migrateToLatest, openDb } from '@lifeboat/db';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import type { AppContext } from '../context';
import { createFabric } from '../fabric';
import { OperationsEngine } from '../operations/engine';

// API tests run on the real Fastify app and a real database: SQLite in memory by default, and
// PostgreSQL (an isolated schema per test file) when TEST_DATABASE_URL is set.

export const TEST_NOW = Date.UTC(2026, 10, 20, 12, 0, 0);

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  clock: ManualClock;
  dbh: DbHandle;
  close(): Promise<void>;
}

export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const url = process.env.TEST_DATABASE_URL;
  const schema = url ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const dbh = await openDb({ url: url ?? ':memory:', schema, poolSize: 4 });
  await migrateToLatest(dbh.db);
  const clock = new ManualClock(TEST_NOW);
  const config: Config = {
    ...loadConfig({}),
    simSpeed: 0,
    workers: false,
    webDist: '/nonexistent',
    ...overrides,
  };
  const fabric = createFabric(config, clock);
  const operations = new OperationsEngine({ dbh, clock, log: () => {} });
  const ctx: AppContext = { config, dbh, clock, fabric, operations };
  const app = await buildApp(ctx);
  await app.ready();
  return {
    app,
    ctx,
    clock,
    dbh,
    async close() {
      await app.close();
      await operations.stop();
      await dbh.close();
      if (url && schema) {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await c.end();
      }
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
