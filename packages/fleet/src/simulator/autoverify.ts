import {
  type AutoVerifyOutcome,
  type AutoVerifyPort,
  type AutoVerifyRequest,
  FabricError,
  type FabricProgress,
} from '@lifeboat/contract';
import { type SimDeps, TICKS_PER_STAGE } from './deps';
import type { FaultSubject } from './faults';
import { hash32, pick, unit } from './random';
import { simulatedScreenshot } from './screenshots';

// AutoVerify as the simulator plays it: boot the restore point as a virtual machine, wait for
// the agent's heartbeat, look at the screen, run VSS and chkdsk checks, clean up. The verdict
// is a pure function of the system and restore point, so the same point always verifies the
// same way (and the nightly run in advanceFleet agrees with a manual run).

export type StageName = 'prepare' | 'boot' | 'heartbeat' | 'screen' | 'checks' | 'cleanup';

export interface Stage {
  name: StageName;
  step: string;
  /** Realistic duration at speed 1; about two minutes in all. */
  baseMs: number;
}

export const AUTOVERIFY_STAGES: readonly Stage[] = [
  { name: 'prepare', step: 'Preparing the restore point', baseMs: 20_000 },
  { name: 'boot', step: 'Booting the virtual machine', baseMs: 35_000 },
  { name: 'heartbeat', step: 'Waiting for the heartbeat', baseMs: 20_000 },
  { name: 'screen', step: 'Checking the screen', baseMs: 15_000 },
  { name: 'checks', step: 'Running VSS and chkdsk checks', baseMs: 20_000 },
  { name: 'cleanup', step: 'Cleaning up', baseMs: 10_000 },
];

export type FailureMode = 'no_screen' | 'blue_screen' | 'no_heartbeat' | 'vss' | 'chkdsk';

export interface VerdictInput {
  systemId: number;
  restorePointId: number;
  restorePointAt: number;
}

export interface Verdict extends Omit<AutoVerifyOutcome, 'startedAt' | 'endedAt'> {
  failure: FailureMode | null;
  /** Stages actually run: a machine that never boots skips the checks. */
  stages: readonly Stage[];
}

/** Share of restore points that fail verification with no fault configured. */
export const BASE_FAILURE_RATE = 0.06;

const MODES: readonly FailureMode[] = [
  'no_screen',
  'blue_screen',
  'no_heartbeat',
  'no_heartbeat',
  'vss',
  'chkdsk',
  'chkdsk',
];

const RESULTS: Record<FailureMode | 'success', string> = {
  success: 'The virtual machine booted, the agent answered the heartbeat and every check passed.',
  no_screen: 'The virtual machine did not boot: no operating system screen appeared within the time limit.',
  blue_screen: 'The virtual machine stopped at a blue screen during start-up (INACCESSIBLE_BOOT_DEVICE).',
  no_heartbeat: 'The virtual machine booted but the agent did not answer the heartbeat.',
  vss: 'The virtual machine booted, but the VSS check failed: a VSS writer reported an error.',
  chkdsk: 'The virtual machine booted, but chkdsk found file system errors on the system volume.',
};

/** The verdict for one restore point; `forceFailure` comes from the autoverify_fail fault. */
export function autoVerifyVerdict(input: VerdictInput, forceFailure = false): Verdict {
  const { systemId, restorePointId, restorePointAt } = input;
  const fails =
    forceFailure || unit('autoverify', systemId, restorePointId, restorePointAt) < BASE_FAILURE_RATE;
  const failure = fails ? pick(MODES, 'autoverify-mode', systemId, restorePointId) : null;
  const booted = failure !== 'no_screen' && failure !== 'blue_screen';
  const answered = booted && failure !== 'no_heartbeat';
  return {
    status: failure ? 'failure' : 'success',
    failure,
    result: RESULTS[failure ?? 'success'],
    heartbeat: answered,
    bootCheck: booted ? 'Passed' : 'Failed',
    vssStatus: answered && failure !== 'vss' ? 'Passed' : 'Failed',
    chkdskStatus: answered && failure !== 'chkdsk' ? 'Passed' : 'Failed',
    // No screen, no screenshot; a blue screen is still a screen worth showing.
    screenshotSeed: failure === 'no_screen' ? null : hash32('screenshot', systemId, restorePointId),
    stages: booted
      ? AUTOVERIFY_STAGES
      : AUTOVERIFY_STAGES.filter((s) => s.name === 'prepare' || s.name === 'boot' || s.name === 'cleanup'),
  };
}

/** How long the run takes at speed 1, for results written without waiting (nightly runs). */
export function nominalDurationMs(v: Verdict): number {
  return v.stages.reduce((sum, s) => sum + s.baseMs, 0);
}

function prepareFaults(deps: SimDeps<'autoverify'>, req: AutoVerifyRequest, subject: FaultSubject): void {
  if (req.applianceId !== null && deps.faults.strikes('appliance_offline', subject)) {
    // Not retried: the user should hear now, not after minutes of backoff.
    throw new FabricError('APPLIANCE_OFFLINE', `The appliance of ${req.systemName} is offline.`, false);
  }
  if (deps.faults.strikes('rp_in_use', subject)) {
    throw new FabricError(
      'RP_IN_USE',
      'The restore point is in use by another recovery (a share, an export or a virtual machine).',
      true,
    );
  }
}

async function runSimulatedAutoVerify(
  deps: SimDeps<'autoverify'>,
  req: AutoVerifyRequest,
  progress: FabricProgress,
): Promise<AutoVerifyOutcome> {
  const startedAt = deps.clock.now();
  const subject = {
    systemId: req.systemId,
    applianceId: req.applianceId,
    restorePointId: req.restorePointId,
  };
  const verdict = autoVerifyVerdict(
    { systemId: req.systemId, restorePointId: req.restorePointId, restorePointAt: req.restorePointAt },
    deps.faults.strikes('autoverify_fail', subject),
  );
  const total = nominalDurationMs(verdict);
  let elapsed = 0;
  for (const stage of verdict.stages) {
    await progress.report((elapsed / total) * 100, stage.step);
    if (stage.name === 'prepare') prepareFaults(deps, req, subject);
    if (stage.name === 'heartbeat' && deps.faults.strikes('timeout', subject)) {
      throw new FabricError('TIMEOUT', 'The virtual machine did not respond in time.', true);
    }
    for (let t = 1; t <= TICKS_PER_STAGE; t++) {
      await deps.wait(stage.baseMs / TICKS_PER_STAGE);
      const done = elapsed + (stage.baseMs * t) / TICKS_PER_STAGE;
      if (t < TICKS_PER_STAGE) await progress.report((done / total) * 100, stage.step);
    }
    elapsed += stage.baseMs;
  }
  await progress.report(100, 'Finished');
  return {
    status: verdict.status,
    result: verdict.result,
    heartbeat: verdict.heartbeat,
    bootCheck: verdict.bootCheck,
    vssStatus: verdict.vssStatus,
    chkdskStatus: verdict.chkdskStatus,
    screenshotSeed: verdict.screenshotSeed,
    startedAt,
    endedAt: deps.clock.now(),
  };
}

/** The simulator's AutoVerifyPort: a verdict per point, timed stages, the autoverify faults. */
export function createSimulatedAutoVerify(deps: SimDeps<'autoverify'>): AutoVerifyPort {
  return {
    runAutoVerify: (req, progress) => runSimulatedAutoVerify(deps, req, progress),
    autoVerifyScreenshot: async (req) => simulatedScreenshot(req),
  };
}
