import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { errorText, REQUEST_FAILED } from './errors';
import { toSegments } from './HealthHistoryCard';
import { colourVar, headerTone, healthColour } from './statusColour';

describe('health colours (spec 4 "Health values and colours")', () => {
  it.each([
    ['TROUBLED', 'red'],
    ['NODATA', 'gray.4'],
    ['NORMAL', 'green'],
    ['WARNED', 'yellow'],
    ['PARKED', 'gray'],
    ['UNPROTECTED', 'gray'],
    ['SOMETHING_ELSE', 'gray'],
  ])('%s is %s', (status, colour) => expect(healthColour(status)).toBe(colour));

  it('colours the sidebar header by status (spec 2.3)', () => {
    expect(headerTone('NORMAL')).toBe('success');
    expect(headerTone('HEALTHY')).toBe('success');
    expect(headerTone('TROUBLED')).toBe('error');
    expect(headerTone('WARNED')).toBe('warning');
    expect(headerTone('PARKED')).toBe('info');
    expect(headerTone('NODATA')).toBe('neutral');
  });

  it('turns colour names into CSS variables', () => {
    expect(colourVar('red')).toBe('var(--mantine-color-red-6)');
    expect(colourVar('gray.4')).toBe('var(--mantine-color-gray-4)');
  });
});

describe('health history segments', () => {
  const cutoff = 1_000_000;
  const now = cutoff + 1000;
  const h = (entries: { timestart: number; health: string }[]) => ({
    ok: true as const,
    time_cutoff: cutoff,
    now,
    health_history: {
      health_history_json: entries.map((e) => ({ ...e, reason: null, description: null })),
    },
  });

  it('spans time_cutoff to now in proportion', () => {
    const s = toSegments(
      h([
        { timestart: cutoff, health: 'NORMAL' },
        { timestart: cutoff + 250, health: 'TROUBLED' },
      ]),
    );
    expect(s.map((x) => [x.health, x.percent])).toEqual([
      ['NORMAL', 25],
      ['TROUBLED', 75],
    ]);
  });

  it('fills the time before the first entry as no data', () => {
    const s = toSegments(h([{ timestart: cutoff + 500, health: 'WARNED' }]));
    expect(s.map((x) => [x.health, x.percent])).toEqual([
      ['NODATA', 50],
      ['WARNED', 50],
    ]);
    expect(toSegments(h([])).map((x) => [x.health, x.percent])).toEqual([['NODATA', 100]]);
  });
});

describe('error texts (spec 8)', () => {
  it('uses the server message when there is one, else a generic text', () => {
    expect(errorText(new ApiError(404, 'NOT_FOUND', 'This job was not found.'))).toBe(
      'This job was not found.',
    );
    expect(errorText('Appliance offline.')).toBe('Appliance offline.');
    expect(errorText('')).toBe(REQUEST_FAILED);
    expect(errorText(new Error('boom'))).toBe(REQUEST_FAILED);
  });
});
