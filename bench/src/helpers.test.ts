import { describe, expect, it } from 'vitest';
import { parseBenchArgs, splitMethod } from './args';
import { percentile } from './load';
import { roundTrips } from './paint-core';
import { fill, placeholdersIn } from './placeholders';

describe('percentile', () => {
  const sorted = Float64Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  it('takes the nearest rank', () => {
    expect(percentile(sorted, 50)).toBe(5);
    expect(percentile(sorted, 95)).toBe(10);
    expect(percentile(sorted, 10)).toBe(1);
  });
  it('is NaN without values', () => {
    expect(percentile(new Float64Array(0), 50)).toBeNaN();
  });
});

describe('placeholders', () => {
  it('fills known ids and names the option for a missing one', () => {
    expect(fill('/r/{resellerId}/{userId}', { resellerId: 7, userId: 3 })).toBe('/r/7/3');
    expect(() => fill('/c/{clientId}', {})).toThrow(/--client-id/);
  });
  it('lists what paths and bodies name', () => {
    expect([...placeholdersIn(['/a/{resellerId}', 'client={clientId}'])]).toEqual(['resellerId', 'clientId']);
  });
});

describe('arguments', () => {
  it('defaults to 20 connections for 10 s on the large fleet', () => {
    const args = parseBenchArgs(['/api/session']);
    if (args === 'help') throw new Error('unexpected help');
    expect(args).toMatchObject({ fleet: 'large', connections: 20, duration: 10, user: 'reseller' });
  });
  it('posts a form body, and a path may carry its own method', () => {
    const args = parseBenchArgs(['--body-form', 'a=1', '/x', 'GET:/y']);
    if (args === 'help') throw new Error('unexpected help');
    expect(splitMethod('/x', args)).toEqual({ method: 'POST', path: '/x' });
    expect(splitMethod('GET:/y', args)).toEqual({ method: 'GET', path: '/y' });
    expect(args.body?.contentType).toBe('application/x-www-form-urlencoded');
  });
  it('refuses what is not a path', () => {
    expect(() => parseBenchArgs(['api/session'])).toThrow(/not a path/);
  });
});

describe('paint rounds', () => {
  const call = (path: string, start: number, end: number) => ({ method: 'GET', path, start, end });
  it("counts the longest chain of the parts' requests, each after the one before it", () => {
    const calls = [
      call('/api/session', 0, 100),
      call('/assets/AppLayout.js', 10, 50),
      call('/reseller/get_dashboard_page_data/12', 110, 200),
      call('/reseller/dashboard/vaults/count/12', 110, 190),
      call('/assets/Page.js', 105, 150),
      call('/assets/Accordion.js', 160, 170),
      // Not a part's request, and after the paint.
      call('/mfa/status', 100, 120),
      call('/reseller/dashboard/protected_systems/12/1/10', 300, 320),
    ];
    expect(roundTrips(calls, 250)).toEqual({ all: 3, data: 2 });
  });
});
