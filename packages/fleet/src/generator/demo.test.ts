import { THRESHOLD_MINUTES } from '@lifeboat/contract';
import { verifyPassword } from '@lifeboat/contract/node';
import type { DbHandle } from '@lifeboat/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../demo-accounts';
import { generateFleet } from './index';
import { countOf, rowsOf, scratchDb } from './test-support';

// The demo fleet has what the screens and the browser tests rely on.

const NOW = Date.UTC(2026, 2, 15, 12, 0, 0);
const DAY = 86_400_000;
let dbh: DbHandle;

beforeAll(async () => {
  dbh = await scratchDb('sqlite');
  // The real password hash here: the accounts must accept `demo`.
  await generateFleet(dbh, { seed: 42, size: 'demo', now: NOW });
});
afterAll(() => dbh.close());

const count = (q: string) => countOf(dbh, q);

interface Account {
  username: string;
  level: number;
  password_hash: string;
  kind: string;
  org_id: number;
  reseller_id: number | null;
  is_provider: number;
  has_brc: number;
  has_x360recover: number;
}

describe('demo accounts', () => {
  let accounts: Map<string, Account>;
  beforeAll(async () => {
    const rows = await rowsOf<Account>(
      dbh,
      `SELECT u.username, u.level, u.password_hash, o.kind, o.id AS org_id, o.reseller_id, o.is_provider, o.has_brc, o.has_x360recover
       FROM users u JOIN organisations o ON o.id = u.organisation_id
       WHERE u.username IN ('staff', 'distributor', 'reseller', 'reseller2', 'client')`,
    );
    accounts = new Map(
      rows.map((r) => [
        r.username,
        {
          ...r,
          org_id: Number(r.org_id),
          reseller_id: r.reseller_id === null ? null : Number(r.reseller_id),
        },
      ]),
    );
  });
  const get = (name: string) => accounts.get(name) as Account;

  it('has the five accounts with their levels and organisations', () => {
    expect(get('staff')).toMatchObject({ level: 2, kind: 'provider', is_provider: 1 });
    expect(get('distributor')).toMatchObject({ level: 3, kind: 'distributor' });
    expect(get('reseller')).toMatchObject({ level: 1, kind: 'reseller', has_brc: 1, has_x360recover: 1 });
    expect(get('reseller2')).toMatchObject({ level: 1, kind: 'reseller' });
    expect(get('reseller2').org_id).not.toBe(get('reseller').org_id);
    expect(get('client')).toMatchObject({ level: 0, kind: 'client', has_brc: 1, has_x360recover: 1 });
    expect(get('client').reseller_id).toBe(get('reseller').org_id);
  });

  it('accepts the demo password', async () => {
    expect(await verifyPassword(DEMO_PASSWORD, get('client').password_hash)).toBe(true);
  });

  it("gives `reseller` and the client's organisation appliances", async () => {
    expect(
      await count(`SELECT count(*) AS n FROM appliances WHERE reseller_id = ${get('reseller').org_id}`),
    ).toBeGreaterThan(0);
    expect(
      await count(`SELECT count(*) AS n FROM appliances WHERE client_id = ${get('client').org_id}`),
    ).toBeGreaterThan(0);
  });

  it("gives `client` second-tool systems to export by FTPS, one of them protected by the password 'demo'", async () => {
    const d2c = `FROM protected_systems s WHERE s.client_id = ${get('client').org_id} AND s.service_gen = 4
      AND EXISTS (SELECT 1 FROM restore_points rp WHERE rp.system_id = s.id AND rp.is_cloud = 1)`;
    expect(await count(`SELECT count(*) AS n ${d2c} AND s.password_protected = 0`)).toBeGreaterThan(0);
    const protectedRows = await rowsOf<{ password_hash: string }>(
      dbh,
      `SELECT s.password_hash ${d2c} AND s.password_protected = 1`,
    );
    expect(protectedRows.length).toBeGreaterThan(0);
    expect(await verifyPassword(DEMO_PASSWORD, protectedRows[0]?.password_hash ?? '')).toBe(true);
  });

  it('gives every organisation some ordinary users with matching levels', async () => {
    expect(await count('SELECT count(*) AS n FROM users')).toBeGreaterThan(40);
    const wrong = `SELECT count(*) AS n FROM users u JOIN organisations o ON o.id = u.organisation_id WHERE
      (o.kind = 'client' AND u.level <> 0) OR (o.kind = 'reseller' AND u.level <> 1)
      OR (o.kind = 'provider' AND u.level <> 2) OR (o.kind = 'distributor' AND u.level <> 3)`;
    expect(await count(wrong)).toBe(0);
  });
});

