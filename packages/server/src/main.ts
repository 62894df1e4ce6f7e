import fs from 'node:fs';
import path from 'node:path';
import { systemClock } from '@lifeboat/contract';
import { migrateToLatest, openDb } from '@lifeboat/db';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, generateFleet } from '@lifeboat/fleet';
import { buildApp } from './app';
import { loadConfig } from './config';
import type { AppContext } from './context';
import { createFabric } from './fabric';
import { OperationsEngine } from './operations/engine';
import { startOperations } from './operations/handlers';
import { resolveSecretKey } from './secret';

// `npm start`: open (or create) the database, migrate, build the demo fleet on first start,
// then serve the API and the app on one port and run the operation workers in process.

async function main(): Promise<void> {
  const loaded = loadConfig();
  const config = { ...loaded, secretKey: resolveSecretKey(loaded) };
  const clock = systemClock;
  const logger = { level: process.env.LOG_LEVEL ?? (config.production ? 'warn' : 'info') };
  const isPg = /^postgres/.test(config.databaseUrl);
  const dbh = await openDb({ url: config.databaseUrl });
  await migrateToLatest(dbh.db);

  const existing = await dbh.db.selectFrom('organisations').select('id').limit(1).executeTakeFirst();
  if (!existing) {
    process.stdout.write('Generating the demo fleet (first start)...\n');
    const started = Date.now();
    await generateFleet(dbh, { seed: config.fleetSeed, size: 'demo', now: clock.now() });
    process.stdout.write(`Demo fleet ready in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
  }

  const fabric = createFabric(config, clock);
  const leaseMs = Number(process.env.LIFEBOAT_LEASE_MS) || 30_000;
  const operations = new OperationsEngine({
    dbh,
    clock,
    leaseMs,
    log: (msg) => process.stderr.write(`[operations] ${msg}\n`),
  });
  const ctx: AppContext = { config, dbh, clock, fabric, operations };
  const app = await buildApp(ctx, { logger });
  await app.listen({ host: config.host, port: config.port });
  if (config.workers) await startOperations(ctx);

  const url = `http://${config.host}:${config.port}`;
  const rel = path.relative(process.cwd(), config.databaseUrl);
  const where = isPg ? 'PostgreSQL' : `SQLite at ${rel.startsWith('..') ? config.databaseUrl : rel}`;
  const webMissing = !fs.existsSync(path.join(config.webDist, 'index.html'));
  process.stdout.write(
    [
      '',
      `Lifeboat is running at ${url}  (${where})`,
      webMissing ? '  The web app is not built: run `npm run build:web`.' : '',
      `Demo logins (password "${DEMO_PASSWORD}"):`,
      ...DEMO_ACCOUNTS.map((a) => `  ${a.username.padEnd(12)} ${a.role}`),
      '',
    ].join('\n'),
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    process.stdout.write(`\n${signal}: stopping...\n`);
    await app.close();
    await operations.stop();
    await dbh.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  process.stderr.write(
    `Lifeboat could not start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
