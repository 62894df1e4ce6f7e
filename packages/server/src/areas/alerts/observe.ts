import {
  type AlertCondition,
  type AlertRule,
  type AlertSubjectType,
  conditionSummary,
  FAILURES_IN_A_ROW_MAX,
  failureStreak,
  isPoweredOff,
  resolveThreshold,
} from '@lifeboat/contract';
import { type Database, loadThresholds } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import { unscoped } from '../../scope';
import { withinThreshold } from '../dashboard/rollup';

// What holds now, per condition and subject, read in batches of systems (keyset on the id) and
// of open offline periods: memory stays bounded by the batch on the large fleet, and each read
// is an indexed range (primary key, jh_system_time_id, av_system_time, appliance_offline_open).

export const BATCH = 1000;

/** A condition that holds for a subject at the evaluation's time. */
export interface Observation {
  condition: AlertCondition;
  subjectType: AlertSubjectType;
  subjectId: number;
  resellerId: number;
  clientId: number;
  subjectName: string;
  severity: string;
  summary: string;
}

/** The rule that applies to a client's subjects. */
export type RuleOf = (resellerId: number, clientId: number) => AlertRule;

interface SystemRow {
  id: number;
  reseller_id: number;
  client_id: number;
  name: string;
  device_type: string;
  parked: number;
  last_rp_at: number | null;
  last_job_status: string | null;
}

const why = 'the alerts evaluation reads every tenant';

/** One batch of systems after `afterId`, in id order; empty at the end. */
export async function systemBatch(db: Kysely<Database>, afterId: number): Promise<SystemRow[]> {
  const rows = await unscoped(db, why)
    .selectFrom('protected_systems')
    .select([
      'id',
      'reseller_id',
      'client_id',
      'name',
      'device_type',
      'parked',
      'last_rp_at',
      'last_job_status',
    ])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(BATCH)
    .execute();
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    reseller_id: Number(r.reseller_id),
    client_id: Number(r.client_id),
    parked: Number(r.parked),
    last_rp_at: r.last_rp_at === null ? null : Number(r.last_rp_at),
  }));
}

/** The newest backup runs' statuses of systems, newest first, at most the longest streak asked. */
async function recentStatuses(db: Kysely<Database>, ids: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (ids.length === 0) return out;
  const u = unscoped(db, why);
  const ranked = u
    .selectFrom('job_history')
    .select((eb) => [
      'system_id',
      'status',
      eb.fn
        .agg<number>('row_number')
        .over((o) => o.partitionBy('system_id').orderBy('started_at', 'desc').orderBy('id', 'desc'))
        .as('rn'),
    ])
    .where('system_id', 'in', ids)
    .where('kind', '=', 'Backup')
    .as('t');
  const rows = await u
    .selectFrom(ranked)
    .select(['t.system_id', 't.status'])
    .where('t.rn', '<=', FAILURES_IN_A_ROW_MAX)
    .orderBy('t.system_id')
    .orderBy('t.rn')
    .execute();
  for (const r of rows) {
    const id = Number(r.system_id);
    const list = out.get(id) ?? [];
    list.push(r.status);
    out.set(id, list);
  }
  return out;
}

/** Systems whose newest AutoVerify result or repository check (same table) failed. */
async function autoVerifyFailed(db: Kysely<Database>, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const u = unscoped(db, why);
  const ranked = u
    .selectFrom('autoverify_results')
    .select((eb) => [
      'system_id',
      'status',
      eb.fn
        .agg<number>('row_number')
        .over((o) => o.partitionBy('system_id').orderBy('ended_at', 'desc').orderBy('id', 'desc'))
        .as('rn'),
    ])
    .where('system_id', 'in', ids)
    .as('t');
  const rows = await u
    .selectFrom(ranked)
    .select('t.system_id')
    .where('t.rn', '=', 1)
    .where('t.status', '=', 'failure')
    .execute();
  return new Set(rows.map((r) => Number(r.system_id)));
}

/** The conditions that hold for one batch of systems at `now`. */
export async function observeSystems(
  db: Kysely<Database>,
  systems: readonly SystemRow[],
  ruleOf: RuleOf,
  now: number,
): Promise<Observation[]> {
  const live = systems.filter((s) => s.parked !== 1);
  const ids = live.map((s) => s.id);
  const [thresholds, statuses, avFailed] = await Promise.all([
    loadThresholds(db, live),
    recentStatuses(
      db,
      live.filter((s) => s.last_job_status === 'FAILED').map((s) => s.id),
    ),
    autoVerifyFailed(db, ids),
  ]);
  const out: Observation[] = [];
  for (const s of live) {
    const rule = ruleOf(s.reseller_id, s.client_id);
    const seen = (condition: AlertCondition) => {
      const c = rule.conditions[condition];
      out.push({
        condition,
        subjectType: 'system',
        subjectId: s.id,
        resellerId: s.reseller_id,
        clientId: s.client_id,
        subjectName: s.name,
        severity: c.severity,
        summary: conditionSummary(condition, rule),
      });
    };
    const on = (condition: AlertCondition) => rule.conditions[condition].enabled;
    if (on('backup_failed') && failureStreak(statuses.get(s.id) ?? []) >= rule.failures_in_a_row) {
      seen('backup_failed');
    }
    // The same verdict as the dashboard's SLA figure (resolveThreshold, withinThreshold); a
    // system whose alerting is switched off (threshold null) raises nothing.
    const threshold = resolveThreshold(s, thresholds);
    const quiet = rule.suppress_powered_off && isPoweredOff(s.device_type, s.last_job_status);
    if (
      on('no_restore_point') &&
      threshold !== null &&
      !quiet &&
      !withinThreshold(s.last_rp_at, threshold, now)
    ) {
      seen('no_restore_point');
    }
    if (on('autoverify_failed') && avFailed.has(s.id)) seen('autoverify_failed');
  }
  return out;
}

/** One batch of appliances offline for longer than their rule's M minutes, after `afterId`. */
export async function offlineBatch(
  db: Kysely<Database>,
  afterId: number,
  rulesOf: (owners: { reseller_id: number; client_id: number }[]) => Promise<RuleOf>,
  now: number,
): Promise<{ observations: Observation[]; lastId: number | null; ruleOf: RuleOf }> {
  const rows = await unscoped(db, why)
    .selectFrom('appliance_offline_periods as p')
    .innerJoin('appliances as a', 'a.id', 'p.appliance_id')
    .select(['p.id', 'p.appliance_id', 'p.reseller_id', 'p.client_id', 'p.started_at', 'a.name'])
    .where('p.ended_at', 'is', null)
    .where('p.id', '>', afterId)
    .orderBy('p.id')
    .limit(BATCH)
    .execute();
  const ruleOf = await rulesOf(
    rows.map((r) => ({ reseller_id: Number(r.reseller_id), client_id: Number(r.client_id) })),
  );
  const observations: Observation[] = [];
  for (const r of rows) {
    const rule = ruleOf(Number(r.reseller_id), Number(r.client_id));
    const c = rule.conditions.appliance_offline;
    if (!c.enabled || now - Number(r.started_at) <= rule.offline_minutes * 60_000) continue;
    observations.push({
      condition: 'appliance_offline',
      subjectType: 'appliance',
      subjectId: Number(r.appliance_id),
      resellerId: Number(r.reseller_id),
      clientId: Number(r.client_id),
      subjectName: r.name,
      severity: c.severity,
      summary: conditionSummary('appliance_offline', rule),
    });
  }
  const last = rows.at(-1);
  return { observations, lastId: last ? Number(last.id) : null, ruleOf };
}
