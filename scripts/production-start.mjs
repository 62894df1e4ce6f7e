// What every test that starts a console server runs: `npm start`'s own script (scripts/start.mjs,
// the server bundle on the built web app, built first when a source changed), never the
// TypeScript sources, so a difference between the bundle and the sources fails the tests.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const START_SCRIPT = path.join(REPO_ROOT, 'scripts/start.mjs');

/** Builds the bundle and the web app now when a source changed (a test's output then stays its own). */
export async function ensureBuilt() {
  const { buildIfChanged } = await import('./build-if-changed.mjs');
  await buildIfChanged();
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

/**
 * Runs `scripts/start.mjs` with exactly `env` (nothing of this process's environment) until it
 * exits: a start that is expected to stop by itself (a bad setting, a port in use).
 */
export function runStartToEnd(env) {
  const child = spawn(process.execPath, [START_SCRIPT], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => {
    stdout += d.toString();
  });
  child.stderr.on('data', (d) => {
    stderr += d.toString();
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/**
 * Starts `scripts/start.mjs` on free ports (HTTP and FTPS) with `env` added to this process's
 * environment, and resolves once `/api/health` answers. The caller's env may override anything.
 */
export async function startProduction({ env = {}, timeoutMs = 300_000 } = {}) {
  const port = Number(env.PORT ?? (await freePort()));
  const ftpsPort = Number(env.LIFEBOAT_FTPS_PORT ?? (await freePort()));
  let output = '';
  const child = spawn(process.execPath, [START_SCRIPT], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LIFEBOAT_FTPS_PORT: String(ftpsPort),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-50_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const baseUrl = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The console exited (code ${child.exitCode}) before it answered:\n${output}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The console did not answer within ${timeoutMs / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    child,
    baseUrl,
    ftpsPort,
    output: () => output,
    exited,
    /** SIGTERM, as an operator stops it; SIGKILL after `graceMs` if it has not stopped. */
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const how = await exited;
      clearTimeout(timer);
      return how;
    },
  };
}
