import {
  isJobInProgress,
  type JobDetailsAnswer,
  type JobHealthHistoryAnswer,
  type JobHistoryAnswer,
  type JobHistoryDetailsAnswer,
  type JobHistoryRow,
  jobDisplayStatus,
  jobTypeLabel,
  TABLE_ROWS_DEFAULT,
} from '@lifeboat/contract';
import type { Database, JobHistoryTable } from '@lifeboat/db';
import { type Kysely, type Selectable, sql } from 'kysely';
import { BadRequestError, NotFoundError } from '../../http/errors';
import { type Actor, ofSystem, parseId, rowsRead, scoped, throughSystem } from '../../scope';
import type { Device } from './device';

// Job history and job details (spec: dashboard-device-azure 3 'Job history row', 'Job details',
// 4 'Job status', 7 job_history, job_history_details, get_job_details, get_job_health_history).

export const MAX_ROWS = 100;
/** Counting stops here: a device's history can be long and the table only needs pages. */
export const COUNT_CAP = 10_000;
const DAY = 86_400_000;

type JobRow = Selectable<JobHistoryTable>;

function presentRow(r: JobRow): JobHistoryRow {
  const ended = r.ended_at === null ? null : Number(r.ended_at);
  return {
    document_id: Number(r.id),
    machine_id: Number(r.system_id),
    raw_status: r.status,
    status: jobDisplayStatus(r.status) ?? r.status,
    type: r.kind,
    backup_type: r.backup_type,
    in_progress: isJobInProgress(r.status),
    start_time: Number(r.started_at),
    end_time: ended,
    duration: ended === null ? null : ended - Number(r.started_at),
    size: Number(r.size_bytes),
    percentage_complete: Number(r.percent_complete),
  };
}

export function parsePaging(rawPage: string, rawRows: string): { page: number; rows: number } {
  const page = Number(rawPage);
  const rows = Number(rawRows);
  if (!/^\d{1,6}$/.test(rawPage) || page < 1)
    throw new BadRequestError('The page must be a whole number from 1.');
  if (!/^\d{1,3}$/.test(rawRows) || rows < 1 || rows > MAX_ROWS)
    throw new BadRequestError(`Rows per page must be between 1 and ${MAX_ROWS}.`);
  return { page, rows };
}

export async function jobHistory(
  db: Kysely<Database>,
  actor: Actor,
  d: Device,
  page: number,
  rows: number,
): Promise<JobHistoryAnswer> {
  // Ids first from the (system_id, started_at, id) index, then the page's rows by id, so a deep
  // page skips index entries rather than table rows.
  const s = scoped(db, actor).within(ofSystem(d, 'job_history'));
  const ids = await s
    .selectFrom('job_history')
    .select('id')
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(rows)
    .offset((page - 1) * rows)
    .execute();
  const [list, counted] = await Promise.all([
    ids.length === 0
      ? []
      : scoped(db, actor)
          .within(rowsRead(ids, 'job_history'))
          .selectFrom('job_history')
          .selectAll()
          .orderBy('started_at', 'desc')
          .orderBy('id', 'desc')
          .execute(),
    countJobs(db, actor, d),
  ]);
  return {
    ok: true,
    job_history_data: {
      rows: list.map(presentRow),
      page,
      rows_on_page: rows,
      records_count: counted.count,
      count_capped: counted.capped,
    },
  };
}

/** How many job runs a device has, counted up to COUNT_CAP. */
async function countJobs(db: Kysely<Database>, actor: Actor, d: Device) {
  const counted = await db
    .selectFrom(
      scoped(db, actor)
        .within(ofSystem(d, 'job_history'))
        .selectFrom('job_history')
        .select('id')
        .limit(COUNT_CAP + 1)
        .as('w'),
    )
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  const n = Number(counted.n);
  return { count: Math.min(n, COUNT_CAP), capped: n > COUNT_CAP };
}

/** GET /device/job_history_details/{deviceId}: the table's head, with the device's run count. */
export async function jobHistoryDetails(
  db: Kysely<Database>,
  actor: Actor,
  d: Device,
): Promise<JobHistoryDetailsAnswer> {
  const { count } = await countJobs(db, actor, d);
  return {
    ok: true,
    job_history_columns: [
      { key: 'status', label: 'Status' },
      { key: 'type', label: 'Job type' },
      { key: 'start_time', label: 'Started' },
      { key: 'duration', label: 'Duration' },
      { key: 'size', label: 'Size' },
    ],
    title: 'Job history',
    refresh: 'Refresh',
    count,
    rows_on_page: TABLE_ROWS_DEFAULT,
  };
}

