import { describe, expect, it } from 'vitest';
import {
  HEALTH_SEVERITY,
  healthColour,
  quickFilterActive,
  resolveThreshold,
  storageLevel,
  storageNeedsTooltip,
  toggleQuickFilter,
  worstHealth,
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

describe('worstHealth', () => {
  it('ranks by HEALTH_SEVERITY whatever the order of the systems', () => {
    expect(worstHealth(['NORMAL', 'TROUBLED', 'WARNED'])).toBe('TROUBLED');
    expect(worstHealth(['PARKED', 'NORMAL', 'WARNED'])).toBe('WARNED');
    // A healthy system outranks systems without data, unprotected or parked ones.
    expect(worstHealth(['PARKED', 'UNPROTECTED', 'NODATA', 'NORMAL'])).toBe('NORMAL');
    expect(worstHealth(['PARKED', 'UNPROTECTED'])).toBe('UNPROTECTED');
    expect(worstHealth(['PARKED'])).toBe('PARKED');
    expect(worstHealth([])).toBe('NODATA');
    expect(worstHealth(['BOGUS', null, undefined])).toBe('NODATA');
  });

  it('agrees with the order of HEALTH_SEVERITY for every pair', () => {
    for (const [i, a] of HEALTH_SEVERITY.entries())
      for (const b of HEALTH_SEVERITY.slice(i)) {
        expect(worstHealth([a, b])).toBe(a);
        expect(worstHealth([b, a])).toBe(a);
      }
  });
});

describe('resolveThreshold', () => {
  const sys = { id: 1, client_id: 2, reseller_id: 3, device_type: 'server' };
  const row = (
    scope_kind: 'reseller' | 'client' | 'system',
    scope_id: number,
    minutes: number,
    enabled = 1,
  ) => ({
    scope_kind,
    scope_id,
    kind: 'server',
    minutes,
    enabled,
  });

  it('takes the nearest override: system, client, reseller, then the default', () => {
    expect(resolveThreshold(sys, [])).toBe(2160);
    expect(resolveThreshold({ ...sys, device_type: 'workstation' }, [])).toBe(4320);
    expect(resolveThreshold(sys, [row('reseller', 3, 120)])).toBe(120);
    expect(resolveThreshold(sys, [row('reseller', 3, 120), row('client', 2, 240)])).toBe(240);
    expect(resolveThreshold(sys, [row('client', 2, 240), row('system', 1, 480)])).toBe(480);
    expect(resolveThreshold(sys, [row('system', 1, 480, 0)])).toBeNull();
    // A NAS is judged like a server; another system's row does not apply.
    expect(resolveThreshold({ ...sys, device_type: 'nas' }, [row('system', 9, 480)])).toBe(2160);
  });
});
