import {
  FabricError,
  type FabricProgress,
  type FilesPort,
  type RecoveryEntry,
  type RestorePointRef,
  type ShareExposure,
  type ShareRequest,
} from '@lifeboat/contract';
import { listDirectory, readFileRange, statPath, type WorldSystem } from '../world';
import type { SimDeps } from './deps';
import type { PortFaults } from './faults';

// The simulated files and shares port (recovery area, issue 6): restore points are browsed and read from the
// world's seeded file trees, and shares are exposed by a pretend appliance. Faults (SIM_FAULTS):
// appliance_offline -> no answer, format_refused -> try VHDX, share_failed -> a refusal with a
// title and message, so every screen of recovery-flow 8 can be reached.

/** Nominal time an appliance takes to mount a point and publish the share. */
export const SHARE_ACTIVATION_MS = 20_000;

function world(p: RestorePointRef): WorldSystem {
  return { seed: p.seed, os_type: p.osType, device_type: p.deviceType, hostname: p.hostname };
}

export function listRecoveryFiles(p: RestorePointRef, path: string): RecoveryEntry[] | null {
  return listDirectory(world(p), p.takenAt, path);
}

export function statRecoveryFile(p: RestorePointRef, path: string): RecoveryEntry | null {
  return statPath(world(p), p.takenAt, path);
}

export function readRecoveryFile(
  p: RestorePointRef,
  path: string,
  start: number,
  end: number,
): Uint8Array | null {
  return readFileRange(world(p), p.takenAt, path, start, end);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A share name people can read: system, point time, share id. */
export function shareName(req: ShareRequest): string {
  const d = new Date(req.point.takenAt);
  const stamp = `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}-${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}`;
  const system = req.systemName.replace(/[^A-Za-z0-9-]/g, '');
  return `${system}-${stamp}-${req.shareId}`;
}

export function exposeSimulatedShare(faults: PortFaults<'files'>, req: ShareRequest): ShareExposure {
  const subject = {
    systemId: req.point.systemId,
    applianceId: req.applianceId,
    restorePointId: req.point.restorePointId,
  };
  if (faults.strikes('appliance_offline', subject)) {
    throw new FabricError('APPLIANCE_OFFLINE', `The appliance ${req.applianceName} did not answer.`);
  }
  if (req.format !== 'VHDX' && faults.strikes('format_refused', subject)) {
    throw new FabricError('FORMAT_REFUSED', 'This disk cannot be shared in this format; VHDX is possible.');
  }
  if (faults.strikes('share_failed', subject)) {
    throw new FabricError(
      'FAILED',
      `${req.applianceName} could not mount the restore point of ${req.systemName}: the backup chain is being merged. Try again in a few minutes or choose another point.`,
    );
  }
  const name = shareName(req);
  const host = req.applianceName.toLowerCase().replace(/[^a-z0-9-]/g, '');
  return { sharePath: `\\\\${req.applianceName}\\${name}`, macSharePath: `smb://${host}.local/${name}` };
}

export async function waitSimulatedShare(
  wait: (ms: number) => Promise<void>,
  progress: FabricProgress,
): Promise<void> {
  const steps = ['Mounting the restore point', 'Publishing the share', 'Checking access'];
  for (let i = 0; i < steps.length; i++) {
    await progress.report((i / steps.length) * 100, steps[i]);
    await wait(SHARE_ACTIVATION_MS / steps.length);
  }
  await progress.report(100, 'Share active');
}

/** The simulator's FilesPort. */
export function createSimulatedFiles(deps: SimDeps<'files'>): FilesPort {
  return {
    listFiles: async (point, path) => listRecoveryFiles(point, path),
    statFile: async (point, path) => statRecoveryFile(point, path),
    readFile: async (point, path, start, end) => readRecoveryFile(point, path, start, end),
    exposeShare: async (req) => exposeSimulatedShare(deps.faults, req),
    waitShareActive: (_req, progress) => waitSimulatedShare(deps.wait, progress),
    removeShare: () => deps.wait(1000),
  };
}
