import path from 'node:path';
import {
  type Call,
  type CallAnswer,
  type CallInput,
  CSRF_HEADER,
  callPath,
  isRawAnswer,
  SESSION_COOKIE,
  type SessionResponse,
  sessionResponse,
  XHR_HEADER,
  XHR_VALUE,
} from '@lifeboat/contract';
import { testEngine } from '@lifeboat/db';
import { DEMO_PASSWORD } from '@lifeboat/fleet';
import pg from 'pg';

// What the tests that start the console (scripts/production-start.mjs) share: a database of the
// test's engine for the server, a sign-in, and calls over HTTP as the web app makes them.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` until it answers something other than null (a thrown probe counts as null). */
export async function until<T>(what: string, probe: () => Promise<T | null>, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const v = await probe().catch(() => null);
    if (v !== null) return v;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

export interface ServerDatabase {
  /** The server's DATABASE_URL. */
  url: string;
  /** Drops the PostgreSQL database (nothing on SQLite: the file goes with the data folder). */
  drop(): Promise<void>;
}

/**
 * SQLite: a file in `dataDir`. PostgreSQL: a fresh database next to TEST_DATABASE_URL's, since
 * the server connects without a schema of its own.
 */
export async function serverDatabase(dataDir: string, prefix: string): Promise<ServerDatabase> {
  if (testEngine() !== 'postgres') {
    return { url: path.join(dataDir, 'lifeboat.sqlite'), drop: async () => {} };
  }
  const admin = () => new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  const name = `${prefix}_${Math.random().toString(36).slice(2, 10)}`;
  const create = admin();
  await create.connect();
  await create.query(`CREATE DATABASE "${name}"`);
  await create.end();
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = admin();
      await client.connect();
      // Backends of stopped servers and of the test's own pool may take a moment to go: retry,
      // so no connection of ours is ever terminated under it (an unhandled error otherwise).
      for (let i = 0; ; i++) {
        try {
          await client.query(`DROP DATABASE IF EXISTS "${name}"`);
          break;
        } catch (err) {
          if (i >= 50) throw err;
          await sleep(100);
        }
      }
      await client.end();
    },
  };
}

export interface ApiSession {
  cookie: string;
  csrf: string;
  user: SessionResponse['user'];
}

/** Signs in as a demo user (POST /api/session), as the login page does. */
export async function login(base: string, username: string, password = DEMO_PASSWORD): Promise<ApiSession> {
  const res = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [XHR_HEADER]: XHR_VALUE },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`signing in as ${username}: ${res.status} ${await res.text()}`);
  const body = sessionResponse.parse(await res.json());
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error('no session cookie');
  return { cookie: cookie.split(';')[0] ?? '', csrf: body.csrfToken, user: body.user };
}

/**
 * A declared call (packages/contract/src/calls) as the web app makes it: the session cookie, both
 * anti-forgery headers, its params, query and body; its 200 answer, checked by the declaration.
 */
export async function call<C extends Call>(
  base: string,
  s: ApiSession,
  decl: C,
  input: CallInput<C>,
): Promise<CallAnswer<C>> {
  const i = input as {
    params?: Record<string, string | number>;
    query?: Record<string, string>;
    json?: unknown;
    form?: Record<string, string | number>;
  };
  const answer = decl.answers[200];
  if (isRawAnswer(answer)) throw new Error(`${decl.id} answers a file: use navigate()`);
  const search = new URLSearchParams(i.query).toString();
  const query = search ? `?${search}` : '';
  const body =
    i.json !== undefined
      ? { type: 'application/json', text: JSON.stringify(i.json) }
      : i.form !== undefined
        ? {
            type: 'application/x-www-form-urlencoded',
            text: new URLSearchParams(
              Object.entries(i.form).map(([k, v]): [string, string] => [k, String(v)]),
            ).toString(),
          }
        : null;
  const res = await fetch(`${base}${callPath(decl.path, i.params)}${query}`, {
    method: decl.method,
    headers: {
      cookie: s.cookie,
      [CSRF_HEADER]: s.csrf,
      [XHR_HEADER]: XHR_VALUE,
      ...(body ? { 'content-type': body.type } : {}),
    },
    body: body?.text,
  });
  if (res.status !== 200) throw new Error(`${decl.id}: ${res.status} ${await res.text()}`);
  return answer.parse(await res.json()) as CallAnswer<C>;
}

/** A navigation call (a download link the browser opens): the session cookie only. */
export async function navigate(base: string, s: ApiSession, url: string): Promise<Response> {
  const res = await fetch(`${base}${url}`, { headers: { cookie: s.cookie } });
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return res;
}
