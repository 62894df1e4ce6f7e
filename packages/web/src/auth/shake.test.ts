import { LOGIN_SHAKE } from '@lifeboat/contract';
import { describe, expect, it } from 'vitest';
import { SHAKE_DISTANCE, shakeAnimation } from './shake';

describe('login shake (jQuery UI shake, spec LOGIN_SHAKE)', () => {
  const { keyframes, durationMs } = shakeAnimation();

  it('fits in the spec duration', () => {
    // jQuery UI: 2·times steps of round(250 / 5) = 50 ms plus half a step back.
    expect(durationMs).toBe(225);
    expect(durationMs).toBeLessThanOrEqual(LOGIN_SHAKE.durationMs);
  });

  it('shakes left and right `count` times and comes back', () => {
    const xs = keyframes.map((k) => String(k.transform));
    expect(xs).toEqual([
      'translateX(0)',
      `translateX(-${SHAKE_DISTANCE}px)`,
      `translateX(${SHAKE_DISTANCE}px)`,
      `translateX(-${SHAKE_DISTANCE}px)`,
      `translateX(${SHAKE_DISTANCE}px)`,
      'translateX(0)',
    ]);
    const lefts = xs.filter((x) => x.startsWith('translateX(-'));
    expect(lefts).toHaveLength(LOGIN_SHAKE.count);
  });

  it('has increasing offsets from 0 to 1', () => {
    const offsets = keyframes.map((k) => k.offset ?? 0);
    expect(offsets[0]).toBe(0);
    expect(offsets.at(-1)).toBe(1);
    for (let i = 1; i < offsets.length; i++) expect(offsets[i]).toBeGreaterThan(offsets[i - 1] ?? 0);
    // The last move back is half a step.
    expect((offsets[5] ?? 0) - (offsets[4] ?? 0)).toBeCloseTo(((offsets[2] ?? 0) - (offsets[1] ?? 0)) / 2);
  });
});
