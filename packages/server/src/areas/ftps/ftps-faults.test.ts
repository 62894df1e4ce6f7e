import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withFaults as withTestFaults } from '../../test/harness';
import { exportDir } from './ftps-server';
import { type FtpsFixture, ftpsFixture } from './test-fixture';

// The ERROR outcomes of an FTPS export (spec: recovery-flow 4 'FTPS export', 7, 8 'FTPS export: a
// recovery-point-in-use message and a recover error message'), reached through the simulator's
// faults (SIM_FAULTS): the restore point in use (rpInUseError, its own message), the appliance
// offline and a failure midway (isRecoverError). Each leaves no files and no credentials, and a
// retry once the fault is gone completes.

let f: FtpsFixture;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-ftps-faults-'));
  f = await ftpsFixture({ ftpsDir: dir });
});
afterAll(async () => {
  await f.t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function runAll() {
  for (let i = 0; i < 10; i++) await f.t.ctx.operations.runOnce();
}

/** Run `fn` with the simulator's ports built from `faults` (SIM_FAULTS syntax). */
const withFaults = <T>(faults: string, fn: () => Promise<T>): Promise<T> => withTestFaults(f.t, faults, fn);

const point = () => f.pointsA1[0]?.id ?? 0;

/** Start a VHD export of system A1 and run the workers; answers its final status. */
async function exportA1() {
  const r = await f.post('clia1', `/ftps_export/start/${f.w.systemA1}/${point()}/disk/VHD/dynamic`, {});
  expect(r.statusCode).toBe(200);
  const uuid = r.json().export_uuid as string;
  expect((await f.get('clia1', `/ftps_export/get_status/${uuid}`)).json().status).toBe('RUNNING');
  await runAll();
  const status = await f.get('clia1', `/ftps_export/get_status/${uuid}`);
  expect(status.statusCode).toBe(200);
  return status.json() as {
    export_id: number;
    status: string;
    percent: number;
    rpInUseError: boolean;
    isRecoverError: boolean;
    error: string | null;
  };
}

/** A failed export has no home folder, no credentials, and is listed as failed. */
async function expectNothingServed(id: number) {
  expect(fs.existsSync(exportDir(f.t.ctx, id))).toBe(false);
  expect(fs.existsSync(`${exportDir(f.t.ctx, id)}.staging`)).toBe(false);
  const cred = await f.post('clia1', '/ftps_export/ftps_credentials', { export_id: id });
  expect(cred.statusCode).toBe(400);
  expect(cred.json().message).toMatch(/not available/);
  const feed = await f.get(
    'clia1',
    `/dashboard_ftps_exports/get_ftps_disk_records/${f.w.resellerA}/${f.w.clientA1}`,
  );
  expect(feed.json().records.find((x: { id: number }) => x.id === id)?.status).toBe('failed');
}

describe('FTPS export outcomes from the simulator faults', () => {
  it('rp_in_use: ERROR with rpInUseError and its own message, not the recover error', async () => {
    const s = await withFaults(`rp_in_use@rp:${point()}`, exportA1);
    expect(s).toMatchObject({
      status: 'ERROR',
      percent: 0,
      rpInUseError: true,
      isRecoverError: false,
      error: expect.stringMatching(/restore point is in use/),
    });
    await expectNothingServed(s.export_id);
  });

  it('a restore point held by another recovery (in_use) gives the same rpInUseError', async () => {
    await f.t.dbh.db.updateTable('restore_points').set({ in_use: 1 }).where('id', '=', point()).execute();
    try {
      const s = await exportA1();
      expect(s).toMatchObject({ status: 'ERROR', rpInUseError: true, isRecoverError: false });
      await expectNothingServed(s.export_id);
    } finally {
      await f.t.dbh.db.updateTable('restore_points').set({ in_use: 0 }).where('id', '=', point()).execute();
    }
  });

  it('appliance_offline: ERROR with isRecoverError and the appliance message', async () => {
    const s = await withFaults(`appliance_offline@${f.w.applianceA1}`, exportA1);
    expect(s).toMatchObject({
      status: 'ERROR',
      rpInUseError: false,
      isRecoverError: true,
      error: expect.stringMatching(/appliance of FS01-A1 is offline/),
    });
    await expectNothingServed(s.export_id);
  });

  it('ftps_failed (failure midway): ERROR with isRecoverError and the fabric message', async () => {
    const s = await withFaults(`ftps_failed@system:${f.w.systemA1}`, exportA1);
    expect(s).toMatchObject({
      status: 'ERROR',
      rpInUseError: false,
      isRecoverError: true,
      error: expect.stringMatching(/could not be completed/),
    });
    await expectNothingServed(s.export_id);
  });

  it('a fault of another subject leaves the export alone; a retry without the fault completes', async () => {
    const other = await withFaults(
      `appliance_offline@${f.w.applianceA1 + 1000},rp_in_use@rp:999999`,
      exportA1,
    );
    expect(other).toMatchObject({ status: 'COMPLETED', rpInUseError: false, isRecoverError: false });
    const again = await exportA1();
    expect(again.status).toBe('COMPLETED');
    expect(fs.readdirSync(exportDir(f.t.ctx, again.export_id))).toEqual(['FS01-A1.vhd']);
  });
});
