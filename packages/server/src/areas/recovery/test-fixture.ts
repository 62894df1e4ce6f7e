import type { Config } from '../../config';
import { buildWorld, TEST_PASSWORD, type World } from '../../test/factories';
import { call, createTestApp, loginAs, type Session, type TestApp } from '../../test/harness';
import { registerRecoveryHandlers } from './expiry-handlers';

// Data for the recovery API tests: the factories' world plus jobs and restore points. System A1
// (on appliance A1) has a file job on C: and D: with local and cloud points over ten days;
// system A2 (direct-to-cloud) has cloud points; system B1 belongs to the other reseller.

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export interface RecoveryFixture {
  t: TestApp;
  w: World;
  s: Record<'resa' | 'resb' | 'clia1' | 'clib1' | 'staff', Session>;
  jobA1: number;
  jobA2: number;
  jobB1: number;
  /** Newest first. */
  pointsA1: { id: number; taken_at: number }[];
  pointsA2: { id: number; taken_at: number }[];
  pointsB1: { id: number; taken_at: number }[];
  /** Sign everyone in again (after moving the clock past the session timeouts). */
  relogin(): Promise<void>;
  get(who: keyof RecoveryFixture['s'], url: string): ReturnType<typeof call>;
  post(who: keyof RecoveryFixture['s'], url: string, payload?: unknown): ReturnType<typeof call>;
}

/**
 * A create_failover body for client A1 on appliance A1: a cloud test office with a VPN, unless
 * `extra` says otherwise (a production office, another network, a reason).
 */
export function failoverBody(f: RecoveryFixture, extra: Record<string, unknown> = {}) {
  return {
    client_id: f.w.clientA1,
    app_ids: [f.w.applianceA1],
    d2c_selected: true,
    vault_only_selected: false,
    virtualization_type: 'cloud',
    type: 'test',
    selected_services: ['vpn'],
    stop_after_minutes: 120,
    gateway: '10.20.0.1',
    netmask: '255.255.255.0',
    ...extra,
  };
}

export async function recoveryFixture(config: Partial<Config> = {}): Promise<RecoveryFixture> {
  const t = await createTestApp(config);
  registerRecoveryHandlers(t.ctx);
  const w = await buildWorld(t.dbh.db, t.clock.now());
  const db = t.dbh.db;
  const now = t.clock.now();
  const job = async (systemId: number, drives: string[]) =>
    Number(
      (
        await db
          .insertInto('jobs')
          .values({ system_id: systemId, name: 'Files', type: 'FILE', drives: JSON.stringify(drives) })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const points = async (systemId: number, jobId: number, local: boolean) => {
    const out: { id: number; taken_at: number }[] = [];
    // Every day for ten days at 02:15:30.123, newest first.
    for (let d = 0; d < 10; d++) {
      const taken_at = now - d * DAY - 9 * HOUR - 45 * 60_000 + 123 - 29_877;
      const row = await db
        .insertInto('restore_points')
        .values({
          system_id: systemId,
          job_id: jobId,
          taken_at,
          is_local: local ? 1 : 0,
          is_cloud: 1,
          scheduled: 1,
          size_bytes: 1e9,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      out.push({ id: Number(row.id), taken_at });
    }
    await db
      .updateTable('protected_systems')
      .set({ last_rp_at: out[0]?.taken_at })
      .where('id', '=', systemId)
      .execute();
    return out;
  };
  const jobA1 = await job(w.systemA1, ['C:', 'D:']);
  const jobA2 = await job(w.systemA2, ['C:']);
  const jobB1 = await job(w.systemB1, ['C:']);
  const pointsA1 = await points(w.systemA1, jobA1, true);
  const pointsA2 = await points(w.systemA2, jobA2, false);
  const pointsB1 = await points(w.systemB1, jobB1, true);
  await db.updateTable('organisations').set({ has_brc: 1 }).where('kind', '=', 'client').execute();
  await db.updateTable('appliances').set({ is_brc_appliance: 1 }).execute();
  const users = ['resa', 'resb', 'clia1', 'clib1', 'staff'] as const;
  const s = {} as RecoveryFixture['s'];
  const relogin = async () => {
    for (const u of users) s[u] = await loginAs(t.app, u, TEST_PASSWORD);
  };
  await relogin();
  return {
    t,
    w,
    s,
    jobA1,
    jobA2,
    jobB1,
    pointsA1,
    pointsA2,
    pointsB1,
    relogin,
    get: (who, url) => call(t.app, s[who], { method: 'GET', url }),
    post: (who, url, payload) => call(t.app, s[who], { method: 'POST', url, payload: payload ?? {} }),
  };
}

/** Rows of a table, to check that a refused call changed nothing. */
export async function countRows(
  t: TestApp,
  table: 'cifs_shares' | 'download_sessions' | 'audit_log' | 'file_mounts',
) {
  return (await t.dbh.db.selectFrom(table).select('id').execute()).length;
}
