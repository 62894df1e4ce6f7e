import { type FtpsExportRequest, ManualClock } from '@lifeboat/contract';
import { describe, expect, it } from 'vitest';
import { createSimDeps, type SimOptions } from './deps';
import { createSimulatedFtps, FTPS_HOST, FTPS_TIMES, ftpsExportSize } from './ftps';

const sim = (opts: Partial<SimOptions> = {}) =>
  createSimulatedFtps(createSimDeps({ clock: new ManualClock(0), speed: 0, ...opts }));

const req: FtpsExportRequest = {
  exportId: 12,
  systemName: 'FS 01',
  type: 'files',
  format: null,
  applianceId: null,
  point: {
    systemId: 5,
    applianceId: null,
    restorePointId: 77,
    takenAt: Date.UTC(2026, 10, 19, 22, 30),
    seed: 1234,
    osType: 'WINDOWS',
    deviceType: 'server',
    hostname: 'fs01',
  },
};

const progress = (reports: number[] = []) => ({ report: async (p: number) => void reports.push(p) });

describe('the simulated FTPS port', () => {
  it('exports a point: host, login, folder and a size that never changes', async () => {
    const reports: number[] = [];
    const out = await sim().runExport(req, progress(reports));
    expect(out).toEqual({
      host: FTPS_HOST,
      login: 'export-12',
      directory: '/FS01-20261119-2230',
      sizeBytes: ftpsExportSize(req),
    });
    expect(reports.at(-1)).toBe(100);
    expect(await sim().runExport(req, progress())).toEqual(out);
    const disk = await sim().runExport({ ...req, type: 'disk', format: 'VHDX' }, progress());
    expect(disk.sizeBytes).toBeGreaterThanOrEqual(20 * 1024 ** 3);
    expect(out.sizeBytes).toBeLessThanOrEqual(5000 * 1024 ** 2);
  });

  it('takes longer for a disk, divided by the speed', async () => {
    let slept = 0;
    const sleep = async (ms: number) => {
      slept += ms;
    };
    await sim({ speed: 60, sleep }).runExport({ ...req, type: 'disk', format: 'VMDK' }, progress());
    expect(slept).toBeCloseTo((FTPS_TIMES.prepare + FTPS_TIMES.disk) / 60);
  });

  it('answers rpInUseError and the recover error through the faults', async () => {
    const faulty = sim({ faults: 'rp_in_use@rp:77,ftps_failed@system:6' });
    await expect(faulty.runExport(req, progress())).rejects.toMatchObject({ code: 'RP_IN_USE' });
    const other = { ...req, point: { ...req.point, systemId: 6, restorePointId: 78 } };
    await expect(faulty.runExport(other, progress())).rejects.toMatchObject({ code: 'FAILED' });
  });

  it("refuses an export while the system's appliance is offline; direct-to-cloud systems are immune", async () => {
    const faulty = sim({ faults: 'appliance_offline@3' });
    const behind = { ...req, applianceId: 3 };
    await expect(faulty.runExport(behind, progress())).rejects.toMatchObject({
      code: 'APPLIANCE_OFFLINE',
      message: expect.stringMatching(/appliance of FS 01 is offline/),
    });
    await expect(faulty.runExport({ ...req, applianceId: 4 }, progress())).resolves.toMatchObject({
      login: 'export-12',
    });
    await expect(sim({ faults: 'appliance_offline=1' }).runExport(req, progress())).resolves.toMatchObject({
      login: 'export-12',
    });
  });

  it('sets the FTPS password, refusing a short one, and removes an export', async () => {
    await expect(
      sim().setCredentials({ exportId: 12, login: 'export-12', password: 'long enough' }),
    ).resolves.toBeUndefined();
    await expect(
      sim().setCredentials({ exportId: 12, login: 'export-12', password: 'short' }),
    ).rejects.toMatchObject({
      code: 'FAILED',
    });
    await expect(sim().removeExport({ exportId: 12, login: 'export-12' })).resolves.toBeUndefined();
  });
});
