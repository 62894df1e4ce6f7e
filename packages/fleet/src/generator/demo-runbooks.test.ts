import type { DbHandle } from '@lifeboat/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFleet } from './index';
import { rowsOf, scratchDb } from './test-support';

// The demo reseller's clients have runbooks (issue 16.2) and no office runs, so a failover can
// be started and a runbook walked on the demo fleet.

let dbh: DbHandle;
beforeAll(async () => {
  dbh = await scratchDb('sqlite');
  await generateFleet(dbh, { seed: 42, size: 'demo', now: Date.UTC(2026, 2, 15), passwordHash: 'x' });
}, 120_000);
afterAll(() => dbh.close());

describe('demo runbooks', () => {
  it('gives clients of the demo reseller runbooks of startable systems, one with a password', async () => {
    const rows = await rowsOf<{ name: string; client: number; protected: number; systems: number }>(
      dbh,
      `SELECT r.name AS name, r.client_id AS client, (r.password_hash IS NOT NULL) AS protected,
              (SELECT COUNT(*) FROM runbook_systems s WHERE s.runbook_id = r.id) AS systems
         FROM runbooks r JOIN users u ON u.organisation_id = r.reseller_id AND u.username = 'reseller'
        ORDER BY r.id`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(new Set(rows.map((r) => r.client)).size).toBeGreaterThanOrEqual(2);
    expect(rows.every((r) => Number(r.systems) > 0)).toBe(true);
    expect(rows.filter((r) => Number(r.protected) === 1).map((r) => r.name)).toEqual(['Servers only']);
    const bad = await rowsOf(
      dbh,
      `SELECT s.id FROM runbook_systems s JOIN protected_systems ps ON ps.id = s.system_id
        WHERE ps.os_type IN ('MAC_OS_X', 'NAS') OR ps.client_id <> s.client_id`,
    );
    expect(bad).toEqual([]);
    expect(await rowsOf(dbh, 'SELECT id FROM failovers')).toEqual([]);
  });
});
