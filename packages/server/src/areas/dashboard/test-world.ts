import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { buildWorld, TEST_PASSWORD, type World } from '../../test/factories';
import { createTestApp, loginAs, type Session, type TestApp } from '../../test/harness';

// Extra data the dashboard tests need on top of the shared factories' world: granted quick
// actions, more systems of reseller A (to page), vaults, a threshold, restore points, AutoVerify
// results and a week of the daily health rollup.

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export interface DashboardWorld {
  extraSystems: number[];
  cloudVault: number;
  privateVaultB: number;
  troubledA: number;
  nasA: number;
}

export async function buildDashboardWorld(
  db: Kysely<Database>,
  w: World,
  now: number,
): Promise<DashboardWorld> {
  await db
    .updateTable('organisations')
    .set({
      can_recover: 1,
      can_create_client: 1,
      can_download_agent: 1,
      can_edit_policy: 1,
      show_vo_information: 1,
      cloud_quota_bytes: 1000 * 1024 ** 3,
    })
    .where('id', '=', w.resellerA)
    .execute();
  // Reseller B is granted nothing: its quick actions and calls show the grants' effect.
  await db
    .updateTable('organisations')
    .set({ can_recover: 0, can_create_client: 0, can_download_agent: 0, can_edit_policy: 0 })
    .where('id', '=', w.resellerB)
    .execute();
  const base = await db
    .selectFrom('protected_systems')
    .selectAll()
    .where('id', '=', w.systemA1)
    .executeTakeFirstOrThrow();
  const { id: _id, ...template } = base;
  const extraSystems: number[] = [];
  // 12 more systems of client A1 named SYS-00..SYS-11: with FS01-A1 and SQL01-A2, 14 for A.
  for (let i = 0; i < 12; i++) {
    const name = `SYS-${String(i).padStart(2, '0')}`;
    const health = i < 3 ? 'TROUBLED' : i < 5 ? 'WARNED' : 'NORMAL';
    const row = await db
      .insertInto('protected_systems')
      .values({
        ...template,
        name,
        name_lc: name.toLowerCase(),
        hostname: name.toLowerCase(),
        health_status: health,
        health_reason: health === 'TROUBLED' ? 'The last 3 backups failed.' : null,
        device_type: i === 11 ? 'nas' : i % 2 ? 'workstation' : 'server',
        last_rp_at: health === 'TROUBLED' ? now - 5 * DAY : now - HOUR,
        cloud_used_bytes: 100 * 1024 ** 3,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    extraSystems.push(Number(row.id));
  }
  await db
    .updateTable('protected_systems')
    .set({ last_rp_at: now - HOUR })
    .where('id', 'in', [w.systemA1, w.systemA2, w.systemB1])
    .execute();
  const vault = (name: string, reseller_id: number | null, vault_type: 'cloud' | 'private') =>
    db
      .insertInto('vaults')
      .values({ name, reseller_id, vault_type, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.id));
  const cloudVault = await vault('Cloud EU-1', null, 'cloud');
  const privateVaultA = await vault('A private', w.resellerA, 'private');
  const privateVaultB = await vault('B private', w.resellerB, 'private');
  await db
    .insertInto('system_vaults')
    .values([
      { system_id: w.systemA1, vault_id: cloudVault },
      { system_id: w.systemA1, vault_id: privateVaultA },
      { system_id: w.systemB1, vault_id: cloudVault },
      { system_id: w.systemB1, vault_id: privateVaultB },
      ...extraSystems.map((s) => ({ system_id: s, vault_id: cloudVault })),
    ])
    .execute();
  const job = await db
    .insertInto('jobs')
    .values({ system_id: w.systemA1, name: 'Nightly image', type: 'SERVER_ALIVE_BMR', drives: '["C:"]' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('restore_points')
    .values([
      { system_id: w.systemA1, job_id: job.id, taken_at: now - HOUR, is_local: 1, in_use: 1 },
      { system_id: w.systemA1, job_id: job.id, taken_at: now - 2 * HOUR, is_local: 1, in_use: 1 },
      { system_id: w.systemA1, job_id: job.id, taken_at: now - 3 * HOUR, is_local: 1, in_use: 0 },
    ])
    .execute();
  await db
    .insertInto('autoverify_results')
    .values({
      system_id: w.systemA1,
      restore_point_id: null,
      rp_taken_at: now - HOUR,
      started_at: now - 50 * 60_000,
      ended_at: now - 40 * 60_000,
      status: 'success',
      result: 'Boot verified',
      boot_check: 'Passed',
      vss_status: 'Passed',
      chkdsk_status: 'Passed',
      screenshot_seed: 1234,
    })
    .execute();
  // Client A2 allows 30 days: its 5-day-old points stay compliant when they would not by default.
  await db
    .insertInto('thresholds')
    .values({ scope_kind: 'client', scope_id: w.clientA2, kind: 'server', minutes: 43_800 })
    .execute();
  const today = Math.floor(now / DAY) * DAY;
  await db
    .insertInto('reseller_health_daily')
    .values(
      [0, 1, 2, 3, 5, 6].map((d) => ({
        reseller_id: w.resellerA,
        day: today - d * DAY,
        healthy: 10 - d,
        total: 14,
      })),
    )
    .execute();
  return {
    extraSystems,
    cloudVault,
    privateVaultB,
    troubledA: extraSystems[0] as number,
    nasA: extraSystems[11] as number,
  };
}

export interface DashboardTestContext {
  t: TestApp;
  w: World;
  d: DashboardWorld;
  /** Sessions by user name: resa, resb, clia1, staff, dist. */
  s: Record<string, Session>;
}

/**
 * The app, the worlds and a session per user for a test file; reused answers are forgotten
 * before each test, since tests change data and ask again at the same (manual) instant.
 */
export function useDashboardTestApp(): DashboardTestContext {
  const c = { s: {} } as DashboardTestContext;
  beforeAll(async () => {
    c.t = await createTestApp();
    c.w = await buildWorld(c.t.dbh.db, c.t.clock.now());
    c.d = await buildDashboardWorld(c.t.dbh.db, c.w, c.t.clock.now());
    for (const u of ['resa', 'resb', 'clia1', 'staff', 'dist'])
      c.s[u] = await loginAs(c.t.app, u, TEST_PASSWORD);
  });
  afterAll(() => c.t.close());
  return c;
}
