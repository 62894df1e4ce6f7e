import fs from 'node:fs';
import path from 'node:path';
import { systemClock } from '@lifeboat/contract';
import { type DbHandle, migrateToLatest, openDb } from '@lifeboat/db';
import { buildApp } from './app';
import { startFtpsServer } from './areas/ftps/ftps-server';
import { type Config, ConfigError, loadConfig } from './config';
import type { AppContext } from './context';
import { prepareDataFolder } from './data-folder';
import { createPorts, demoLogins, firstStartDemoFleet } from './fabric';
import { OperationsEngine } from './operations/engine';
import { startOperations } from './operations/handlers';
import { FIRST_START_SETTING, type ProcessRole, processRole, supervise, tellSupervisor } from './processes';
import { resolveSecretKey } from './secret';
import { addResticDemo, buildResticDemo, RESTIC_MISSING } from './sources/demo';
import { stopAllRestic } from './sources/restic/children';
import { resticInstalled } from './sources/restic/installed';

// `npm start`: open (or create) the database, migrate, build the demo fleet on first start,
// then serve the API and the app on one port and run the operation workers. With more than one
// process (LIFEBOAT_PROCESSES, processes.ts) this process supervises: web processes serve the
// port, one background process runs the workers and the FTPS server.

/** What a process runs: everything (one process), or its part of the work. */
type Part = 'all' | ProcessRole;

