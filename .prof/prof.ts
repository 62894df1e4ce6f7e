// Local profiling helper (not committed): per-call cost of entity tables on a copy of the large fleet.
import { CSRF_HEADER, SESSION_COOKIE, systemClock, XHR_HEADER, XHR_VALUE } from '@lifeboat/contract';
import { migrateToLatest, openDb } from '@lifeboat/db';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { createFabric } from '../packages/server/src/fabric';
import { OperationsEngine } from '../packages/server/src/operations/engine';

const dbh = await openDb({ url: process.env.DB ?? '/tmp/ent/large.sqlite' });
await migrateToLatest(dbh.db);
const clock = systemClock;
const config = { ...loadConfig({}), simSpeed: 0, workers: false, webDist: '/nonexistent' };
const ctx = { config, dbh, clock, fabric: createFabric(config, clock), operations: new OperationsEngine({ dbh, clock, log: () => {} }) };
const app = await buildApp(ctx);
await app.ready();
const user = process.env.U ?? 'reseller';
const login = await app.inject({ method: 'POST', url: '/api/session', headers: { [XHR_HEADER]: XHR_VALUE }, payload: { username: user, password: 'demo' } });
const cookie = login.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
const headers = { cookie: `${SESSION_COOKIE}=${cookie}`, [CSRF_HEADER]: login.json().csrfToken, [XHR_HEADER]: XHR_VALUE };
for (const url of process.argv.slice(2)) {
  const [method, path] = url.includes(':/') ? url.split(/:(?=\/)/) : ['POST', url];
  const first = await app.inject({ method: method as 'POST', url: path!, headers });
  if (first.statusCode !== 200) console.log(url, first.statusCode, first.body.slice(0, 200));
  const n = Number(process.env.N ?? 500);
  const c0 = process.cpuUsage();
  for (let i = 0; i < n; i++) await app.inject({ method: method as 'POST', url: path!, headers });
  const c = process.cpuUsage(c0);
  const ms = (c.user + c.system) / 1000 / n;
  console.log(`${url.padEnd(40)} ${ms.toFixed(3)} ms/call  ${first.body.length} bytes`);
}
await app.close();
await dbh.close();
