import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { onCleanup } from './cleanup';
import { CACHE_DIR, REPO_ROOT } from './paths';
import { stopChild } from './proc';

// The server under test runs as its own process, in production mode, on a copy of the cached
// fleet: a bench signs in (a session row) and may change data; the cache must stay as generated.

// What `npm start` runs: the built server bundle (built first when the sources changed), so the
// benchmarks measure the JavaScript production runs, not TypeScript transpiled on load.
export const SERVER_START = path.join(REPO_ROOT, 'scripts/start.mjs');
const READY_LINE = /Lifeboat is running at (\S+)/;
const START_TIMEOUT_MS = 300_000; // a build of server and web comes first when the sources changed

export type ServerDatabase = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export interface RunningServer {
  url: string;
  /** The server process's id (its memory is read from /proc/<pid>/status). */
  pid: number;
  /** The database the server uses (the copy, for SQLite). */
  database: ServerDatabase;
  /** What the server logged since the last call: a warning during a run must not go unseen. */
  takeLog(): { lines: number; tail: string };
  stop(): Promise<void>;
}

export interface StartOptions {
  database: ServerDatabase;
  env?: Record<string, string>;
  /** Options for node itself, before the script (e.g. --cpu-prof). */
  nodeArgs?: string[];
  /** Work on the run's own copy of the database before the server starts (it never sees the cache). */
  prepare?: (database: ServerDatabase) => Promise<void>;
}

export async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve, reject) => {
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', resolve);
  });
  const address = srv.address();
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('Could not find a free port.');
  return address.port;
}

/** Copy the cached fleet into a fresh data folder; the cache is never opened by the server. */
function copyFleet(file: string): { dataDir: string; database: ServerDatabase } {
  const dataDir = fs.mkdtempSync(path.join(CACHE_DIR, 'run-'));
  const target = path.join(dataDir, 'lifeboat.sqlite');
  // A reflink where the file system supports it (instant), a plain copy elsewhere.
  fs.copyFileSync(file, target, fs.constants.COPYFILE_FICLONE);
  // The cache is kept in rollback-journal mode, but copy a WAL too should one exist.
  if (fs.existsSync(`${file}-wal`)) fs.copyFileSync(`${file}-wal`, `${target}-wal`);
  // Flush the copy now: a gigabyte written back by the kernel during a run would be measured too.
  const fd = fs.openSync(target, 'r+');
  fs.fsyncSync(fd);
  fs.closeSync(fd);
  return { dataDir, database: { kind: 'sqlite', file: target } };
}

export async function startServer(opts: StartOptions): Promise<RunningServer> {
  const port = await freePort();
  const { dataDir, database } =
    opts.database.kind === 'sqlite'
      ? copyFleet(opts.database.file)
      : { dataDir: fs.mkdtempSync(path.join(CACHE_DIR, 'run-')), database: opts.database };
  const removeDataDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (opts.prepare) {
    const forgetDir = onCleanup(async () => removeDataDir(), removeDataDir);
    try {
      await opts.prepare(database);
    } catch (err) {
      removeDataDir();
      throw err;
    } finally {
      forgetDir();
    }
  }

  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), SERVER_START], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LIFEBOAT_DATA_DIR: dataDir,
      // Background workers would compete with the calls under test for the same two cores.
      LIFEBOAT_WORKERS: '0',
      // The benchmarks measure HTTP calls; the FTPS server would only take a fixed port.
      LIFEBOAT_FTPS: '0',
      LOG_LEVEL: 'warn',
      ...(database.kind === 'postgres' ? { DATABASE_URL: database.url } : { DATABASE_URL: '' }),
      ...opts.env,
    },
  });
  const stop = async () => {
    await stopChild(child);
    removeDataDir();
  };
  const forget = onCleanup(stop, () => {
    child.kill('SIGKILL');
    removeDataDir();
  });

  try {
    const log = new LogTail();
    const url = await waitUntilReady(child, port, log);
    log.take(); // the start-up banner
    return {
      url,
      pid: child.pid ?? 0,
      database,
      takeLog: () => log.take(),
      stop: async () => {
        forget();
        await stop();
      },
    };
  } catch (err) {
    forget();
    await stop();
    throw err;
  }
}

/** Output the server wrote after start-up (pino warnings, errors), kept in a bounded buffer. */
class LogTail {
  private text = '';
  private lines = 0;
  add(chunk: Buffer): void {
    const str = chunk.toString();
    this.lines += str.split('\n').length - 1;
    this.text = (this.text + str).slice(-4000);
  }
  take(): { lines: number; tail: string } {
    const out = { lines: this.lines, tail: this.text };
    this.text = '';
    this.lines = 0;
    return out;
  }
}

/** Resolve with the server's URL once it prints its ready line and answers /api/health. */
async function waitUntilReady(child: ChildProcess, port: number, log: LogTail): Promise<string> {
  let output = '';
  const collect = (chunk: Buffer) => {
    // Keep only the tail: a start-up error is at the end.
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stderr?.on('data', collect);
  let onStdout: ((chunk: Buffer) => void) | null = null;

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The server did not start within ${START_TIMEOUT_MS / 1000} s.\n${output}`)),
      START_TIMEOUT_MS,
    );
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`The server exited during start-up (code ${code}):\n${output}`));
    };
    child.once('exit', onExit);
    onStdout = (chunk: Buffer) => {
      collect(chunk);
      const match = READY_LINE.exec(output);
      if (!match?.[1]) return;
      clearTimeout(timer);
      child.off('exit', onExit);
      resolve(match[1]);
    };
    child.stdout?.on('data', onStdout);
  }).finally(() => {
    if (onStdout) child.stdout?.off('data', onStdout);
    child.stderr?.off('data', collect);
  });
  child.stdout?.on('data', (chunk: Buffer) => log.add(chunk));
  child.stderr?.on('data', (chunk: Buffer) => log.add(chunk));

  const res = await fetch(`${url}/api/health`);
  if (!res.ok) throw new Error(`The server is up but /api/health answered ${res.status}.`);
  if (!url.endsWith(`:${port}`)) throw new Error(`The server listens at ${url}, not on port ${port}.`);
  return url;
}
