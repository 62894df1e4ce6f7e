import { describe, expect, it } from 'vitest';
import { renderScreenshot } from '../world';
import { simulatedScreenshot } from './screenshots';

const req = (seed: number, hostname = 'FRONT-DESK') => ({
  screenshotSeed: seed,
  hostname,
  osType: 'WINDOWS',
  ok: true,
  width: 128,
  height: 80,
});

describe('simulated AutoVerify screenshots', () => {
  it('gives the picture drawn for the same run again, and draws what differs', () => {
    const first = simulatedScreenshot(req(7));
    expect(simulatedScreenshot(req(7))).toBe(first);
    expect(first.equals(renderScreenshot(7, req(7)))).toBe(true);
    const other = simulatedScreenshot(req(7, 'RECEPTION'));
    expect(other).not.toBe(first);
    expect(other.equals(first)).toBe(false);
  });

  it('keeps a bounded number and draws a forgotten one the same again', () => {
    const first = simulatedScreenshot(req(1_000));
    for (let seed = 1_001; seed < 1_001 + 600; seed++) simulatedScreenshot(req(seed));
    const again = simulatedScreenshot(req(1_000));
    expect(again).not.toBe(first);
    expect(again.equals(first)).toBe(true);
  });
});
