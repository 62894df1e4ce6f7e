import {
  type AddSourceBody,
  type EditSourceBody,
  FabricError,
  SOURCE_ENV_KEYS,
  type SourceKind,
  type SourceRow,
} from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { BadRequestError, NotFoundError } from '../../http/errors';
import { dropSchedule } from '../../operations/scheduler';
import { type Actor, lockRow, parseId, scoped, unscoped } from '../../scope';
import { resticInstalled } from '../../sources/restic/installed';
import { checkLocation, LocationError } from '../../sources/restic/location';
import { openSourceSecret, sealSourceSecret } from '../../sources/secret';
import { loadOrg, type Org } from '../settings/thresholds';
import { SOURCE_SYNC, scheduleSync, syncScheduleKey } from './sync-handler';

// A client's backup sources (issue 25.4): added, tested, changed, paused, removed and synced by the
// client's reseller or the provider's staff. The password and the remote's variables are sealed on
// the way in and opened only for restic; no answer and no audit entry holds them, and removing a
// source deletes its row, secret included.

type Db = Kysely<Database>;
const WHAT = 'This backup source';

/** The location restic is given: a checked folder or remote; a refusal is a 400 on the field. */
function checkedLocation(ctx: AppContext, kind: SourceKind, raw: string): string {
  if (kind === 'simulated') return raw.trim();
  try {
    return checkLocation(raw, { roots: ctx.config.resticRoots, allowRemote: ctx.config.resticAllowRemote });
  } catch (err) {
    if (err instanceof LocationError) throw new BadRequestError(err.message, { location: err.message });
    throw err;
  }
}

const cleanEnv = (env: Partial<Record<string, string>> | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(env ?? {}).filter((e): e is [string, string] => !!e[1]?.trim()));

const sameEnv = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