describe('demo composition', () => {
  it('has the expected size', async () => {
    expect(await count("SELECT count(*) AS n FROM organisations WHERE kind = 'reseller'")).toBe(3);
    expect(await count("SELECT count(*) AS n FROM organisations WHERE kind = 'client'")).toBe(30);
    expect(await count('SELECT count(*) AS n FROM appliances')).toBe(10);
    expect(await count('SELECT count(*) AS n FROM appliances WHERE online = 0')).toBeGreaterThanOrEqual(1);
    expect(await count('SELECT count(*) AS n FROM vaults')).toBe(4);
    expect(await count('SELECT count(DISTINCT vault_type) AS n FROM vaults')).toBe(2);
    expect(await count('SELECT count(*) AS n FROM protected_systems')).toBe(200);
    expect(await count('SELECT count(DISTINCT license_type) AS n FROM appliances')).toBe(3);
  });

  it('has exactly one macOS-only client and exactly one client without restore points', async () => {
    const macOnly = `SELECT count(*) AS n FROM (SELECT client_id FROM protected_systems GROUP BY client_id
      HAVING sum(CASE WHEN os_type = 'MAC_OS_X' THEN 0 ELSE 1 END) = 0) t`;
    expect(await count(macOnly)).toBe(1);
    const noPoints = `SELECT count(*) AS n FROM organisations o WHERE o.kind = 'client'
      AND NOT EXISTS (SELECT 1 FROM restore_points r JOIN protected_systems p ON p.id = r.system_id WHERE p.client_id = o.id)`;
    expect(await count(noPoints)).toBe(1);
  });

  it('has clients with both tools, first-generation only and second-generation only', async () => {
    const gens = await rowsOf<{ client_id: number; g2: number; g4: number }>(
      dbh,
      `SELECT client_id, sum(CASE WHEN service_gen = 2 THEN 1 ELSE 0 END) AS g2, sum(CASE WHEN service_gen = 4 THEN 1 ELSE 0 END) AS g4
       FROM protected_systems GROUP BY client_id`,
    );
    expect(gens.some((g) => Number(g.g2) > 0 && Number(g.g4) > 0)).toBe(true);
    expect(gens.some((g) => Number(g.g2) > 0 && Number(g.g4) === 0)).toBe(true);
    expect(gens.some((g) => Number(g.g2) === 0 && Number(g.g4) > 0)).toBe(true);
  });

  it('has direct-to-cloud and appliance systems of every kind', async () => {
    expect(
      await count('SELECT count(*) AS n FROM protected_systems WHERE appliance_id IS NULL AND is_d2c = 1'),
    ).toBeGreaterThan(0);
    expect(
      await count('SELECT count(*) AS n FROM protected_systems WHERE appliance_id IS NOT NULL'),
    ).toBeGreaterThan(0);
    expect(await count('SELECT count(*) AS n FROM protected_systems WHERE vault_only = 1')).toBeGreaterThan(
      0,
    );
    expect(await count('SELECT count(DISTINCT device_type) AS n FROM protected_systems')).toBe(3);
    expect(await count('SELECT count(DISTINCT os_type) AS n FROM protected_systems')).toBe(4);
    expect(
      await count(
        'SELECT count(*) AS n FROM protected_systems WHERE password_protected = 1 AND service_gen = 4 AND password_hash IS NOT NULL',
      ),
    ).toBeGreaterThan(0);
    expect(await count('SELECT count(*) AS n FROM protected_systems WHERE parked = 1')).toBeGreaterThan(0);
    expect(
      await count(
        "SELECT count(*) AS n FROM protected_systems WHERE os_type = 'NAS' AND local_cache_enabled = 1",
      ),
    ).toBe(0);
    expect(
      await count(
        'SELECT count(*) AS n FROM (SELECT system_id FROM system_vaults GROUP BY system_id HAVING count(*) > 1) t',
      ),
    ).toBeGreaterThan(0);
  });

  it('spreads schedules over the next hours with 60 to 1440 minute intervals', async () => {
    const active =
      'FROM protected_systems WHERE parked = 0 AND EXISTS (SELECT 1 FROM jobs j WHERE j.system_id = protected_systems.id)';
    expect(
      await count(
        `SELECT count(*) AS n ${active} AND (next_backup_at <= ${NOW} OR next_backup_at > ${NOW + DAY})`,
      ),
    ).toBe(0);
    expect(
      await count(
        'SELECT count(*) AS n FROM protected_systems WHERE backup_interval_minutes NOT BETWEEN 60 AND 1440',
      ),
    ).toBe(0);
  });
});