/**
 * GET /device/get_job_details/{machineId}/{documentId}/{inProgress}. The document is the job run;
 * machineId 0 means "whichever system it belongs to" (the job page knows only the run's id).
 */
export async function jobDetails(
  db: Kysely<Database>,
  actor: Actor,
  raw: { machineId: string; documentId: string; inProgress: string },
): Promise<JobDetailsAnswer> {
  const what = 'This job';
  if (raw.inProgress !== '0' && raw.inProgress !== '1') throw new NotFoundError(what);
  const machineId = raw.machineId === '0' ? 0 : parseId(raw.machineId, what);
  const documentId = parseId(raw.documentId, what);
  // By the run's id: the run is in scope when its system is (checked on the joined row).
  const r = await scoped(db, actor)
    .within(throughSystem(actor, 'j', 's'))
    .selectFrom('job_history as j')
    .innerJoin('protected_systems as s', 's.id', 'j.system_id')
    .innerJoin('organisations as c', 'c.id', 's.client_id')
    .leftJoin('appliances as a', 'a.id', 's.appliance_id')
    .selectAll('j')
    .select([
      's.name as machine_name',
      's.client_id',
      'c.name as client_name',
      'a.id as appliance_id',
      'a.name as appliance_name',
      'a.sid as appliance_serial',
    ])
    .where('j.id', '=', documentId)
    .executeTakeFirst();
  if (!r || (machineId !== 0 && Number(r.system_id) !== machineId)) throw new NotFoundError(what);
  const vault = await scoped(db, actor)
    .within(ofSystem({ id: r.system_id }, 'sv'))
    .selectFrom('system_vaults as sv')
    .innerJoin('vaults as v', 'v.id', 'sv.vault_id')
    .select(['v.id', 'v.name'])
    .orderBy('v.id')
    .limit(1)
    .executeTakeFirst();
  const row = presentRow(r);
  return {
    ok: true,
    data: {
      document_id: row.document_id,
      status: r.status,
      display_status: row.status,
      type: r.kind,
      type_label: jobTypeLabel(r.kind, r.backup_type),
      initial_backup: r.backup_type === 'Initial',
      full_backup: r.backup_type === 'Full',
      is_job_type_backup: r.kind === 'Backup',
      start_time: row.start_time,
      end_time: row.end_time,
      duration: row.duration,
      paused_at: r.paused_at === null ? null : Number(r.paused_at),
      percentage_complete: row.percentage_complete,
      backup_size: row.size,
      error_msg: r.error_msg,
      pause_message: r.pause_message,
      machine_id: row.machine_id,
      machine_name: r.machine_name,
      client_id: Number(r.client_id),
      client_name: r.client_name,
      appliance_id: r.appliance_id === null ? null : Number(r.appliance_id),
      appliance_name: r.appliance_name,
      appliance_serial: r.appliance_serial,
      vault_id: vault ? Number(vault.id) : null,
      vault_name: vault?.name ?? null,
      // Appliance and vault logins are for the reseller's staff (spec 6, SSO access).
      rb_sso_access: actor.rights.has('support_login'),
      is_client: actor.organisationKind === 'client',
    },
  };
}

/** A week of job outcomes per UTC day, oldest first (the job health history card). */
export async function jobHealthHistory(
  db: Kysely<Database>,
  actor: Actor,
  d: Device,
  now: number,
): Promise<JobHealthHistoryAnswer> {
  const today = Math.floor(now / DAY) * DAY;
  const from = today - 6 * DAY;
  // Counted in the database per day and status: a week is a few hundred rows at most.
  // Literals (computed integers), so the select and group-by expressions are the same text on PostgreSQL.
  const dayExpr = sql<number>`(started_at - ${sql.lit(from)}) / ${sql.lit(DAY)}`;
  const rows = await scoped(db, actor)
    .within(ofSystem(d, 'job_history'))
    .selectFrom('job_history')
    .select([dayExpr.as('d'), 'status', sql<number>`count(*)`.as('n')])
    .where('started_at', '>=', from)
    .groupBy([dayExpr, 'status'])
    .execute();
  const days = Array.from({ length: 7 }, (_, i) => ({
    day: from + i * DAY,
    completed: 0,
    failed: 0,
    missed: 0,
    other: 0,
  }));
  for (const r of rows) {
    const slot = days[Math.floor(Number(r.d))];
    if (!slot) continue;
    const n = Number(r.n);
    if (r.status === 'COMPLETED') slot.completed += n;
    else if (r.status === 'FAILED') slot.failed += n;
    else if (r.status === 'MISSED') slot.missed += n;
    else slot.other += n;
  }
  return { ok: true, title: 'Job health history', days };
}
