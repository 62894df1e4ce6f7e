import type { Config } from '../../config';
import { buildWorld, insertId, TEST_PASSWORD, type World } from '../../test/factories';
import { call, createTestApp, loginAs, type Session, type TestApp } from '../../test/harness';

// The alerts tests' world: the factories' world with every system backed up just now (nothing
// holds), and helpers to make a condition hold and to read the alerts back.

export interface AlertsFixture {
  t: TestApp;
  w: World;
  /** A finished backup run of a system at the clock's time; a success also moves its restore point. */
  run(systemId: number, status: 'COMPLETED' | 'FAILED' | 'MISSED'): Promise<void>;
  alerts(): Promise<
    { id: number; condition: string; subject_id: number; count: number; resolved_at: number | null }[]
  >;
  events(): Promise<{ alert_id: number; kind: string; at: number }[]>;
  /** A call as a user of the factories' world (signed in on first use). */
  get(who: string, url: string): ReturnType<typeof call>;
  post(who: string, url: string, payload: unknown): ReturnType<typeof call>;
}

export async function alertsFixture(config: Partial<Config> = {}): Promise<AlertsFixture> {
  const t = await createTestApp(config);
  const db = t.dbh.db;
  const w = await buildWorld(db, t.clock.now());
  await db
    .updateTable('protected_systems')
    .set({ last_rp_at: t.clock.now(), last_job_status: 'COMPLETED' })
    .execute();
  const jobOf = new Map<number, number>();
  const sessions = new Map<string, Session>();
  const as = async (who: string) => {
    let s = sessions.get(who);
    if (!s) {
      s = await loginAs(t.app, who, TEST_PASSWORD);
      sessions.set(who, s);
    }
    return s;
  };
  return {
    get: async (who, url) => call(t.app, await as(who), { method: 'GET', url }),
    post: async (who, url, payload) =>
      call(t.app, await as(who), { method: 'POST', url, payload: payload as Record<string, unknown> }),
    t,
    w,
    async run(systemId, status) {
      const now = t.clock.now();
      let jobId = jobOf.get(systemId);
      if (jobId === undefined) {
        jobId = await insertId(db, 'jobs', {
          system_id: systemId,
          name: 'Daily',
          type: 'SERVER_ALIVE_BMR',
          drives: '[]',
        });
        jobOf.set(systemId, jobId);
      }
      await recordRun(db, systemId, jobId, status, now);
    },
    async alerts() {
      const rows = await db
        .selectFrom('alerts')
        .select(['id', 'condition', 'subject_id', 'count', 'resolved_at'])
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        id: Number(r.id),
        condition: r.condition,
        subject_id: Number(r.subject_id),
        count: Number(r.count),
        resolved_at: r.resolved_at === null ? null : Number(r.resolved_at),
      }));
    },
    async events() {
      const rows = await db
        .selectFrom('alert_events')
        .select(['alert_id', 'kind', 'at'])
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ alert_id: Number(r.alert_id), kind: r.kind, at: Number(r.at) }));
    },
  };
}

/** A finished backup run of a system's job at `now`; a success also moves its restore point. */
export async function recordRun(
  db: TestApp['dbh']['db'],
  systemId: number,
  jobId: number,
  status: 'COMPLETED' | 'FAILED' | 'MISSED',
  now: number,
): Promise<void> {
  await db
    .insertInto('job_history')
    .values({
      system_id: systemId,
      job_id: jobId,
      kind: 'Backup',
      backup_type: 'Incremental',
      status,
      started_at: now - 60_000,
      ended_at: now,
      paused_at: null,
      error_msg: status === 'FAILED' ? 'The volume shadow copy failed.' : null,
      pause_message: null,
    })
    .execute();
  await db
    .updateTable('protected_systems')
    .set({ last_job_status: status, ...(status === 'COMPLETED' ? { last_rp_at: now } : {}) })
    .where('id', '=', systemId)
    .execute();
}
