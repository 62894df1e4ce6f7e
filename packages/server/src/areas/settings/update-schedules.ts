import { type UpdateSchedule, type Weekday, windowText } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { BadRequestError, NotFoundError } from '../../http/errors';
import { type Actor, parseId, scoped } from '../../scope';
import { loadOrg } from './thresholds';

// Appliance update schedules (issue 17.6; recovery-flow 7 'Update schedule', 8 'Add-appliances
// warnings'): a reseller's weekly windows; an appliance is in at most one. Changes are audited.

type Db = Kysely<Database>;
type ScheduleRow = {
  id: number;
  organisation_id: number;
  name: string;
  day: string;
  start: string;
  hours: number;
};

const scheduleColumns = [
  'update_schedules.id',
  'update_schedules.organisation_id',
  'update_schedules.name',
  'update_schedules.day',
  'update_schedules.start',
  'update_schedules.hours',
] as const;

const plain = (r: ScheduleRow) => ({
  id: Number(r.id),
  name: r.name,
  day: r.day as Weekday,
  start: r.start,
  hours: Number(r.hours),
  window: windowText(r.day as Weekday, r.start, Number(r.hours)),
});

/** Schedules of a reseller with the appliances the actor sees in each. */
async function schedulesOf(db: Db, actor: Actor, resellerId: number): Promise<UpdateSchedule[]> {
  const rows = await scoped(db, actor)
    .selectFrom('update_schedules')
    .select(scheduleColumns)
    .where('update_schedules.organisation_id', '=', resellerId)
    .orderBy('update_schedules.name')
    .orderBy('update_schedules.id')
    .execute();
  if (rows.length === 0) return [];
  const members = await scoped(db, actor)
    .selectFrom('update_schedule_appliances as usa')
    .innerJoin('appliances', 'appliances.id', 'usa.appliance_id')
    .innerJoin('organisations', 'organisations.id', 'appliances.client_id')
    .select([
      'usa.schedule_id',
      'appliances.id',
      'appliances.sid',
      'appliances.name',
      'organisations.name as client_name',
    ])
    .where(
      'usa.schedule_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('appliances.name_lc')
    .execute();
  return rows.map((r) => ({
    ...plain(r),
    appliances: members
      .filter((m) => Number(m.schedule_id) === Number(r.id))
      .map((m) => ({ id: Number(m.id), sid: m.sid, name: m.name, client_name: m.client_name })),
  }));
}

async function listAnswer(ctx: AppContext, actor: Actor, reseller: { id: number; name: string }) {
  return {
    ok: true as const,
    reseller_id: reseller.id,
    name: reseller.name,
    can_edit: actor.rights.has('manage_settings'),
    schedules: await schedulesOf(ctx.dbh.db, actor, reseller.id),
  };
}

export async function updateSchedules(ctx: AppContext, actor: Actor, rawId: string) {
  return listAnswer(ctx, actor, await loadOrg(ctx.dbh.db, actor, 'reseller', rawId));
}

/** A schedule in scope: 404 outside it (a client's users see none). */
async function loadSchedule(db: Db, actor: Actor, rawId: string | number): Promise<ScheduleRow> {
  const id = typeof rawId === 'number' ? rawId : parseId(rawId, 'This update schedule');
  const row = await scoped(db, actor)
    .selectFrom('update_schedules')
    .select(scheduleColumns)
    .where('update_schedules.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('This update schedule');
  return row;
}

async function resellerOf(db: Db, actor: Actor, s: ScheduleRow) {
  return loadOrg(db, actor, 'reseller', String(s.organisation_id));
}

export async function saveUpdateSchedule(
  ctx: AppContext,
  actor: Actor,
  rawId: string,
  body: { update_schedule_id?: number; name: string; day: Weekday; start: string; hours: number },
  ip: string,
) {
  const { db } = ctx.dbh;
  const reseller = await loadOrg(db, actor, 'reseller', rawId);
  const now = ctx.clock.now();
  await db.transaction().execute(async (trx) => {
    const old =
      body.update_schedule_id === undefined
        ? undefined
        : await loadSchedule(trx, actor, body.update_schedule_id);
    if (old && Number(old.organisation_id) !== reseller.id) throw new NotFoundError('This update schedule');
    const taken = await scoped(trx, actor)
      .selectFrom('update_schedules')
      .select('update_schedules.id')
      .where('update_schedules.organisation_id', '=', reseller.id)
      .where('update_schedules.name', '=', body.name)
      .executeTakeFirst();
    if (taken && Number(taken.id) !== body.update_schedule_id) {
      const m = 'Another update schedule already has this name.';
      throw new BadRequestError(m, { name: m });
    }
    const values = { name: body.name, day: body.day, start: body.start, hours: body.hours, updated_at: now };
    let id: number;
    if (old) {
      id = Number(old.id);
      await scoped(trx, actor)
        .updateTable('update_schedules')
        .set(values)
        .where('update_schedules.id', '=', id)
        .execute();
    } else {
      const row = await scoped(trx, actor, { id: reseller.id })
        .insertInto('update_schedules')
        .values({ ...values, organisation_id: reseller.id, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = Number(row.id);
    }
    const view = (v: { name: string; day: string; start: string; hours: number }) => ({
      name: v.name,
      window: windowText(v.day as Weekday, v.start, Number(v.hours)),
    });
    await audit(trx, now, {
      actor,
      action: old ? 'settings.update_schedule_changed' : 'settings.update_schedule_added',
      targetType: 'update_schedule',
      targetId: id,
      details: { reseller: reseller.name, old: old ? view(old) : null, new: view(body) },
      ip,
    });
  });
  return listAnswer(ctx, actor, reseller);
}

export async function deleteUpdateSchedule(ctx: AppContext, actor: Actor, rawId: string, ip: string) {
  const { db } = ctx.dbh;
  const s = await loadSchedule(db, actor, rawId);
  const reseller = await resellerOf(db, actor, s);
  const now = ctx.clock.now();
  await db.transaction().execute(async (trx) => {
    const before = (await schedulesOf(trx, actor, reseller.id)).find((x) => x.id === Number(s.id));
    await scoped(trx, actor)
      .deleteFrom('update_schedule_appliances')
      .where('update_schedule_appliances.schedule_id', '=', Number(s.id))
      .execute();
    await scoped(trx, actor)
      .deleteFrom('update_schedules')
      .where('update_schedules.id', '=', Number(s.id))
      .execute();
    await audit(trx, now, {
      actor,
      action: 'settings.update_schedule_deleted',
      targetType: 'update_schedule',
      targetId: Number(s.id),
      details: {
        reseller: reseller.name,
        old: {
          name: s.name,
          window: plain(s).window,
          appliances: before?.appliances.map((a) => a.sid) ?? [],
        },
        new: null,
      },
      ip,
    });
  });
  return listAnswer(ctx, actor, reseller);
}

/** recovery-flow 7: what the add-appliances dialog shows. */
export async function addSidsDialog(ctx: AppContext, actor: Actor, rawId: string) {
  const { db } = ctx.dbh;
  const s = await loadSchedule(db, actor, rawId);
  const all = await schedulesOf(db, actor, Number(s.organisation_id));
  const schedule = all.find((x) => x.id === Number(s.id));
  if (!schedule) throw new NotFoundError('This update schedule');
  return {
    ok: true as const,
    title: `Add appliances to ${s.name}`,
    help: 'Enter the identifiers of the appliances, separated by commas. Each one installs its updates in this window from now on.',
    schedule,
  };
}

/**
 * recovery-flow 7 save_appliances: add each identifier that names an appliance of this reseller
 * not yet in another schedule; a warning for each other one (8: shown with a title, each warning).
 * An identifier of another tenant's appliance reads as unknown to someone who cannot see it, and
 * as another tenant's to staff who can: nothing is told about what the actor cannot see.
 */
export async function saveAppliances(
  ctx: AppContext,
  actor: Actor,
  body: { app_sids: string[]; update_schedule_id: number },
  ip: string,
) {
  const { db } = ctx.dbh;
  const s = await loadSchedule(db, actor, body.update_schedule_id);
  const reseller = await resellerOf(db, actor, s);
  const now = ctx.clock.now();
  const warnings: string[] = [];
  const added: string[] = [];
  await db.transaction().execute(async (trx) => {
    const found = await scoped(trx, actor)
      .selectFrom('appliances')
      .leftJoin('update_schedule_appliances as usa', 'usa.appliance_id', 'appliances.id')
      .leftJoin('update_schedules as other', 'other.id', 'usa.schedule_id')
      .select([
        'appliances.id',
        'appliances.sid',
        'appliances.reseller_id',
        'appliances.client_id',
        'usa.schedule_id',
        'other.name as schedule_name',
      ])
      .where('appliances.sid', 'in', body.app_sids)
      .execute();
    for (const sid of body.app_sids) {
      const a = found.find((f) => f.sid === sid);
      if (!a) warnings.push(`${sid}: no appliance has this identifier.`);
      else if (Number(a.reseller_id) !== reseller.id)
        warnings.push(
          `${sid}: this appliance belongs to another reseller's client, so it cannot join this schedule.`,
        );
      else if (a.schedule_id !== null && Number(a.schedule_id) !== Number(s.id))
        warnings.push(
          `${sid}: this appliance is already in the schedule ${a.schedule_name ?? 'of another reseller'}; take it out there first.`,
        );
      else if (a.schedule_id !== null) warnings.push(`${sid}: this appliance is already in this schedule.`);
      else {
        await scoped(trx, actor, { id: Number(a.id), reseller_id: a.reseller_id, client_id: a.client_id })
          .insertInto('update_schedule_appliances')
          .values({
            appliance_id: Number(a.id),
            schedule_id: Number(s.id),
            reseller_id: Number(a.reseller_id),
            client_id: Number(a.client_id),
            added_at: now,
          })
          .execute();
        added.push(sid);
      }
    }
    if (added.length)
      await audit(trx, now, {
        actor,
        action: 'settings.update_schedule_appliances',
        targetType: 'update_schedule',
        targetId: Number(s.id),
        details: { schedule: s.name, added, old: null, new: added },
        ip,
      });
  });
  const schedule = (await schedulesOf(db, actor, reseller.id)).find((x) => x.id === Number(s.id));
  if (!schedule) throw new NotFoundError('This update schedule');
  return { ok: true as const, warnings, added, schedule };
}

export async function removeScheduleAppliance(
  ctx: AppContext,
  actor: Actor,
  rawId: string,
  applianceId: number,
  ip: string,
) {
  const { db } = ctx.dbh;
  const s = await loadSchedule(db, actor, rawId);
  const member = await scoped(db, actor)
    .selectFrom('update_schedule_appliances as usa')
    .innerJoin('appliances', 'appliances.id', 'usa.appliance_id')
    .select(['usa.appliance_id', 'appliances.sid'])
    .where('usa.appliance_id', '=', applianceId)
    .where('usa.schedule_id', '=', Number(s.id))
    .executeTakeFirst();
  if (!member) throw new NotFoundError('This appliance');
  const reseller = await resellerOf(db, actor, s);
  const now = ctx.clock.now();
  await db.transaction().execute(async (trx) => {
    await scoped(trx, actor)
      .deleteFrom('update_schedule_appliances')
      .where('update_schedule_appliances.appliance_id', '=', applianceId)
      .execute();
    await audit(trx, now, {
      actor,
      action: 'settings.update_schedule_appliances',
      targetType: 'update_schedule',
      targetId: Number(s.id),
      details: { schedule: s.name, old: [member.sid], new: [] },
      ip,
    });
  });
  return listAnswer(ctx, actor, reseller);
}

/** The schedule an appliance is in (the appliance pages; a client's user sees its own's too). */
export async function applianceSchedule(ctx: AppContext, actor: Actor, rawId: string) {
  const { db } = ctx.dbh;
  const id = parseId(rawId, 'This appliance');
  const appliance = await scoped(db, actor)
    .selectFrom('appliances')
    .select('appliances.id')
    .where('appliances.id', '=', id)
    .executeTakeFirst();
  if (!appliance) throw new NotFoundError('This appliance');
  // Read through the appliance's own membership row (scoped), whose schedule a client's user
  // may not list but may know by name.
  const row = await scoped(db, actor)
    .selectFrom('update_schedule_appliances as usa')
    .innerJoin('update_schedules', 'update_schedules.id', 'usa.schedule_id')
    .select(scheduleColumns)
    .where('usa.appliance_id', '=', id)
    .executeTakeFirst();
  return { ok: true as const, schedule: row ? plain(row) : null };
}
