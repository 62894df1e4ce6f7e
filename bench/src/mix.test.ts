import { describe, expect, it } from 'vitest';
import { MIX, nextRequest, partOf, prefixOf, seeded, substringOf } from './mix';
import type { SampledSystem } from './sample';

const system = (id: number, resellerId: number, clientId: number): SampledSystem => ({
  id,
  name: `Server-${id}`,
  resellerId,
  clientId,
  applianceId: id % 2 ? null : 7,
  deviceType: 'server',
  verify: [id * 10, 1_700_000_000_000],
});

describe('the mixed load', () => {
  it('draws the same requests for the same seed, and every call of the mix', () => {
    const sessions = [
      { name: 'staff' as const, systems: [system(1, 2, 3), system(4, 5, 6)] },
      { name: 'reseller' as const, systems: [system(7, 8, 9)] },
      { name: 'client' as const, systems: [system(10, 8, 11)] },
    ];
    const draw = (seed: number) => {
      const r = seeded(seed);
      return Array.from({ length: 3000 }, () => nextRequest(r, sessions, ['Acme', 'Zeta']));
    };
    const a = draw(1);
    expect(draw(1)).toEqual(a);
    expect(new Set(a.map((x) => x.label))).toEqual(new Set(MIX.map((c) => c.label)));
    // Staff-only calls never go to the reseller or client sessions.
    for (const x of a.filter((x) => x.label === 'POST /distributor/data')) expect(x.session).toBe('staff');
    // Different requests, not one repeated.
    expect(new Set(a.map((x) => `${x.path} ${x.body ?? ''}`)).size).toBeGreaterThan(500);
  });

  it('searches inside names and by prefix', () => {
    const r = seeded(3);
    for (let i = 0; i < 50; i++) {
      expect('backup-server-07').toContain(substringOf(r, 'Backup-Server-07'));
      expect('backup-server-07'.startsWith(prefixOf(r, 'Backup-Server-07'))).toBe(true);
      const part = partOf(r, 'Backup-Server-07');
      expect('backup-server-07').toContain(part);
      expect(part.length).toBeGreaterThanOrEqual(3);
    }
  });
});
