import {
  deriveHealth,
  FabricError,
  resolveThreshold,
  type SourceContents,
  type SourcePoint,
  type SourceSystem,
} from '@lifeboat/contract';
import { type Database, dayStart, loadThresholds, refreshResellerDaily } from '@lifeboat/db';
import type { Insertable, Kysely } from 'kysely';
import type { AppContext } from '../context';
import { lockRow, unscoped } from '../scope';
import { openSourceSecret } from './secret';

// The one sync service (issue 25.2): a backup source is read through its kind's sync port, then
// what the read found is written into the console's tables in ONE transaction that holds the
// source's row (FOR UPDATE on PostgreSQL; SQLite's writers are serialised): new systems appear
// (appliance-less, second-generation tool), new points become restore points with a successful
// job, points the source no longer holds disappear, and health follows the console's thresholds.
// Every row is keyed on the source's own names (the system's name, the point's external id), so
// a second sync adds nothing and a sync cut short (restic killed) is completed by the next one.
// A read that fails changes nothing but a failed job per system and the source's last sentence.

type Ctx = Pick<AppContext, 'dbh' | 'ports' | 'clock' | 'config'>;
type Db = Kysely<Database>;

export interface SyncOutcome {
  ok: boolean;
  /** What the source's page shows under "Last sync". */
  sentence: string;
  systemsAdded: number;
  pointsAdded: number;
  pointsRemoved: number;
  /** Whether systems, points or health changed (the daily health chart is recounted). */
  changed?: boolean;
  /** The repository check that ran with this sync, if one was due. */
  check?: { ok: boolean; sentence: string };
}

type Source = Awaited<ReturnType<typeof loadSource>>;

