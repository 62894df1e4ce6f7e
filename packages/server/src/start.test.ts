import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, freePort, REPO_ROOT, runStartToEnd } from '../../../scripts/production-start.mjs';

// Starting and stopping the console as an operator does (`npm start`, scripts/start.mjs): a port
// already taken is a sentence naming the setting, npm's SIGTERM stops the server itself, and the
// log shows the console's life, not a line per scheduled run.

const dirs: string[] = [];
const dataDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'lifeboat-start-'));
  dirs.push(d);
  return d;
};
beforeAll(() => ensureBuilt(), 300_000);
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** A port held by another program for the length of `fn`. */
async function withPortTaken<T>(fn: (port: number) => Promise<T>): Promise<T> {
  const holder = net.createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const address = holder.address();
  try {
    return await fn(typeof address === 'object' && address ? address.port : 0);
  } finally {
    await new Promise<void>((resolve) => holder.close(() => resolve()));
  }
}

const runStart = (env: Record<string, string>) =>
  runStartToEnd({
    ...process.env,
    DATABASE_URL: '',
    HOST: '127.0.0.1',
    LIFEBOAT_DATA_DIR: dataDir(),
    ...env,
  });

describe('a port already in use', () => {
  it('names the console port and its setting, without a stack trace', async () => {
    const r = await withPortTaken(async (port) =>
      runStart({ PORT: String(port), LIFEBOAT_FTPS_PORT: String(await freePort()) }),
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^Lifeboat could not start: port \d+, which the console listens on, is already in use by another program\. Choose another port with PORT\.\n$/,
    );
  }, 120_000);

  it('names the FTPS port, its setting and how to turn FTPS off', async () => {
    const r = await withPortTaken(async (port) =>
      runStart({ PORT: String(await freePort()), LIFEBOAT_FTPS_PORT: String(port) }),
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^Lifeboat could not start: port \d+, which the FTPS export server listens on, is already in use by another program\. Choose another port with LIFEBOAT_FTPS_PORT, or turn the FTPS export server off with LIFEBOAT_FTPS=0\.\n$/,
    );
  }, 120_000);
});

describe('npm start', () => {
  it('stops the server when npm is sent SIGTERM, and logs no heartbeat', async () => {
    const [port, ftpsPort] = [await freePort(), await freePort()];
    const npm = spawn('npm', ['start', '--silent'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        DATABASE_URL: '',
        HOST: '127.0.0.1',
        PORT: String(port),
        LIFEBOAT_FTPS_PORT: String(ftpsPort),
        LIFEBOAT_DATA_DIR: dataDir(),
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    npm.stdout.on('data', (d: Buffer) => {
      output += d.toString();
    });
    npm.stderr.on('data', (d: Buffer) => {
      output += d.toString();
    });
    const exited = new Promise<number | null>((resolve) => npm.on('close', resolve));
    const health = () =>
      fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
    const deadline = Date.now() + 120_000;
    while (!(await health())) {
      if (Date.now() > deadline || npm.exitCode !== null)
        throw new Error(`npm start did not answer:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    // The scheduler starts runs every second: three seconds would print three lines.
    await new Promise((r) => setTimeout(r, 3000));
    npm.kill('SIGTERM');
    // npm forwards the signal to its child: a shell between them would leave the server running.
    const code = await Promise.race([
      exited,
      new Promise((r) => setTimeout(() => r('still running'), 15_000)),
    ]);
    expect(code).toBe(0);
    expect(await health()).toBe(false);
    expect(output).toContain('SIGTERM: stopping...');
    expect(output).not.toMatch(/scheduled run started/);
  }, 150_000);
});
