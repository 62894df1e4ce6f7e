import {
  type AutoVerifyOutcome,
  type AutoVerifyRequest,
  type AutoVerifyScreenshotRequest,
  type Clock,
  type Fabric,
  FabricError,
  type FabricProgress,
  type RecoveryEntry,
  type RestorePointRef,
  type ShareExposure,
  type ShareRequest,
  type VmActionOutcome,
  type VmActionRequest,
} from '@lifeboat/contract';
import { autoVerifyVerdict, nominalDurationMs } from './autoverify';
import { type FaultConfig, FaultPlan, parseFaults } from './faults';
import { simulateVmAction } from './inventory';
import {
  exposeSimulatedShare,
  listRecoveryFiles,
  readRecoveryFile,
  statRecoveryFile,
  waitSimulatedShare,
} from './recovery';
import { simulatedScreenshot } from './screenshots';

export interface SimulatedFabricOptions {
  clock: Clock;
  /** 1 realistic, 60 lively demo, 0 no waiting at all (tests). */
  speed: number;
  /** A parsed config or the SIM_FAULTS text. */
  faults?: FaultConfig | string;
  /** How to wait; real timers by default. */
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Progress reports per stage, so a long stage still shows movement. */
const TICKS_PER_STAGE = 4;

/** The built-in Fabric: realistic delays, progress and configurable faults, no real appliance. */
export class SimulatedFabric implements Fabric {
  readonly name = 'simulator';
  readonly faults: FaultPlan;
  private readonly clock: Clock;
  private readonly speed: number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(opts: SimulatedFabricOptions) {
    this.clock = opts.clock;
    this.speed = opts.speed;
    this.sleep = opts.sleep ?? realSleep;
    const faults = typeof opts.faults === 'string' ? parseFaults(opts.faults) : opts.faults;
    this.faults = new FaultPlan(faults);
  }

  private async wait(baseMs: number): Promise<void> {
    if (this.speed > 0) await this.sleep(baseMs / this.speed);
  }

  async runAutoVerify(req: AutoVerifyRequest, progress: FabricProgress): Promise<AutoVerifyOutcome> {
    const startedAt = this.clock.now();
    const subject = {
      systemId: req.systemId,
      applianceId: req.applianceId,
      restorePointId: req.restorePointId,
    };
    const verdict = autoVerifyVerdict(
      { systemId: req.systemId, restorePointId: req.restorePointId, restorePointAt: req.restorePointAt },
      this.faults.strikes('autoverify_fail', subject),
    );
    const total = nominalDurationMs(verdict);
    let elapsed = 0;
    for (const stage of verdict.stages) {
      await progress.report((elapsed / total) * 100, stage.step);
      if (stage.name === 'prepare') this.prepareFaults(req, subject);
      if (stage.name === 'heartbeat' && this.faults.strikes('timeout', subject)) {
        throw new FabricError('TIMEOUT', 'The virtual machine did not respond in time.', true);
      }
      for (let t = 1; t <= TICKS_PER_STAGE; t++) {
        await this.wait(stage.baseMs / TICKS_PER_STAGE);
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
      endedAt: this.clock.now(),
    };
  }

  async autoVerifyScreenshot(req: AutoVerifyScreenshotRequest): Promise<Buffer> {
    return simulatedScreenshot(req);
  }

  vmAction(req: VmActionRequest, progress: FabricProgress): Promise<VmActionOutcome> {
    return simulateVmAction({ faults: this.faults, wait: (ms) => this.wait(ms) }, req, progress);
  }

  private prepareFaults(req: AutoVerifyRequest, subject: Parameters<FaultPlan['strikes']>[1]): void {
    if (req.applianceId !== null && this.faults.strikes('appliance_offline', subject)) {
      // Not retried: the user should hear now, not after minutes of backoff.
      throw new FabricError('APPLIANCE_OFFLINE', `The appliance of ${req.systemName} is offline.`, false);
    }
    if (this.faults.strikes('rp_in_use', subject)) {
      throw new FabricError(
        'RP_IN_USE',
        'The restore point is in use by another recovery (a share, an export or a virtual machine).',
        true,
      );
    }
  }

  // --- recovery area (issue 6), implemented in ./recovery ---
  async listFiles(point: RestorePointRef, path: string): Promise<RecoveryEntry[] | null> {
    return listRecoveryFiles(point, path);
  }

  async statFile(point: RestorePointRef, path: string): Promise<RecoveryEntry | null> {
    return statRecoveryFile(point, path);
  }

  async readFile(
    point: RestorePointRef,
    path: string,
    start: number,
    end: number,
  ): Promise<Uint8Array | null> {
    return readRecoveryFile(point, path, start, end);
  }

  async exposeShare(req: ShareRequest): Promise<ShareExposure> {
    return exposeSimulatedShare(this.faults, req);
  }

  async waitShareActive(_req: ShareRequest, progress: FabricProgress): Promise<void> {
    await waitSimulatedShare((ms) => this.wait(ms), progress);
  }

  async removeShare(_req: ShareRequest): Promise<void> {
    await this.wait(1000);
  }
}
