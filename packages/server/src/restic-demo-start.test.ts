import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { recoveryCalls, type SourceRow, sourceCalls } from '@lifeboat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, type ProductionServer, startProduction } from '../../../scripts/production-start.mjs';
import { call, login, type ServerDatabase, serverDatabase, until } from './test/production-api';

// The first start of the production build on a fresh data folder (`npm start`): with restic
// installed, the demo reseller has a client "Harbor Veterinary Clinic" whose systems are read
// from a real restic repository the console made in its data folder, with restore points from
// past days and a passed repository check; the console answered before the repository was built.
// Without restic on the PATH the console starts all the same and says so in one line.

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lifeboat-restic-demo-'));
const servers: ProductionServer[] = [];
const databases: ServerDatabase[] = [];

beforeAll(() => ensureBuilt(), 300_000);
afterAll(async () => {
  for (const s of servers) await s.stop();
  for (const d of databases) await d.drop();
  fs.rmSync(root, { recursive: true, force: true });
});

async function firstStart(name: string, env: Record<string, string> = {}) {
  const dataDir = path.join(root, name);
  fs.mkdirSync(dataDir);
  const database = await serverDatabase(dataDir, `lifeboat_${name.replace(/-/g, '_')}`);
  databases.push(database);
  const started = Date.now();
  const server = await startProduction({
    env: { LIFEBOAT_DATA_DIR: dataDir, DATABASE_URL: database.url, LIFEBOAT_FTPS: '0', ...env },
  });
  servers.push(server);
  return { server, dataDir, answeredMs: Date.now() - started };
}

describe('the first start with restic installed', () => {
  it('adds the clinic with its real restic systems and restore points', async () => {
    const { server, dataDir, answeredMs } = await firstStart('with-restic');
    const session = await login(server.baseUrl, 'reseller');
    const clients = await call(server.baseUrl, session, recoveryCalls.resellerClients, {
      params: { resellerId: session.user.organisationId },
      query: {},
    });
    const clinic = clients.table_data.data.find((c) => c.name === 'Harbor Veterinary Clinic');
    expect(clinic, 'the demo client').toBeDefined();
    const sources = () =>
      call(server.baseUrl, session, sourceCalls.list, { params: { id: String(clinic?.id) } }).then(
        (r) => r.sources,
      );
    // Right after the console answers, the source is there and its first sync is under way.
    const [first] = await sources();
    expect(first).toMatchObject({ kind: 'restic', name: 'Clinic backups (restic)', last_sync_at: null });
    expect(first?.sync_operation_id).not.toBeNull();
    expect(first?.location).toBe(path.join(dataDir, 'restic-demo', 'repo'));
    const synced = await until(
      'the first sync of the demo repository',
      async () => {
        const [s] = await sources();
        return s && s.last_sync_at !== null ? s : null;
      },
      180_000,
    );
    expect(synced).toMatchObject<Partial<SourceRow>>({
      last_sync_outcome: 'ok',
      systems: 3,
      last_sync_sentence: '3 systems, 13 restore points: 13 new.',
    });
    expect(fs.existsSync(path.join(dataDir, 'restic-demo', 'repo', 'config'))).toBe(true);
    expect(server.output()).toMatch(/The demo client's restic repository is ready \(\d+\.\d s\)\./);
    process.stdout.write(`first start answered in ${answeredMs} ms\n`);
  }, 420_000);
});

describe('the first start without restic', () => {
  it('starts, says in one line how to install restic, and leaves the clinic out', async () => {
    const { server } = await firstStart('without-restic', { PATH: path.join(root, 'no-bin') });
    const session = await login(server.baseUrl, 'reseller');
    const clients = await call(server.baseUrl, session, recoveryCalls.resellerClients, {
      params: { resellerId: session.user.organisationId },
      query: {},
    });
    expect(clients.table_data.data.map((c) => c.name)).not.toContain('Harbor Veterinary Clinic');
    const lines = server.output().split('\n');
    expect(lines.filter((l) => /restic is not installed/.test(l))).toEqual([
      'restic is not installed: restic backup sources cannot be read and the demo client with real backups is left out. Install it with: apt-get install restic',
    ]);
  }, 420_000);
});

describe('stopping the console during the first start', () => {
  it('stops the restic that builds the demo repository with it', async () => {
    const { server, dataDir } = await firstStart('stopped-early');
    // The build runs restic in the background right after the console answers.
    const resticOfThisConsole = () =>
      execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
        .split('\n')
        .filter((line) => line.startsWith('restic ') && line.includes(dataDir));
    await until(
      'a restic building the demo repository',
      async () => resticOfThisConsole().length > 0 || null,
      60_000,
    );
    const how = await server.stop();
    expect(how, 'stopped by SIGTERM within its grace, not killed').toEqual({ code: 0, signal: null });
    expect(resticOfThisConsole()).toEqual([]);
    // Nothing writes into the data folder any more: removing it succeeds.
    fs.rmSync(dataDir, { recursive: true });
  }, 420_000);
});
