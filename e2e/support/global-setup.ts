import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { type ProductionServer, startProduction } from '../../scripts/production-start.mjs';
import './provided';

// A start builds the bundle and the web app first when a source changed since the last build.
const START_TIMEOUT_MS = 300_000;

let server: ProductionServer | undefined;
let dataDir: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'lifeboat-e2e-'));
  const resticRoot = path.join(dataDir, 'restic');
  await mkdir(resticRoot, { recursive: true });
  // `npm start`'s own script on the built bundle (scripts/production-start.mjs), not the
  // TypeScript sources: what the suite walks is what an operator runs.
  server = await startProduction({
    timeoutMs: START_TIMEOUT_MS,
    env: {
      LIFEBOAT_DATA_DIR: dataDir,
      SIM_SPEED: '0',
      // The recovery wizard's error screens (issue 6): reseller2's appliance 7 never answers a
      // share request (applianceOffline) or a VM state check (error), appliance 9 refuses it
      // (genericError), and system 115 (on appliance 9) is refused anything but VHDX
      // (exportChangeFormat). System 108 (git01-ironwood, appliance 9) boots its local VM slowly,
      // so the wizard's startVm can be seen, and the reseller's ERP01-BAKER (36), which no other
      // test uses, takes disks in VHDX only, so a change-format export ends on its share (issue 12).
      SIM_FAULTS:
        process.env.E2E_SIM_FAULTS ??
        'appliance_offline@appliance:7,share_failed@appliance:9,format_refused@system:115,slow_vm_start@system:108,format_refused@system:36',
      // SQLite in the data folder, whatever database the caller's environment names.
      DATABASE_URL: '',
      // Where the backup sources' tests make their restic repositories.
      LIFEBOAT_RESTIC_ROOTS: resticRoot,
      // The webhooks test's receiver listens on this machine's loopback address.
      LIFEBOAT_WEBHOOK_ALLOW_PRIVATE: '1',
    },
  });
  const baseUrl = server.baseUrl;
  project.provide('baseUrl', baseUrl);
  project.provide('resticRoot', resticRoot);
}

export async function teardown(): Promise<void> {
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