async function main(): Promise<void> {
  const loaded = loadConfig();
  // What the console writes is its owner's only (data-folder.ts).
  process.umask(0o077);
  const role = processRole();
  if (role === null) prepareDataFolder(loaded);
  const config = { ...loaded, secretKey: resolveSecretKey(loaded) };
  const clock = systemClock;
  const dbh = await openDb({ url: config.databaseUrl });
  if (role !== null) {
    // The supervisor prepared the database; a supervisor that dies takes its children along.
    if (role === 'background') process.on('disconnect', () => process.exit(0));
    await serve(config, role, dbh);
    return;
  }
  await migrateToLatest(dbh.db);

  const started = Date.now();
  const generated = await firstStartDemoFleet(dbh, config, clock, () =>
    process.stdout.write('Generating the demo fleet (first start)...\n'),
  );
  if (generated) {
    process.stdout.write(`Demo fleet ready in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
    // Told to the process that runs the background work (this one, or the supervisor's child).
    process.env[FIRST_START_SETTING] = '1';
  }
  if (config.processes <= 1) {
    await serve(config, 'all', dbh);
    return;
  }
  await dbh.close();
  supervise({
    web: config.processes,
    background: config.workers || config.ftpsEnabled,
    onReady: (ftpsPort) => process.stdout.write(banner(config, ftpsPort)),
    onStartFailed: (message) => {
      process.stderr.write(`Lifeboat could not start: ${message}\n`);
      process.exit(1);
    },
  });
}

async function serve(config: Config, part: Part, dbh: DbHandle): Promise<void> {
  const clock = systemClock;
  const logger = { level: config.logLevel ?? (config.production ? 'warn' : 'info') };
  const ports = createPorts(config, clock, dbh);
  const operations = new OperationsEngine({
    dbh,
    clock,
    leaseMs: config.leaseMs,
    log: {
      write: (msg) => process.stderr.write(`[operations] ${msg}\n`),
      debug: config.logLevel === 'debug' || config.logLevel === 'trace',
    },
  });
  const ctx: AppContext = { config, dbh, clock, ports, operations };
  // restic reads the backup sources: without it the console still starts, and says so once (by
  // the process that runs the background work). On the first start that process also adds the
  // demo client whose systems are a real restic repository.
  const background = part !== 'web';
  const restic = background ? await resticInstalled() : true;
  if (!restic) process.stderr.write(`${RESTIC_MISSING}\n`);
  const resticDemo =
    background && restic && process.env[FIRST_START_SETTING] === '1' ? await addResticDemo(ctx) : null;
  const app = part === 'background' ? null : await buildApp(ctx, { logger });
  if (app)
    await listening(app.listen({ host: config.host, port: config.port }), {
      what: 'the console',
      port: config.port,
      setting: 'PORT',
    });
  const ftps =
    config.ftpsEnabled && part !== 'web'
      ? await listening(startFtpsServer(ctx), {
          what: 'the FTPS export server',
          port: config.ftpsPort,
          setting: 'LIFEBOAT_FTPS_PORT',
          off: 'or turn the FTPS export server off with LIFEBOAT_FTPS=0',
        })
      : null;
  if (config.workers && part !== 'web') await startOperations(ctx);
  // The demo's real repository is built after the console answers; its first sync waits for it.
  if (resticDemo) void buildResticDemo(ctx, resticDemo, (line) => process.stdout.write(`${line}\n`));

  if (part === 'all') process.stdout.write(banner(config, ftps?.port ?? null));
  else await tellSupervisor({ lifeboat: 'ready', ftpsPort: ftps?.port ?? null });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // The supervisor says it once for all its processes.
    if (part === 'all') process.stdout.write(`\n${signal}: stopping...\n`);
    await app?.close();
    await ftps?.close();
    await operations.stop();
    // A sync or the demo's build may have a restic running: it stops with the console.
    await stopAllRestic();
    await dbh.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/** What `npm start` prints once the console answers. */
function banner(config: Config, ftpsPort: number | null): string {
  const isPg = /^postgres/.test(config.databaseUrl);
  const demo = demoLogins();
  const url = `http://${config.host}:${config.port}`;
  const rel = path.relative(process.cwd(), config.databaseUrl);
  const where = isPg ? 'PostgreSQL' : `SQLite at ${rel.startsWith('..') ? config.databaseUrl : rel}`;
  const webMissing = !fs.existsSync(path.join(config.webDist, 'index.html'));
  const processes = config.processes > 1 ? `, ${config.processes} processes` : '';
  return [
    '',
    `Lifeboat is running at ${url}  (${where}${processes})`,
    ftpsPort !== null ? `FTPS exports on ${config.ftpsPublicHost}:${ftpsPort} (explicit TLS)` : '',
    webMissing ? '  The web app is not built: run `npm run build:web`.' : '',
    `Demo logins (password "${demo.password}"):`,
    ...demo.accounts.map((a) => `  ${a.username.padEnd(12)} ${a.role}`),
    '',
  ].join('\n');
}

/** A start that cannot listen: the operator's to fix, so a sentence naming the port and the setting. */
class PortError extends Error {}

async function listening<T>(
  start: Promise<T>,
  port: { what: string; port: number; setting: string; off?: string },
): Promise<T> {
  try {
    return await start;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException | null)?.code;
    if (code === 'EADDRINUSE' || code === 'EACCES') {
      const why =
        code === 'EADDRINUSE' ? 'is already in use by another program' : 'may not be opened by this user';
      throw new PortError(
        `port ${port.port}, which ${port.what} listens on, ${why}. Choose another port with ${port.setting}${port.off ? `, ${port.off}` : ''}.`,
      );
    }
    throw err;
  }
}

main().catch(async (err: unknown) => {
  // A bad setting is the operator's to fix: its sentences alone, no stack trace.
  const why =
    err instanceof PortError
      ? err.message
      : err instanceof ConfigError
        ? err.problems.length === 1
          ? err.message
          : `\n  ${err.problems.join('\n  ')}`
        : err instanceof Error
          ? (err.stack ?? err.message)
          : String(err);
  // A supervised process's sentence is the supervisor's to print, once for all of them.
  if (processRole() !== null) await tellSupervisor({ lifeboat: 'failed', message: why });
  else process.stderr.write(`Lifeboat could not start: ${why}\n`);
  process.exit(1);
});
