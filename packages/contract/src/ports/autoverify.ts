import type { FabricProgress } from './common';

// AutoVerify (dashboard-device-azure 4 'AutoVerify modal and run'): boot a restore point in a
// throw-away VM, run the checks, and keep a screenshot of what the screen showed.

export interface AutoVerifyPort {
  runAutoVerify(req: AutoVerifyRequest, progress: FabricProgress): Promise<AutoVerifyOutcome>;
  /** The PNG screenshot an AutoVerify run captured, at the given size (dashboard thumbnails). */
  autoVerifyScreenshot(req: AutoVerifyScreenshotRequest): Promise<Buffer>;
}

export interface AutoVerifyRequest {
  systemId: number;
  systemName: string;
  osType: string;
  restorePointId: number;
  restorePointAt: number;
  /** Appliance id, or null for a direct-to-cloud system (cloud AutoVerify). */
  applianceId: number | null;
}

export interface AutoVerifyOutcome {
  status: 'success' | 'failure';
  result: string;
  heartbeat: boolean;
  bootCheck: 'Passed' | 'Failed';
  vssStatus: 'Passed' | 'Failed';
  chkdskStatus: 'Passed' | 'Failed';
  /** Seed of the generated boot screenshot; null when the VM never showed a screen. */
  screenshotSeed: number | null;
  startedAt: number;
  endedAt: number;
}

/** Which AutoVerify screenshot to draw (dashboard area). */
export interface AutoVerifyScreenshotRequest {
  screenshotSeed: number;
  hostname: string;
  osType: string;
  /** The run succeeded (sign-in screen) or not (failure screen). */
  ok: boolean;
  width: number;
  height: number;
}