async function findSource(db: Db, actor: Actor, rawId: string) {
  const id = parseId(rawId, WHAT);
  const row = await scoped(db, actor)
    .selectFrom('backup_sources')
    .selectAll('backup_sources')
    .where('backup_sources.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFoundError(WHAT);
  return row;
}

const parentOf = (org: Org) => ({ id: org.id, reseller_id: org.resellerId ?? 0, client_id: org.id });

/** A run of the source's sync queued or running now (a scheduled one or a Sync now). */
async function syncInFlight(db: Db, sourceId: number): Promise<number | null> {
  const sys = unscoped(db, 'the runs in flight of a source already found in scope');
  const schedule = await sys
    .selectFrom('schedules')
    .select('operation_id')
    .where('key', '=', syncScheduleKey(sourceId))
    .executeTakeFirst();
  const ids = await sys
    .selectFrom('operations')
    .select('id')
    .where('kind', '=', SOURCE_SYNC)
    .where('status', 'in', ['queued', 'running'])
    .where((eb) =>
      eb.or([
        eb.and([eb('subject_type', '=', 'backup_source'), eb('subject_id', '=', sourceId)]),
        ...(schedule?.operation_id != null ? [eb('id', '=', Number(schedule.operation_id))] : []),
      ]),
    )
    .orderBy('id')
    .execute();
  return ids.length > 0 ? Number(ids[0]?.id) : null;
}

/** Start a sync of the source unless one is in flight; answers the run the person can follow. */
async function startSync(
  ctx: AppContext,
  trx: Db,
  source: { id: number; reseller_id: number; client_id: number },
  actor: Actor,
) {
  const sys = unscoped(trx, 'the sync run of a source already found in scope');
  const tenant = {
    reseller_id: Number(source.reseller_id),
    client_id: Number(source.client_id),
    subject_type: 'backup_source',
    subject_id: Number(source.id),
  };
  const running = await syncInFlight(trx, Number(source.id));
  if (running !== null) {
    // A scheduled run carries no tenant: it takes the source's, so its reseller can follow it.
    await sys.updateTable('operations').set(tenant).where('id', '=', running).execute();
    return running;
  }
  const operationId = await ctx.operations.enqueue(trx, {
    kind: SOURCE_SYNC,
    input: { sourceId: Number(source.id) },
    resellerId: tenant.reseller_id,
    clientId: tenant.client_id,
    subjectType: tenant.subject_type,
    subjectId: tenant.subject_id,
    createdBy: actor.userId,
  });
  // The source's schedule starts no run while this one is in flight.
  await sys
    .updateTable('schedules')
    .set({ operation_id: operationId })
    .where('key', '=', syncScheduleKey(Number(source.id)))
    .execute();
  return operationId;
}

export async function listSources(ctx: AppContext, actor: Actor, rawClientId: string) {
  const org = await loadOrg(ctx.dbh.db, actor, 'client', rawClientId);
  const db = ctx.dbh.db;
  const rows = await scoped(db, actor)
    .selectFrom('backup_sources')
    .selectAll('backup_sources')
    .where('backup_sources.client_id', '=', org.id)
    .orderBy('backup_sources.name')
    .orderBy('backup_sources.id')
    .execute();
  const counts = new Map(
    (
      await scoped(db, actor)
        .selectFrom('protected_systems as ps')
        .select(['ps.source_id', (eb) => eb.fn.countAll().as('n')])
        .where('ps.client_id', '=', org.id)
        .where('ps.source_id', 'is not', null)
        .groupBy('ps.source_id')
        .execute()
    ).map((r) => [Number(r.source_id), Number(r.n)]),
  );
  const sources: SourceRow[] = [];
  for (const r of rows) {
    const id = Number(r.id);
    const env = openSourceSecret(ctx.config.secretKey, r.secret_sealed).env;
    sources.push({
      id,
      kind: r.kind,
      name: r.name,
      location: r.location,
      paused: r.paused === 1,
      sync_interval_minutes: Number(r.sync_interval_minutes),
      check_percent: Number(r.check_percent),
      check_interval_hours: Number(r.check_interval_hours),
      systems: counts.get(id) ?? 0,
      env_keys: SOURCE_ENV_KEYS.filter((k) => env[k]),
      last_sync_at: r.last_sync_at === null ? null : Number(r.last_sync_at),
      last_sync_outcome: r.last_sync_outcome,
      last_sync_sentence: r.last_sync_sentence,
      sync_operation_id: await syncInFlight(db, id),
      last_check_at: r.last_check_at === null ? null : Number(r.last_check_at),
      last_check_outcome: r.last_check_outcome,
      last_check_sentence: r.last_check_sentence,
    });
  }
  return {
    sources,
    can_manage: actor.rights.has('manage_sources'),
    restic_installed: await resticInstalled(),
  };
}

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** "Test connection": open the repository through its kind's sync port; a sentence either way. */
export async function testSource(
  ctx: AppContext,
  actor: Actor,
  rawClientId: string,
  body: { kind: SourceKind; location: string; password: string; env?: Partial<Record<string, string>> },
) {
  await loadOrg(ctx.dbh.db, actor, 'client', rawClientId);
  const location = checkedLocation(ctx, body.kind, body.location);
  try {
    const read = await ctx.ports.sync[body.kind].read({
      id: 0,
      location,
      password: body.password,
      env: cleanEnv(body.env),
    });
    return opened(read);
  } catch (err) {
    if (err instanceof FabricError) return { ok: false, sentence: err.message };
    throw err;
  }
}

type Found = Awaited<ReturnType<typeof findSource>>;
type Change = Pick<EditSourceBody, 'location' | 'password' | 'env'>;

/**
 * The repository a moved or re-keyed source would read, opened before anything is saved, and
 * checked to be the same repository: the console's restore points of the source are restic
 * snapshot ids, so a location that holds none of them is another repository, whose sync would
 * remove every restore point and add others (docs/decisions.md 'Moving a restic source').
 */
async function openChange(ctx: AppContext, db: Db, found: Found, change: Change) {
  const secret = openSourceSecret(ctx.config.secretKey, found.secret_sealed);
  const location =
    change.location === undefined ? found.location : checkedLocation(ctx, found.kind, change.location);
  let read: Awaited<ReturnType<AppContext['ports']['sync']['restic']['read']>>;
  try {
    read = await ctx.ports.sync[found.kind].read({
      id: Number(found.id),
      location,
      password: change.password || secret.password,
      env: change.env === undefined ? secret.env : cleanEnv(change.env),
    });
  } catch (err) {
    if (err instanceof FabricError) return { ok: false, sentence: err.message };
    throw err;
  }
  const held = await unscoped(db, 'the restore points of a source already found in scope')
    .selectFrom('restore_points as p')
    .innerJoin('protected_systems as s', 's.id', 'p.system_id')
    .select('p.external_id')
    .where('s.source_id', '=', Number(found.id))
    .where('p.external_id', 'is not', null)
    .execute();
  const there = new Set(read.systems.flatMap((sys) => sys.points.map((p) => p.externalId)));
  if (held.length > 0 && !held.some((p) => there.has(String(p.external_id))))
    return {
      ok: false,
      sentence: `This location holds another repository: none of the ${count(held.length, 'restore point', 'restore points')} read from this source is in it. Add it as a new backup source instead.`,
    };
  return opened(read);
}

/** "Test connection" that opened the repository: what it holds, in a sentence. */
function opened(read: { systems: { points: unknown[] }[] }) {
  const points = read.systems.reduce((n, sys) => n + sys.points.length, 0);
  return {
    ok: true,
    sentence: `The repository opened: ${count(read.systems.length, 'system', 'systems')}, ${count(points, 'restore point', 'restore points')}.`,
  };
}

/** "Test connection" in the edit dialog: the source as it would be after the change. */
export async function testSourceChange(ctx: AppContext, actor: Actor, rawId: string, change: Change) {
  const found = await findSource(ctx.dbh.db, actor, rawId);
  return openChange(ctx, ctx.dbh.db, found, change);
}

/** Brief of a source for the audit log: never its secret. */
const brief = (s: {
  name: string;
  kind: string;
  location: string;
  sync_interval_minutes: number;
  check_percent?: number;
  check_interval_hours?: number;
  paused: number;
}) => ({
  name: s.name,
  kind: s.kind,
  location: s.location,
  sync_interval_minutes: Number(s.sync_interval_minutes),
  ...(s.check_percent === undefined ? {} : { check_percent: Number(s.check_percent) }),
  ...(s.check_interval_hours === undefined ? {} : { check_interval_hours: Number(s.check_interval_hours) }),
  paused: Number(s.paused) === 1,
});

async function sameLocation(db: Db, actor: Actor, clientId: number, location: string, except?: number) {
  const row = await scoped(db, actor)
    .selectFrom('backup_sources')
    .select('backup_sources.id')
    .where('backup_sources.client_id', '=', clientId)
    .where('backup_sources.location', '=', location)
    .$if(except !== undefined, (q) => q.where('backup_sources.id', '!=', except ?? 0))
    .executeTakeFirst();
  if (row) {
    const m = 'This client already has a backup source at this location.';
    throw new BadRequestError(m, { location: m });
  }
}

export async function addSource(
  ctx: AppContext,
  actor: Actor,
  rawClientId: string,
  body: AddSourceBody,
  ip: string,
) {
  const org = await loadOrg(ctx.dbh.db, actor, 'client', rawClientId);
  const location = checkedLocation(ctx, body.kind, body.location);
  const now = ctx.clock.now();
  const env = cleanEnv(body.env);
  const answer = await ctx.dbh.db.transaction().execute(async (trx) => {
    await lockRow(trx, 'organisations', org.id);
    await sameLocation(trx, actor, org.id, location);
    const row = await scoped(trx, actor, parentOf(org))
      .insertInto('backup_sources')
      .values({
        reseller_id: org.resellerId ?? 0,
        client_id: org.id,
        kind: body.kind,
        name: body.name,
        location,
        secret_sealed: sealSourceSecret(ctx.config.secretKey, { password: body.password, env }),
        sync_interval_minutes: body.sync_interval_minutes,
        created_at: now,
        updated_at: now,
      })
      .returning(['id', 'reseller_id', 'client_id'])
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    await scheduleSync(
      unscoped(trx, 'the schedule of a source just added in scope'),
      id,
      body.sync_interval_minutes,
      now,
      now,
    );
    const operationId = await startSync(ctx, trx, { ...row, id }, actor);
    await audit(trx, now, {
      actor,
      action: 'source.added',
      targetType: 'backup_source',
      targetId: id,
      details: {
        client_id: org.id,
        ...brief({ ...body, location, paused: 0 }),
        env_keys: Object.keys(env),
      },
      ip,
    });
    return { id, operation_id: operationId };
  });
  ctx.operations.wake();
  return answer;
}

export async function editSource(
  ctx: AppContext,
  actor: Actor,
  rawId: string,
  body: EditSourceBody,
  ip: string,
) {
  const found = await findSource(ctx.dbh.db, actor, rawId);
  const id = Number(found.id);
  const location = body.location === undefined ? undefined : checkedLocation(ctx, found.kind, body.location);
  const secret = openSourceSecret(ctx.config.secretKey, found.secret_sealed);
  const moved = location !== undefined && location !== found.location;
  const rekeyed =
    (!!body.password && body.password !== secret.password) ||
    (body.env !== undefined && !sameEnv(cleanEnv(body.env), secret.env));
  // A moved or re-keyed source is opened first, as "Test connection" does: a save that would
  // stop its syncs, or read another repository into it, is refused with the sentence.
  if (moved || rekeyed) {
    const opened = await openChange(ctx, ctx.dbh.db, found, body);
    if (!opened.ok)
      throw new BadRequestError(opened.sentence, {
        [moved ? 'location' : 'password']: opened.sentence,
      });
  }
  const now = ctx.clock.now();
  await ctx.dbh.db.transaction().execute(async (trx) => {
    await lockRow(trx, 'backup_sources', id);
    const old = await findSource(trx, actor, rawId);
    if (location !== undefined) await sameLocation(trx, actor, Number(old.client_id), location, id);
    const secret = openSourceSecret(ctx.config.secretKey, old.secret_sealed);
    const env = body.env === undefined ? secret.env : cleanEnv(body.env);
    const newSecret = (!!body.password && body.password !== secret.password) || !sameEnv(env, secret.env);
    const next = {
      name: body.name ?? old.name,
      location: location ?? old.location,
      sync_interval_minutes: body.sync_interval_minutes ?? Number(old.sync_interval_minutes),
      check_percent: body.check_percent ?? Number(old.check_percent),
      check_interval_hours: body.check_interval_hours ?? Number(old.check_interval_hours),
      paused: body.paused === undefined ? old.paused : body.paused ? (1 as const) : (0 as const),
    };
    const unchanged = (Object.keys(next) as (keyof typeof next)[]).every((k) =>
      typeof next[k] === 'number' ? next[k] === Number(old[k]) : next[k] === old[k],
    );
    // Nothing to save: no write and no audit entry.
    if (unchanged && !newSecret)
      throw new BadRequestError('There is nothing to change in this backup source.');
    await scoped(trx, actor)
      .updateTable('backup_sources')
      .set({
        ...next,
        ...(newSecret
          ? {
              secret_sealed: sealSourceSecret(ctx.config.secretKey, {
                password: body.password || secret.password,
                env,
              }),
            }
          : {}),
        updated_at: now,
      })
      .where('backup_sources.id', '=', id)
      .execute();
    const sys = unscoped(trx, 'the schedule of a source changed in scope');
    if (next.paused) await dropSchedule(sys, syncScheduleKey(id));
    else if (old.paused || next.sync_interval_minutes !== Number(old.sync_interval_minutes))
      await scheduleSync(sys, id, next.sync_interval_minutes, now, now);
    await audit(trx, now, {
      actor,
      action: 'source.changed',
      targetType: 'backup_source',
      targetId: id,
      details: {
        client_id: Number(old.client_id),
        old: brief(old),
        new: brief({ ...old, ...next }),
        secret_changed: !!newSecret,
      },
      ip,
    });
  });
  return { ok: true as const };
}

export async function removeSource(ctx: AppContext, actor: Actor, rawId: string, ip: string) {
  const found = await findSource(ctx.dbh.db, actor, rawId);
  const id = Number(found.id);
  const now = ctx.clock.now();
  await ctx.dbh.db.transaction().execute(async (trx) => {
    await lockRow(trx, 'backup_sources', id);
    const res = await scoped(trx, actor)
      .deleteFrom('backup_sources')
      .where('backup_sources.id', '=', id)
      .executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) throw new NotFoundError(WHAT);
    await dropSchedule(unscoped(trx, 'the schedule of a source removed in scope'), syncScheduleKey(id));
    await audit(trx, now, {
      actor,
      action: 'source.removed',
      targetType: 'backup_source',
      targetId: id,
      details: { client_id: Number(found.client_id), ...brief(found) },
      ip,
    });
  });
  return { ok: true as const };
}

export async function syncNow(ctx: AppContext, actor: Actor, rawId: string) {
  const found = await findSource(ctx.dbh.db, actor, rawId);
  const id = Number(found.id);
  const operationId = await ctx.dbh.db.transaction().execute(async (trx) => {
    await lockRow(trx, 'backup_sources', id);
    return startSync(ctx, trx, { ...found, id }, actor);
  });
  ctx.operations.wake();
  return { id, operation_id: operationId };
}
