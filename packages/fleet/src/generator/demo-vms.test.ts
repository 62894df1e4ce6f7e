import type { DbHandle } from '@lifeboat/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFleet } from './index';
import { rowsOf, scratchDb } from './test-support';

// The demo reseller has a virtual machine in each state that the inventory's rules act on.

let dbh: DbHandle;
beforeAll(async () => {
  dbh = await scratchDb('sqlite');
  await generateFleet(dbh, { seed: 42, size: 'demo', now: Date.UTC(2026, 2, 15), passwordHash: 'x' });
});
afterAll(() => dbh.close());

describe('demo virtual machines', () => {
  it('gives the demo reseller a running (stoppable), a stopped and an offline second-generation VM', async () => {
    const rows = await rowsOf(
      dbh,
      `SELECT ps.sva_job_status AS s, ps.stoppable AS stoppable FROM protected_systems ps
         JOIN appliances a ON a.id = ps.appliance_id
         JOIN users u ON u.organisation_id = ps.reseller_id AND u.username = 'reseller'
        WHERE ps.service_gen = 4 AND a.online = 1 AND ps.sva_job_status IS NOT NULL
        ORDER BY ps.id`,
    );
    expect(rows.slice(0, 3)).toEqual([
      { s: 'Running', stoppable: 1 },
      { s: 'Stopped', stoppable: 0 },
      { s: 'Offline', stoppable: 0 },
    ]);
  });

  it('gives the demo reseller one first-generation server in a failover test', async () => {
    const rows = await rowsOf(
      dbh,
      `SELECT f.state AS state, ps.service_gen AS gen, ps.device_type AS type FROM failover_test_states f
         JOIN protected_systems ps ON ps.id = f.system_id
         JOIN users u ON u.organisation_id = ps.reseller_id AND u.username = 'reseller'`,
    );
    expect(rows).toEqual([{ state: 'FAILOVER_TEST_VM_RUNNING', gen: 2, type: 'server' }]);
  });
});
