import fs from 'node:fs';
import path from 'node:path';
import { systemClock } from '@lifeboat/contract';
import { migrateToLatest, openDb } from '@lifeboat/db';
import { buildApp } from './app';
import { startFtpsServer } from './areas/ftps/ftps-server';
import { ConfigError, loadConfig } from './config';
import type { AppContext } from './context';
import { prepareDataFolder } from './data-folder';
import { createPorts, demoLogins, firstStartDemoFleet } from './fabric';
import { OperationsEngine } from './operations/engine';
import { startOperations } from './operations/handlers';
import { resolveSecretKey } from './secret';

// `npm start`: open (or create) the database, migrate, build the demo fleet on first start,
// then serve the API and the app on one port and run the operation workers in process.

async function main(): Promise<void> {
  const loaded = loadConfig();
  // What the console writes is its owner's only (data-folder.ts).
  process.umask(0o077);
  prepareDataFolder(loaded);
  const config = { ...loaded, secretKey: resolveSecretKey(loaded) };
  const clock = systemClock;
  const logger = { level: config.logLevel ?? (config.production ? 'warn' : 'info') };
  const isPg = /^postgres/.test(config.databaseUrl);
  const dbh = await openDb({ url: config.databaseUrl });
  await migrateToLatest(dbh.db);

  const started = Date.now();
  const generated = await firstStartDemoFleet(dbh, config, clock, () =>
    process.stdout.write('Generating the demo fleet (first start)...\n'),
  );
  if (generated) {
    process.stdout.write(`Demo fleet ready in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
  }

  const ports = createPorts(config, clock, dbh);
  const operations = new OperationsEngine({
    dbh,
    clock,
    leaseMs: config.leaseMs,
    log: (msg) => process.stderr.write(`[operations] ${msg}\n`),
  });
  const ctx: AppContext = { config, dbh, clock, ports, operations };
  const app = await buildApp(ctx, { logger });
  await app.listen({ host: config.host, port: config.port });
  if (config.workers) await startOperations(ctx);
  const ftps = config.ftpsEnabled ? await startFtpsServer(ctx) : null;

  const demo = demoLogins();
  const url = `http://${config.host}:${config.port}`;
  const rel = path.relative(process.cwd(), config.databaseUrl);
  const where = isPg ? 'PostgreSQL' : `SQLite at ${rel.startsWith('..') ? config.databaseUrl : rel}`;
  const webMissing = !fs.existsSync(path.join(config.webDist, 'index.html'));
  process.stdout.write(
    [
      '',
      `Lifeboat is running at ${url}  (${where})`,
      ftps ? `FTPS exports on ${config.ftpsPublicHost}:${ftps.port} (explicit TLS)` : '',
      webMissing ? '  The web app is not built: run `npm run build:web`.' : '',
      `Demo logins (password "${demo.password}"):`,
      ...demo.accounts.map((a) => `  ${a.username.padEnd(12)} ${a.role}`),
      '',
    ].join('\n'),
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    process.stdout.write(`\n${signal}: stopping...\n`);
    await app.close();
    await ftps?.close();
    await operations.stop();
    await dbh.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  // A bad setting is the operator's to fix: its sentences alone, no stack trace.
  const why =
    err instanceof ConfigError
      ? err.problems.length === 1
        ? err.message
        : `\n  ${err.problems.join('\n  ')}`
      : err instanceof Error
        ? (err.stack ?? err.message)
        : String(err);
  process.stderr.write(`Lifeboat could not start: ${why}\n`);
  process.exit(1);
});
