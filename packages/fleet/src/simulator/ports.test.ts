import { ManualClock } from '@lifeboat/contract';
import { openTestDb } from '@lifeboat/db';
import { describe, expect, it } from 'vitest';
import { createSimulatedPorts } from './ports';
import { addSystem, tinyFleet } from './test-fleet';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);

describe('createSimulatedPorts', () => {
  it('builds every port, and the living fleet advances the database', async () => {
    const tdb = await openTestDb('sim_ports');
    try {
      const fleet = await tinyFleet(tdb.dbh.db, NOW);
      await addSystem(tdb.dbh.db, fleet, NOW, { next_backup_at: NOW - 1000 });
      const ports = createSimulatedPorts({ clock: new ManualClock(NOW), dbh: tdb.dbh, speed: 0 });
      expect(Object.keys(ports).sort()).toEqual(
        [
          'autoverify',
          'azure',
          'azureDeviceLogin',
          'failover',
          'files',
          'fleet',
          'ftps',
          'sync',
          'virtualization',
        ].sort(),
      );
      expect(Object.keys(ports.sync)).toEqual(['simulated']);
      const first = await ports.fleet.advance(NOW + 86_400_000);
      expect(first.backups).toBeGreaterThan(0);
      // Nothing is due twice: the same moment again writes nothing.
      expect((await ports.fleet.advance(NOW + 86_400_000)).backups).toBe(0);
    } finally {
      await tdb.close();
    }
  });

  it('refuses a SIM_FAULTS it cannot read, at start', () => {
    expect(() =>
      createSimulatedPorts({ clock: new ManualClock(0), dbh: {} as never, speed: 0, faults: 'nope=1' }),
    ).toThrow(/Unknown simulator fault/);
  });
});
