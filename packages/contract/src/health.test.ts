import { describe, expect, it } from 'vitest';
import {
  healthColour,
  quickFilterActive,
  storageLevel,
  storageNeedsTooltip,
  toggleQuickFilter,
} from './health';

describe('healthColour', () => {
  it('maps the spec table and greys anything else', () => {
    expect(healthColour('TROUBLED')).toBe('red');
    expect(healthColour('WARNED')).toBe('yellow');
    expect(healthColour('NORMAL')).toBe('green');
    expect(healthColour('NODATA')).toBe('light-grey');
    expect(healthColour('PARKED')).toBe('grey');
    expect(healthColour('UNPROTECTED')).toBe('grey');
    expect(healthColour('SOMETHING')).toBe('grey');
    expect(healthColour(null)).toBe('grey');
  });
});

describe('storageLevel', () => {
  it('uses the 70, 90 and 100 percent boundaries', () => {
    expect(storageLevel(0)).toBe('normal');
    expect(storageLevel(69.99)).toBe('normal');
    expect(storageLevel(70)).toBe('warning');
    expect(storageLevel(89.9)).toBe('warning');
    expect(storageLevel(90)).toBe('danger');
    expect(storageLevel(99.99)).toBe('danger');
    expect(storageLevel(100)).toBe('critical');
    expect(storageLevel(250)).toBe('critical');
    expect(storageLevel(Number.NaN)).toBe('normal');
  });
  it('shows a tooltip from 70 percent', () => {
    expect(storageNeedsTooltip(69)).toBe(false);
    expect(storageNeedsTooltip(70)).toBe(true);
    expect(storageNeedsTooltip(120)).toBe(true);
  });
});

describe('toggleQuickFilter', () => {
  it('adds the status to every table when it is missing somewhere', () => {
    expect(toggleQuickFilter([[], ['TROUBLED'], ['WARNED']], 'TROUBLED')).toEqual([
      ['TROUBLED'],
      ['TROUBLED'],
      ['WARNED', 'TROUBLED'],
    ]);
  });
  it('removes it from every table when it is active in all three', () => {
    expect(toggleQuickFilter([['TROUBLED'], ['TROUBLED', 'WARNED'], ['TROUBLED']], 'TROUBLED')).toEqual([
      [],
      ['WARNED'],
      [],
    ]);
  });
  it('does not change its input, and reports the pressed state', () => {
    const input = [['NORMAL'], []];
    toggleQuickFilter(input, 'NORMAL');
    expect(input).toEqual([['NORMAL'], []]);
    expect(quickFilterActive(input, 'NORMAL')).toBe(false);
    expect(quickFilterActive([['NORMAL'], ['NORMAL']], 'NORMAL')).toBe(true);
    expect(quickFilterActive([], 'NORMAL')).toBe(false);
  });
});
