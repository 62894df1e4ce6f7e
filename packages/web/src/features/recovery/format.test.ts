import { describe, expect, it } from 'vitest';
import { countdownText, PENDING_UNMOUNT, sizeText } from './format';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('countdownText (recovery-flow 4, cloud share expiry)', () => {
  it('shows at most two units, largest first', () => {
    expect(countdownText(7 * D - S)).toBe('6 days 23 hours');
    expect(countdownText(7 * D)).toBe('1 week');
    expect(countdownText(400 * D)).toBe('1 year 5 weeks');
    expect(countdownText(2 * H + 5 * M + 9 * S)).toBe('2 hours 5 minutes');
    expect(countdownText(M + S)).toBe('1 minute 1 second');
    expect(countdownText(45 * S)).toBe('45 seconds');
  });

  it('drops a zero second unit', () => {
    expect(countdownText(D + 30 * M)).toBe('1 day');
  });

  it('reads pending unmount at zero and after', () => {
    expect(countdownText(999)).toBe(PENDING_UNMOUNT);
    expect(countdownText(0)).toBe(PENDING_UNMOUNT);
    expect(countdownText(-5 * M)).toBe(PENDING_UNMOUNT);
  });
});

describe('sizeText (recovery-flow 9)', () => {
  it('shows sizes under 1024 without decimals', () => {
    expect(sizeText(0)).toBe('0 B');
    expect(sizeText(1023)).toBe('1023 B');
  });
  it('uses 1024 steps and trims trailing zeros', () => {
    expect(sizeText(1024)).toBe('1 KB');
    expect(sizeText(1536)).toBe('1.5 KB');
    expect(sizeText(1_500_000)).toBe('1.43 MB');
    expect(sizeText(5 * 1024 ** 3)).toBe('5 GB');
  });
});
