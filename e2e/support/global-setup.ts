import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import './provided';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WEB_INDEX = path.join(ROOT, 'packages/web/dist/index.html');
const START_TIMEOUT_MS = 120_000;

let server: ChildProcess | undefined;
let dataDir: string | undefined;
let output = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Ready means the API answers the session probe of a signed-out browser: 401. */
async function waitUntilReady(baseUrl: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server?.exitCode !== null) {
      throw new Error(`The console server exited (code ${server?.exitCode}) before it was ready:\n${output}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/session`, {
        headers: { 'x-requested-with': 'XMLHttpRequest' },
      });
      if (res.status === 401) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The console server did not answer within ${START_TIMEOUT_MS / 1000} s:\n${output}`);
}

export async function setup(project: TestProject): Promise<void> {
  if (!fs.existsSync(WEB_INDEX)) {
    throw new Error(`The web app is not built (${WEB_INDEX} is missing). Run \`npm run build:web\` first.`);
  }
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'lifeboat-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LIFEBOAT_DATA_DIR: dataDir,
      SIM_SPEED: '0',
      // The console's FTPS export server on a free port too (several runs may share the machine).
      LIFEBOAT_FTPS_PORT: String(await freePort()),
      // The recovery wizard's error screens (issue 6): reseller2's appliance 7 never answers a
      // share request (applianceOffline) or a VM state check (error), appliance 9 refuses it
      // (genericError), and system 115 (on appliance 9) is refused anything but VHDX
      // (exportChangeFormat). System 108 (git01-ironwood, appliance 9) boots its local VM slowly,
      // so the wizard's startVm can be seen, and the reseller's ERP01-BAKER (36), which no other
      // test uses, takes disks in VHDX only, so a change-format export ends on its share (issue 12).
      SIM_FAULTS:
        process.env.E2E_SIM_FAULTS ??
        'appliance_offline@appliance:7,share_failed@appliance:9,format_refused@system:115,slow_vm_start@system:108,format_refused@system:36',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  await waitUntilReady(baseUrl);
  project.provide('baseUrl', baseUrl);
}

export async function teardown(): Promise<void> {
  const child = server;
  if (child && child.exitCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
