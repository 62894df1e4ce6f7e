import { THRESHOLD_DEFAULTS } from '@lifeboat/contract';
import type { DbHandle } from '@lifeboat/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFleet } from './index';
import { COLUMNS, LOAD_TABLES } from './tables';
import { countOf, rowsOf, scratchDb } from './test-support';

// Referential sanity and internal consistency, on the demo and on a drawn (non-demo) fleet.

const NOW = Date.UTC(2026, 5, 1, 8, 30, 0);

const FLEETS = {
  demo: 'demo',
  drawn: {
    resellers: 5,
    clients: 40,
    systems: 300,
    jobHistoryPerSystem: 40,
    restorePointsPerSystem: 8,
    autoverifyPerSystem: 2,
  },
} as const;

describe.each(Object.entries(FLEETS))('%s fleet', (_label, size) => {
  let dbh: DbHandle;
  const count = (q: string) => countOf(dbh, q);
  beforeAll(async () => {
    dbh = await scratchDb('sqlite');
    await generateFleet(dbh, { seed: 7, size, now: NOW, passwordHash: 'x' });
  });
  afterAll(() => dbh.close());

  it('passes the foreign key check and stores integers as integers', async () => {
    expect(await rowsOf(dbh, 'PRAGMA foreign_key_check')).toEqual([]);
    for (const table of LOAD_TABLES) {
      for (const [column, type] of COLUMNS[table]) {
        if (type !== 'i') continue;
        expect(
          await count(
            `SELECT count(*) AS n FROM "${table}" WHERE "${column}" IS NOT NULL AND typeof("${column}") <> 'integer'`,
          ),
          `${table}.${column}`,
        ).toBe(0);
      }
    }
  });

  it('keeps the organisation tree and its denormalised columns straight', async () => {
    expect(
      await count("SELECT count(*) AS n FROM organisations WHERE kind = 'provider' AND is_provider = 1"),
    ).toBe(1);
    const badClients = `SELECT count(*) AS n FROM organisations c JOIN organisations r ON r.id = c.parent_id
      WHERE c.kind = 'client' AND (r.kind <> 'reseller' OR c.reseller_id <> r.id OR c.distributor_id <> r.distributor_id)`;
    expect(await count(badClients)).toBe(0);
    const badResellers = `SELECT count(*) AS n FROM organisations r JOIN organisations d ON d.id = r.parent_id
      WHERE r.kind = 'reseller' AND (d.kind <> 'distributor' OR r.reseller_id <> r.id OR r.distributor_id <> d.id)`;
    expect(await count(badResellers)).toBe(0);
    expect(
      await count("SELECT count(*) AS n FROM organisations WHERE kind = 'client' AND parent_id IS NULL"),
    ).toBe(0);
  });

  it("puts every system, appliance and vault link inside its reseller's tree", async () => {
    const systems = `SELECT count(*) AS n FROM protected_systems p JOIN organisations c ON c.id = p.client_id
      WHERE c.kind <> 'client' OR c.reseller_id <> p.reseller_id`;
    expect(await count(systems)).toBe(0);
    const appl = `SELECT count(*) AS n FROM protected_systems p JOIN appliances a ON a.id = p.appliance_id
      WHERE a.client_id <> p.client_id OR a.reseller_id <> p.reseller_id`;
    expect(await count(appl)).toBe(0);
    expect(
      await count(
        'SELECT count(*) AS n FROM appliances a JOIN organisations c ON c.id = a.client_id WHERE c.reseller_id <> a.reseller_id',
      ),
    ).toBe(0);
    const vaults = `SELECT count(*) AS n FROM system_vaults sv JOIN vaults v ON v.id = sv.vault_id JOIN protected_systems p ON p.id = sv.system_id
      WHERE v.reseller_id IS NOT NULL AND v.reseller_id <> p.reseller_id`;
    expect(await count(vaults)).toBe(0);
    expect(
      await count(
        'SELECT count(*) AS n FROM protected_systems WHERE is_d2c = 1 AND appliance_id IS NOT NULL',
      ),
    ).toBe(0);
  });

  it("ties restore points, history and AutoVerify to their system's jobs and points", async () => {
    expect(
      await count(
        'SELECT count(*) AS n FROM restore_points r JOIN jobs j ON j.id = r.job_id WHERE j.system_id <> r.system_id',
      ),
    ).toBe(0);
    expect(
      await count(
        'SELECT count(*) AS n FROM job_history h LEFT JOIN jobs j ON j.id = h.job_id WHERE j.id IS NULL OR j.system_id <> h.system_id',
      ),
    ).toBe(0);
    const av = `SELECT count(*) AS n FROM autoverify_results a LEFT JOIN restore_points r ON r.id = a.restore_point_id
      WHERE r.id IS NULL OR r.system_id <> a.system_id OR r.taken_at <> a.rp_taken_at OR a.started_at < r.taken_at`;
    expect(await count(av)).toBe(0);
    expect(
      await count(
        'SELECT count(*) AS n FROM health_history h LEFT JOIN protected_systems p ON p.id = h.system_id WHERE p.id IS NULL',
      ),
    ).toBe(0);
  });

  it('writes nothing after now', async () => {
    expect(
      await count(
        `SELECT count(*) AS n FROM job_history WHERE started_at > ${NOW} OR ended_at > ${NOW} OR paused_at > ${NOW}`,
      ),
    ).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM restore_points WHERE taken_at > ${NOW}`)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM health_history WHERE started_at > ${NOW}`)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM autoverify_results WHERE ended_at > ${NOW}`)).toBe(0);
    expect(
      await count(
        `SELECT count(*) AS n FROM protected_systems WHERE last_rp_at > ${NOW} OR created_at > ${NOW}`,
      ),
    ).toBe(0);
  });

  it("summarises each system's own rows: last restore point and current health", async () => {
    const lastRp = `SELECT count(*) AS n FROM protected_systems p WHERE
      COALESCE(p.last_rp_at, -1) <> COALESCE((SELECT max(taken_at) FROM restore_points r WHERE r.system_id = p.id), -1)`;
    expect(await count(lastRp)).toBe(0);
    const health = `SELECT count(*) AS n FROM protected_systems p WHERE p.health_status <>
      (SELECT h.health FROM health_history h WHERE h.system_id = p.id ORDER BY h.started_at DESC, h.id DESC LIMIT 1)
      OR p.health_changed_at <> (SELECT max(h.started_at) FROM health_history h WHERE h.system_id = p.id)`;
    expect(await count(health)).toBe(0);
    expect(
      await count(
        "SELECT count(*) AS n FROM protected_systems WHERE parked = 1 AND health_status <> 'PARKED'",
      ),
    ).toBe(0);
    expect(
      await count(
        "SELECT count(*) AS n FROM protected_systems WHERE last_rp_at IS NULL AND health_status NOT IN ('NODATA', 'UNPROTECTED', 'PARKED')",
      ),
    ).toBe(0);
  });

  it('marks a system troubled exactly when its last restore point is older than its threshold', async () => {
    const rows = await rowsOf<{
      id: number;
      client_id: number;
      reseller_id: number;
      device_type: string;
      last_rp_at: number;
      health_status: string;
    }>(
      dbh,
      'SELECT id, client_id, reseller_id, device_type, last_rp_at, health_status FROM protected_systems WHERE parked = 0 AND last_rp_at IS NOT NULL',
    );
    const overrides = await rowsOf<{ scope_kind: string; scope_id: number; kind: string; minutes: number }>(
      dbh,
      'SELECT * FROM thresholds',
    );
    const find = (scope: string, id: number, kind: string) =>
      overrides.find((o) => o.scope_kind === scope && Number(o.scope_id) === Number(id) && o.kind === kind)
        ?.minutes;
    for (const s of rows) {
      const kind = s.device_type === 'workstation' ? 'workstation' : 'server';
      const minutes =
        find('system', s.id, kind) ??
        find('client', s.client_id, kind) ??
        find('reseller', s.reseller_id, kind) ??
        THRESHOLD_DEFAULTS[kind];
      expect(s.health_status === 'TROUBLED', `system ${s.id}`).toBe(
        NOW - Number(s.last_rp_at) > Number(minutes) * 60_000,
      );
    }
  });

  it('counts the daily healthy share from the same segments', async () => {
    const today = await rowsOf<{ reseller_id: number; healthy: number; total: number }>(
      dbh,
      'SELECT reseller_id, healthy, total FROM reseller_health_daily WHERE day = (SELECT max(day) FROM reseller_health_daily)',
    );
    const now = await rowsOf<{ reseller_id: number; healthy: number; total: number }>(
      dbh,
      `SELECT reseller_id, sum(CASE WHEN health_status = 'NORMAL' THEN 1 ELSE 0 END) AS healthy,
       sum(CASE WHEN health_status = 'PARKED' THEN 0 ELSE 1 END) AS total FROM protected_systems GROUP BY reseller_id`,
    );
    const norm = (xs: typeof now) =>
      xs
        .map((x) => [Number(x.reseller_id), Number(x.healthy), Number(x.total)])
        .sort((a, b) => (a[0] as number) - (b[0] as number));
    expect(norm(today)).toEqual(norm(now));
  });
});