describe('demo history', () => {
  it('covers 90 days of job history ending now', async () => {
    const first = await count('SELECT min(started_at) AS n FROM job_history');
    expect(first).toBeGreaterThanOrEqual(NOW - 90 * DAY);
    expect(first).toBeLessThan(NOW - 88 * DAY);
    expect(await count(`SELECT count(*) AS n FROM reseller_health_daily`)).toBe(3 * 90);
  });

  it('has every job status, kind and backup type', async () => {
    const statuses = await rowsOf<{ status: string }>(dbh, 'SELECT DISTINCT status FROM job_history');
    expect(new Set(statuses.map((s) => s.status))).toEqual(
      new Set(['COMPLETED', 'FAILED', 'MISSED', 'PAUSED', 'MANUALLY_PAUSED', 'RUNNING']),
    );
    expect(
      await count("SELECT count(*) AS n FROM job_history WHERE status = 'FAILED' AND error_msg IS NULL"),
    ).toBe(0);
    expect(
      await count("SELECT count(*) AS n FROM job_history WHERE status = 'PAUSED' AND pause_message IS NULL"),
    ).toBe(0);
    expect(
      await count(
        `SELECT count(*) AS n FROM job_history WHERE status = 'RUNNING' AND (ended_at IS NOT NULL OR started_at < ${NOW - DAY})`,
      ),
    ).toBe(0);
    expect(await count('SELECT count(DISTINCT kind) AS n FROM job_history')).toBe(2);
    expect(await count('SELECT count(DISTINCT backup_type) AS n FROM job_history')).toBe(3);
  });

  it('has restore points, health segments, AutoVerify results and threshold overrides', async () => {
    expect(await count('SELECT count(*) AS n FROM restore_points WHERE in_use = 1')).toBeGreaterThan(0);
    expect(await count('SELECT count(*) AS n FROM restore_points WHERE is_local = 1')).toBeGreaterThan(0);
    expect(await count('SELECT count(*) AS n FROM restore_points WHERE is_cloud = 1')).toBeGreaterThan(0);
    expect(
      await count(
        "SELECT count(*) AS n FROM health_history WHERE description LIKE 'No successful backup in %'",
      ),
    ).toBeGreaterThan(0);
    expect(
      await count("SELECT count(*) AS n FROM autoverify_results WHERE status = 'failure'"),
    ).toBeGreaterThan(0);
    expect(
      await count('SELECT count(*) AS n FROM autoverify_results WHERE screenshot_seed IS NULL'),
    ).toBeGreaterThan(0);
    expect(
      await count(
        "SELECT count(*) AS n FROM autoverify_results a JOIN protected_systems p ON p.id = a.system_id WHERE p.os_type = 'NAS'",
      ),
    ).toBe(0);
    const scopes = await rowsOf<{ scope_kind: string; minutes: number }>(
      dbh,
      'SELECT scope_kind, minutes FROM thresholds',
    );
    expect(new Set(scopes.map((s) => s.scope_kind))).toEqual(new Set(['reseller', 'client', 'system']));
    for (const s of scopes) expect(THRESHOLD_MINUTES).toContain(Number(s.minutes));
  });
});