function loadSource(db: Db, id: number) {
  return unscoped(db, 'the sync of one source, by a worker for every tenant')
    .selectFrom('backup_sources')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A repository check that ran during the sync. */
export interface CheckRun {
  ok: boolean;
  sentence: string;
  startedAt: number;
  endedAt: number;
}

/**
 * What reading the source answered: its contents, or the sentence of what went wrong; and the
 * repository check when one was due and could run.
 */
export type SourceRead = ({ contents: SourceContents } | { failure: string }) & { check?: CheckRun };

/**
 * Whether the source's repository check is due: never checked, or checked one interval ago.
 * Half a sync interval of slack, so a daily check riding on 15-minute syncs does not drift later
 * by a sync each day.
 */
export function checkDue(source: NonNullable<Source>, now: number): boolean {
  if (source.last_check_at === null) return true;
  const every = Number(source.check_interval_hours) * 3_600_000;
  const slack = (Number(source.sync_interval_minutes) * 60_000) / 2;
  return now - Number(source.last_check_at) >= every - slack;
}

/**
 * Reads a source through its kind's sync port (no transaction is open meanwhile), then checks
 * its repository when the check is due. Both run inside the source's one sync run, so the
 * console never runs two restic commands against a repository at once (the sync's schedule
 * starts no run while one is in flight, and "Sync now" answers the run in flight).
 */
export async function readSource(
  ctx: Ctx,
  source: NonNullable<Source>,
  onCheck?: () => Promise<void>,
): Promise<SourceRead> {
  const secret = openSourceSecret(ctx.config.secretKey, source.secret_sealed);
  const port = ctx.ports.sync[source.kind];
  const access = {
    id: Number(source.id),
    location: source.location,
    password: secret.password,
    env: secret.env,
  };
  let contents: SourceContents;
  try {
    contents = await port.read(access);
  } catch (err) {
    if (err instanceof FabricError) return { failure: err.message };
    throw err;
  }
  const startedAt = ctx.clock.now();
  if (!port.check || !checkDue(source, startedAt)) return { contents };
  await onCheck?.();
  try {
    const found = await port.check(access, Number(source.check_percent));
    return { contents, check: { ...found, startedAt, endedAt: ctx.clock.now() } };
  } catch (err) {
    // Locked by a client's backup or unreachable for a moment: the next sync tries again.
    if (err instanceof FabricError) return { contents };
    throw err;
  }
}

/**
 * Reads the source and writes what it found. `transact` runs the write: a transaction of its own
 * by default, the operation's fenced completion in the `sources.sync` handler. Null when the
 * source is gone.
 */
export async function syncSource<R = SyncOutcome | null>(
  ctx: Ctx,
  sourceId: number,
  transact: (work: (trx: Db) => Promise<SyncOutcome | null>) => Promise<R> = (work) =>
    ctx.dbh.db.transaction().execute(work) as Promise<R>,
  onCheck?: () => Promise<void>,
): Promise<R | null> {
  const source = await loadSource(ctx.dbh.db, sourceId);
  if (!source) return null;
  const read = await readSource(ctx, source, onCheck);
  return transact((trx) => writeRead(trx, sourceId, read, ctx.clock.now()));
}

/** The write of one read, under the source row's lock. */
export async function writeRead(trx: Db, sourceId: number, read: SourceRead, now: number) {
  const db = unscoped(trx, 'the sync writes the systems of one source, for every tenant');
  await lockRow(db, 'backup_sources', sourceId);
  const source = await loadSource(db, sourceId);
  // Removed while it was being read: nothing of it is written back.
  if (!source) return null;
  const outcome =
    'failure' in read
      ? await writeFailure(db, source, read.failure, now)
      : await writeContents(db, source, read.contents, now);
  if (read.check) outcome.check = await writeCheck(db, sourceId, read.check);
  await db
    .updateTable('backup_sources')
    .set({
      last_sync_at: now,
      last_sync_outcome: outcome.ok ? 'ok' : 'failed',
      last_sync_sentence: outcome.sentence,
      ...(read.check
        ? {
            last_check_at: read.check.startedAt,
            last_check_outcome: read.check.ok ? 'ok' : 'failed',
            last_check_sentence: read.check.sentence,
          }
        : {}),
      updated_at: now,
    })
    .where('id', '=', sourceId)
    .execute();
  // The reseller's 7-day health chart counts the new systems and health today, not tomorrow.
  if (outcome.changed) await refreshResellerDaily(db, [Number(source.reseller_id)], dayStart(now));
  return outcome;
}

/**
 * One result per system of the source, stored with the first tool's AutoVerify results (kind
 * 'repository_check'): the check covers the whole repository, so each of its systems' newest
 * restore point is vouched for (or not) by it. Systems without a restore point get none.
 */
async function writeCheck(db: Db, sourceId: number, check: CheckRun): Promise<SyncOutcome['check']> {
  const newest = await db
    .selectFrom('protected_systems as ps')
    .innerJoin('restore_points as rp', 'rp.system_id', 'ps.id')
    .select(['ps.id as system_id', 'rp.id as rp_id', 'rp.taken_at'])
    .where('ps.source_id', '=', sourceId)
    .where((eb) =>
      eb(
        'rp.taken_at',
        '=',
        eb
          .selectFrom('restore_points as r2')
          .select((e) => e.fn.max('r2.taken_at').as('m'))
          .whereRef('r2.system_id', '=', 'ps.id'),
      ),
    )
    .execute();
  const seen = new Set<number>();
  const rows: Insertable<Database['autoverify_results']>[] = [];
  for (const r of newest) {
    if (seen.has(Number(r.system_id))) continue;
    seen.add(Number(r.system_id));
    rows.push({
      kind: 'repository_check',
      system_id: Number(r.system_id),
      restore_point_id: Number(r.rp_id),
      rp_taken_at: Number(r.taken_at),
      started_at: check.startedAt,
      ended_at: check.endedAt,
      status: check.ok ? 'success' : 'failure',
      result: check.sentence,
      heartbeat: 0,
      boot_check: '',
      vss_status: '',
      chkdsk_status: '',
      advanced_mode: 0,
      screenshot_seed: null,
    });
  }
  for (let i = 0; i < rows.length; i += CHUNK)
    await db
      .insertInto('autoverify_results')
      .values(rows.slice(i, i + CHUNK))
      .execute();
  return { ok: check.ok, sentence: check.sentence };
}

type SourceRow = NonNullable<Source>;

function systemsOf(db: Db, sourceId: number) {
  return db
    .selectFrom('protected_systems as ps')
    .select([
      'ps.id',
      'ps.reseller_id',
      'ps.client_id',
      'ps.hostname',
      'ps.device_type',
      'ps.parked',
      'ps.health_status',
      'ps.health_reason',
      'ps.last_job_status',
      'ps.last_rp_at',
      (eb) =>
        eb
          .selectFrom('jobs as j')
          .select((e) => e.fn.min('j.id').as('m'))
          .whereRef('j.system_id', '=', 'ps.id')
          .as('job_id'),
    ])
    .where('ps.source_id', '=', sourceId)
    .execute();
}

async function writeFailure(db: Db, source: SourceRow, sentence: string, now: number): Promise<SyncOutcome> {
  const systems = await systemsOf(db, Number(source.id));
  const rows: Insertable<Database['job_history']>[] = systems
    .filter((s) => s.job_id !== null)
    .map((s) => ({
      system_id: Number(s.id),
      job_id: Number(s.job_id),
      kind: 'Backup',
      backup_type: 'Incremental',
      status: 'FAILED',
      started_at: now,
      ended_at: now,
      paused_at: null,
      percent_complete: 0,
      size_bytes: 0,
      error_msg: sentence,
      pause_message: null,
    }));
  if (rows.length > 0) {
    await db.insertInto('job_history').values(rows).execute();
    // The newest run of each is now this failure: the column the alerts' "backup failed N times
    // in a row" starts from says so too, for every backup source, simulated or real.
    await db
      .updateTable('protected_systems')
      .set({ last_job_status: 'FAILED' })
      .where(
        'id',
        'in',
        rows.map((r) => r.system_id),
      )
      .execute();
  }
  return { ok: false, sentence, systemsAdded: 0, pointsAdded: 0, pointsRemoved: 0 };
}

const OS_NAMES: Record<SourceSystem['osType'], string> = {
  WINDOWS: 'Windows',
  LINUX: 'Linux',
  MAC_OS_X: 'macOS',
};

const REMOTE = /^(rest:|s3:|sftp:)/;

async function writeContents(
  db: Db,
  source: SourceRow,
  contents: SourceContents,
  now: number,
): Promise<SyncOutcome> {
  const sourceId = Number(source.id);
  const tool = source.kind === 'restic' ? 'restic' : 'Simulated source';
  const interval = Number(source.sync_interval_minutes);
  const known = new Map((await systemsOf(db, sourceId)).map((s) => [s.hostname, s]));
  let systemsAdded = 0;
  for (const sys of contents.systems) {
    if (known.has(sys.name)) continue;
    const row = await db
      .insertInto('protected_systems')
      .values({
        reseller_id: Number(source.reseller_id),
        client_id: Number(source.client_id),
        appliance_id: null,
        source_id: sourceId,
        name: sys.name,
        name_lc: sys.name.toLowerCase(),
        hostname: sys.name,
        device_type: sys.osType === 'MAC_OS_X' ? 'workstation' : 'server',
        os_type: sys.osType,
        os_name: OS_NAMES[sys.osType],
        service_gen: 4,
        agent_version: tool,
        package_name: tool,
        license_name: '',
        health_status: 'NODATA',
        health_reason: null,
        health_changed_at: now,
        last_rp_at: null,
        last_job_status: null,
        // The sync, not a backup schedule of the console's, brings its next point.
        next_backup_at: now + interval * 60_000,
        backup_interval_minutes: interval,
        seed: 0,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('jobs')
      .values({ system_id: Number(row.id), name: `${tool} backup`, type: 'FILE', drives: '[]' })
      .execute();
    systemsAdded++;
  }
  if (systemsAdded > 0) for (const s of await systemsOf(db, sourceId)) known.set(s.hostname, s);

  const thresholds = await loadThresholds(
    db,
    [...known.values()].map((s) => ({
      ...s,
      id: Number(s.id),
      client_id: Number(s.client_id),
      reseller_id: Number(s.reseller_id),
    })),
  );
  const read = new Map(contents.systems.map((s) => [s.name, s.points]));
  const remote = REMOTE.test(source.location) ? 1 : 0;
  let pointsAdded = 0;
  let pointsRemoved = 0;
  let pointsHeld = 0;
  let healthChanged = false;
  // What is stored already, for every system of the source in two queries (not two per system).
  const ids = [...known.values()].map((s) => Number(s.id));
  const byId = <R extends { system_id: number }>(rows: R[]) => {
    const out = new Map<number, R[]>();
    for (const r of rows) out.set(Number(r.system_id), [...(out.get(Number(r.system_id)) ?? []), r]);
    return out;
  };
  const storedOf = byId(
    ids.length === 0
      ? []
      : await db
          .selectFrom('restore_points')
          .select(['id', 'system_id', 'external_id'])
          .where('system_id', 'in', ids)
          .where('external_id', 'is not', null)
          .execute(),
  );
  const jobsOf = byId(
    ids.length === 0
      ? []
      : await db
          .selectFrom('job_history')
          .select(['system_id', 'external_id'])
          .where('system_id', 'in', ids)
          .where('external_id', 'is not', null)
          .execute(),
  );
  for (const sys of known.values()) {
    const systemId = Number(sys.id);
    const points = read.get(sys.hostname) ?? [];
    pointsHeld += points.length;
    const stored = storedOf.get(systemId) ?? [];
    const storedIds = new Set(stored.map((r) => r.external_id));
    const wanted = new Set(points.map((p) => p.externalId));
    const gone = stored.filter((r) => !wanted.has(r.external_id ?? '')).map((r) => Number(r.id));
    for (let i = 0; i < gone.length; i += 500) {
      const ids = gone.slice(i, i + 500);
      await db.deleteFrom('restore_points').where('id', 'in', ids).execute();
      // The snapshot's file tree kept for browsing (sources/restic/files.ts) goes with it.
      await db.deleteFrom('restic_tree_folders').where('restore_point_id', 'in', ids).execute();
      await db.deleteFrom('restic_trees').where('restore_point_id', 'in', ids).execute();
    }
    pointsRemoved += gone.length;
    const fresh = points.filter((p) => !storedIds.has(p.externalId));
    const jobId = Number(sys.job_id);
    const jobs = jobsOf.get(systemId) ?? [];
    const hadJobs = jobs.length > 0;
    const jobsDone = new Set(jobs.map((r) => r.external_id));
    await insertPoints(db, systemId, jobId, fresh, remote);
    await insertJobs(
      db,
      systemId,
      jobId,
      fresh.filter((p) => !jobsDone.has(p.externalId)),
      !hadJobs,
    );
    pointsAdded += fresh.length;
    healthChanged =
      (await judge(
        db,
        sys,
        points,
        resolveThreshold(
          { ...sys, id: systemId, client_id: Number(sys.client_id), reseller_id: Number(sys.reseller_id) },
          thresholds,
        ),
        now,
      )) || healthChanged;
  }
  return {
    ok: true,
    changed: healthChanged || systemsAdded + pointsAdded + pointsRemoved > 0,
    sentence: contentSentence(known.size, pointsHeld, pointsAdded, pointsRemoved),
    systemsAdded,
    pointsAdded,
    pointsRemoved,
  };
}

const CHUNK = 200;

async function insertPoints(db: Db, systemId: number, jobId: number, points: SourcePoint[], remote: 0 | 1) {
  const rows: Insertable<Database['restore_points']>[] = points.map((p) => ({
    system_id: systemId,
    job_id: jobId,
    taken_at: p.takenAt,
    is_local: remote ? 0 : 1,
    // Every source's point is one the console itself reads (no appliance holds it): the second
    // tool's recovery reaches it as its cloud copy (docs/decisions.md, restic recovery).
    is_cloud: 1,
    vault_id: null,
    scheduled: 1,
    in_use: 0,
    size_bytes: p.sizeBytes,
    external_id: p.externalId,
  }));
  for (let i = 0; i < rows.length; i += CHUNK)
    await db
      .insertInto('restore_points')
      .values(rows.slice(i, i + CHUNK))
      .execute();
}

/** One successful job per new point; the system's very first one is its initial backup. */
async function insertJobs(db: Db, systemId: number, jobId: number, points: SourcePoint[], first: boolean) {
  const rows: Insertable<Database['job_history']>[] = points.map((p, i) => ({
    system_id: systemId,
    job_id: jobId,
    kind: 'Backup',
    backup_type: first && i === 0 ? 'Initial' : 'Incremental',
    status: 'COMPLETED',
    started_at: p.takenAt,
    ended_at: p.endedAt ?? p.takenAt,
    paused_at: null,
    percent_complete: 100,
    size_bytes: p.sizeBytes,
    error_msg: null,
    pause_message: null,
    external_id: p.externalId,
  }));
  for (let i = 0; i < rows.length; i += CHUNK)
    await db
      .insertInto('job_history')
      .values(rows.slice(i, i + CHUNK))
      .execute();
}

type KnownSystem = Awaited<ReturnType<typeof systemsOf>>[number];

/** Health by the console's one rule (contract health-rule.ts), with history on a change. */
async function judge(
  db: Db,
  sys: KnownSystem,
  points: SourcePoint[],
  threshold: number | null,
  now: number,
): Promise<boolean> {
  const newest = points.reduce<SourcePoint | null>(
    (m, p) => (m === null || p.takenAt > m.takenAt ? p : m),
    null,
  );
  const lastRpAt = newest?.takenAt ?? null;
  const lastJobStatus = lastRpAt === null ? sys.last_job_status : 'COMPLETED';
  const v = deriveHealth({
    parked: sys.parked === 1,
    hasJobs: true,
    lastRpAt,
    lastFinishedStatus: lastJobStatus,
    thresholdMinutes: threshold ?? Number.POSITIVE_INFINITY,
    at: now,
  });
  // As a changed threshold re-judges (devices/rejudge.ts): a healthy system carries no reason.
  const reason = v.health === 'NORMAL' ? null : v.description;
  const changed = v.health !== sys.health_status;
  await db
    .updateTable('protected_systems')
    .set({
      last_rp_at: lastRpAt,
      last_job_status: lastJobStatus,
      // What the system's backups hold, as the newest snapshot's size where the source reports it
      // (restic 0.17's summary); 0 where it does not, which the screens say in a sentence.
      cloud_used_bytes: newest?.sizeBytes ?? 0,
      health_status: v.health,
      health_reason: reason,
      ...(changed ? { health_changed_at: now } : {}),
    })
    .where('id', '=', Number(sys.id))
    .execute();
  if (changed)
    await db
      .insertInto('health_history')
      .values({
        system_id: Number(sys.id),
        started_at: now,
        health: v.health,
        reason: v.reason,
        description: v.description,
      })
      .execute();
  return changed;
}

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** "2 systems, 14 restore points: 3 new, 1 gone." */
export function contentSentence(systems: number, points: number, added: number, removed: number): string {
  const changes = [
    added > 0 ? `${added.toLocaleString('en-US')} new` : '',
    removed > 0 ? `${removed.toLocaleString('en-US')} gone` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return `${count(systems, 'system', 'systems')}, ${count(points, 'restore point', 'restore points')}${changes ? `: ${changes}` : ', nothing new'}.`;
}
