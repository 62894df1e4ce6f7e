import { FabricError, ManualClock } from '@lifeboat/contract';
import { describe, expect, it } from 'vitest';
import {
  AUTOVERIFY_STAGES,
  autoVerifyVerdict,
  BASE_FAILURE_RATE,
  createSimulatedAutoVerify,
} from './autoverify';
import { createSimDeps, type SimOptions } from './deps';

const sim = (opts: SimOptions) => createSimulatedAutoVerify(createSimDeps(opts));

const req = {
  systemId: 5,
  systemName: 'FS01',
  osType: 'WINDOWS',
  restorePointId: 77,
  restorePointAt: 1_700_000_000_000,
  applianceId: 3,
};

function recorder() {
  const reports: { percent: number; step?: string }[] = [];
  return {
    reports,
    progress: { report: async (percent: number, step?: string) => void reports.push({ percent, step }) },
  };
}

describe('the simulated AutoVerify port: runAutoVerify', () => {
  it('walks through every stage with rising progress and waits nothing at speed 0', async () => {
    const clock = new ManualClock(1_800_000_000_000);
    const port = sim({ clock, speed: 0, sleep: () => Promise.reject(new Error('slept')) });
    const { reports, progress } = recorder();
    const out = await port.runAutoVerify(req, progress);
    const steps = [...new Set(reports.map((r) => r.step))];
    const expected = autoVerifyVerdict(req).stages.map((s) => s.step);
    expect(steps).toEqual([...expected, 'Finished']);
    for (let i = 1; i < reports.length; i++)
      expect(reports[i]!.percent).toBeGreaterThanOrEqual(reports[i - 1]!.percent);
    expect(reports.at(-1)?.percent).toBe(100);
    expect(out).toMatchObject({ startedAt: clock.now(), endedAt: clock.now() });
    // The same system and restore point always verify the same way.
    expect(await port.runAutoVerify(req, recorder().progress)).toEqual(out);
  });

  it('takes about two minutes at speed 1, divided by the speed', async () => {
    let slept = 0;
    const sleep = async (ms: number) => {
      slept += ms;
    };
    const clock = new ManualClock(0);
    await sim({ clock, speed: 1, sleep }).runAutoVerify({ ...req, systemId: 1 }, recorder().progress);
    const full = autoVerifyVerdict({ ...req, systemId: 1 }).stages.reduce((a, s) => a + s.baseMs, 0);
    expect(slept).toBeCloseTo(full);
    expect(AUTOVERIFY_STAGES.reduce((a, s) => a + s.baseMs, 0)).toBe(120_000);
    slept = 0;
    await sim({ clock, speed: 60, sleep }).runAutoVerify({ ...req, systemId: 1 }, recorder().progress);
    expect(slept).toBeCloseTo(full / 60);
  });

  it('mostly succeeds; a failure names the failed check', () => {
    const verdicts = Array.from({ length: 3000 }, (_, i) =>
      autoVerifyVerdict({ systemId: i, restorePointId: i * 7, restorePointAt: i }),
    );
    const failures = verdicts.filter((v) => v.status === 'failure');
    expect(failures.length / verdicts.length).toBeGreaterThan(BASE_FAILURE_RATE / 2);
    expect(failures.length / verdicts.length).toBeLessThan(BASE_FAILURE_RATE * 2);
    for (const v of failures) {
      const checks = [v.bootCheck, v.vssStatus, v.chkdskStatus, v.heartbeat ? 'Passed' : 'Failed'];
      expect(checks).toContain('Failed');
    }
    const ok = verdicts.find((v) => v.status === 'success');
    expect(ok).toMatchObject({
      heartbeat: true,
      bootCheck: 'Passed',
      vssStatus: 'Passed',
      chkdskStatus: 'Passed',
    });
    expect(ok?.screenshotSeed).toEqual(expect.any(Number));
  });

  it('raises the configured faults with the right codes', async () => {
    const port = sim({
      clock: new ManualClock(0),
      speed: 0,
      faults: 'appliance_offline@3,rp_in_use@rp:78,autoverify_fail@system:6,timeout@system:9',
    });
    const offline = await port.runAutoVerify(req, recorder().progress).catch((e: unknown) => e);
    expect(offline).toBeInstanceOf(FabricError);
    expect(offline).toMatchObject({ code: 'APPLIANCE_OFFLINE', retryable: false });
    // A direct-to-cloud system has no appliance to be offline.
    await expect(
      port.runAutoVerify({ ...req, applianceId: null }, recorder().progress),
    ).resolves.toBeTruthy();
    await expect(
      port.runAutoVerify({ ...req, applianceId: 4, restorePointId: 78 }, recorder().progress),
    ).rejects.toMatchObject({ code: 'RP_IN_USE', retryable: true });
    await expect(
      port.runAutoVerify({ ...req, applianceId: 4, systemId: 9 }, recorder().progress),
    ).rejects.toMatchObject({ code: 'TIMEOUT', retryable: true });
    const failed = await port.runAutoVerify({ ...req, applianceId: 4, systemId: 6 }, recorder().progress);
    expect(failed.status).toBe('failure');
  });

  it('stops when progress cannot be reported (the operation lost its lease)', async () => {
    const port = sim({ clock: new ManualClock(0), speed: 0 });
    let n = 0;
    const progress = {
      report: async () => {
        if (++n === 3) throw new Error('lease lost');
      },
    };
    await expect(port.runAutoVerify(req, progress)).rejects.toThrow('lease lost');
    expect(n).toBe(3);
  });
});
