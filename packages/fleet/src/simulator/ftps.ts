import { FabricError, type FtpsExportRequest, type FtpsPort } from '@lifeboat/contract';
import type { SimDeps } from './deps';
import { intBetween } from './random';

// The simulated FTPS export (recovery-flow 7 'Second tool (FTPS)'): the cloud stages a restore
// point's files or disk on an FTPS host. Faults: appliance_offline (a system behind an appliance
// that is offline; natural subject the appliance, direct-to-cloud systems are immune), rp_in_use
// (the spec's rpInUseError; natural subject the restore point) and ftps_failed (failure midway;
// natural subject the system). Both of the others are the spec's isRecoverError.

export const FTPS_HOST = 'ftps.lifeboat.test';

/** Nominal times at speed 1: a disk image takes longer to stage than files. */
export const FTPS_TIMES = { prepare: 15_000, files: 60_000, disk: 180_000 } as const;

/** Shortest password the simulated host accepts. */
export const FTPS_MIN_PASSWORD = 8;

const MB = 1024 * 1024;
const GB = 1024 * MB;

/** The export's size: the same point always exports the same amount. */
export function ftpsExportSize(req: FtpsExportRequest): number {
  const { seed, restorePointId } = req.point;
  return req.type === 'disk'
    ? intBetween(20, 500, 'ftps-disk', seed, restorePointId) * GB
    : intBetween(50, 5000, 'ftps-files', seed, restorePointId) * MB;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The simulator's FtpsPort. */
export function createSimulatedFtps(deps: SimDeps<'ftps'>): FtpsPort {
  return {
    async runExport(req, progress) {
      const p = req.point;
      const subject = {
        systemId: p.systemId,
        applianceId: req.applianceId,
        restorePointId: p.restorePointId,
      };
      await progress.report(0, 'Preparing the restore point');
      if (req.applianceId !== null && deps.faults.strikes('appliance_offline', subject)) {
        throw new FabricError(
          'APPLIANCE_OFFLINE',
          `The appliance of ${req.systemName} is offline: the cloud cannot open its restore points. Bring the appliance back online, then try again.`,
        );
      }
      if (deps.faults.strikes('rp_in_use', subject)) {
        throw new FabricError(
          'RP_IN_USE',
          'The restore point is in use by another recovery. Finish or end that recovery, then try again.',
        );
      }
      await deps.wait(FTPS_TIMES.prepare);
      const copy = req.type === 'disk' ? FTPS_TIMES.disk : FTPS_TIMES.files;
      const step = req.type === 'disk' ? `Writing the ${req.format ?? 'VHDX'} image` : 'Copying the files';
      await progress.report((FTPS_TIMES.prepare / (FTPS_TIMES.prepare + copy)) * 100, step);
      await deps.wait(copy);
      if (deps.faults.strikes('ftps_failed', subject)) {
        throw new FabricError('FAILED', `The export of ${req.systemName} could not be completed. Try again.`);
      }
      await progress.report(100, 'Export ready');
      const d = new Date(p.takenAt);
      const stamp = `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}-${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}`;
      return {
        host: FTPS_HOST,
        login: `export-${req.exportId}`,
        directory: `/${req.systemName.replace(/[^A-Za-z0-9-]/g, '')}-${stamp}`,
        sizeBytes: ftpsExportSize(req),
      };
    },
    async setCredentials(req) {
      if (req.password.length < FTPS_MIN_PASSWORD) {
        throw new FabricError(
          'FAILED',
          `The FTPS host refused the password: use at least ${FTPS_MIN_PASSWORD} characters.`,
        );
      }
      await deps.wait(500);
    },
    removeExport: () => deps.wait(1000),
  };
}
