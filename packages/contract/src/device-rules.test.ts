import { describe, expect, it } from 'vitest';
import { jobDetailsFields, jobDisplayStatus, jobTypeLabel } from './device-jobs';
import {
  checkThresholdInput,
  isValidThresholdMinutes,
  nearestStop,
  thresholdRange,
  thresholdScale,
  thresholdText,
} from './device-thresholds';

// spec: dashboard-device-azure 4 'Job status' display rules; recovery-flow 9 and inventory 5
// thresholds.

describe('job display rules', () => {
  it.each([
    ['IDLE', 'In Progress'],
    ['RUNNING', 'In Progress'],
    ['RESUME', 'In Progress'],
    ['COMPLETED', 'Completed'],
    ['FAILED', 'Failed'],
    ['MISSED', 'Missed'],
    ['PAUSED', 'Auto Paused'],
    ['MANUALLY_PAUSED', 'Manually Paused'],
    ['SOMETHING', null],
  ])('%s shows as %s', (raw, shown) => expect(jobDisplayStatus(raw)).toBe(shown));

  it('end and duration for completed and failed only', () => {
    for (const s of ['COMPLETED', 'FAILED'])
      expect(jobDetailsFields(s)).toMatchObject({ end: true, duration: true });
    for (const s of ['RUNNING', 'PAUSED', 'MISSED', 'MANUALLY_PAUSED'])
      expect(jobDetailsFields(s)).toMatchObject({ end: false, duration: false });
  });

  it('paused-at for paused jobs; progress for in-progress and paused jobs', () => {
    expect(jobDetailsFields('PAUSED')).toMatchObject({ pausedAt: true, progress: true, pauseMessage: true });
    expect(jobDetailsFields('MANUALLY_PAUSED')).toMatchObject({
      pausedAt: true,
      progress: true,
      pauseMessage: false,
    });
    expect(jobDetailsFields('RESUME')).toMatchObject({ pausedAt: false, progress: true });
    expect(jobDetailsFields('COMPLETED')).toMatchObject({ pausedAt: false, progress: false });
  });

  it('size except for missed and failed; the error only for failed', () => {
    expect(jobDetailsFields('MISSED').size).toBe(false);
    expect(jobDetailsFields('FAILED')).toMatchObject({ size: false, error: true });
    expect(jobDetailsFields('COMPLETED')).toMatchObject({ size: true, error: false });
    expect(jobDetailsFields('RUNNING').size).toBe(true);
  });

  it('labels the job type from the backup type and target', () => {
    expect(jobTypeLabel('Backup', 'Incremental')).toBe('Incremental backup');
    expect(jobTypeLabel('Replication', 'Initial')).toBe('Initial replication');
  });
});

describe('thresholds', () => {
  const backup = thresholdScale('server');
  const cache = thresholdScale('local_cache');

  it('uses the spec’s stops and defaults', () => {
    expect(backup.values[0]).toBe(120);
    expect(backup.values.at(-1)).toBe(525600);
    expect(thresholdScale('server').defaultMinutes).toBe(2160);
    expect(thresholdScale('workstation').defaultMinutes).toBe(4320);
    expect(cache.values).toEqual([1440, 2880, 4320, 10080, 20160]);
    expect(cache.defaultMinutes).toBe(4320);
    expect(thresholdRange(backup)).toEqual({ min: 2, max: 8760 });
    expect(thresholdRange(cache)).toEqual({ min: 1, max: 14 });
  });

  it('accepts digits inside the range after the multiplier', () => {
    expect(checkThresholdInput('36', backup)).toEqual({ ok: true, minutes: 2160 });
    expect(checkThresholdInput(' 2 ', backup)).toEqual({ ok: true, minutes: 120 });
    expect(checkThresholdInput('14', cache)).toEqual({ ok: true, minutes: 20160 });
  });

  it.each(['', '1', '8761', '3.5', '-4', '12h', 'abc'])('refuses "%s" with the range message', (v) =>
    expect(checkThresholdInput(v, backup)).toEqual({
      ok: false,
      message: 'Enter a whole number of hours between 2 and 8760.',
    }),
  );

  it('validates saved minutes as whole units in range', () => {
    expect(isValidThresholdMinutes(2160, backup)).toBe(true);
    expect(isValidThresholdMinutes(150, backup)).toBe(false);
    expect(isValidThresholdMinutes(60, backup)).toBe(false);
    expect(isValidThresholdMinutes(Number.NaN, backup)).toBe(false);
    expect(isValidThresholdMinutes(21600, cache)).toBe(false);
  });

  it('finds the nearest slider stop and says values in words', () => {
    expect(nearestStop(2160, backup)).toBe(5);
    expect(nearestStop(2200, backup)).toBe(5);
    expect(nearestStop(5000, cache)).toBe(2);
    expect(thresholdText(720)).toBe('12 hours');
    expect(thresholdText(4320)).toBe('3 days');
    expect(thresholdText(1440)).toBe('1 day');
    expect(thresholdText(525600)).toBe('1 year');
  });
});
