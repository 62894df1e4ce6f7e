import {
  type AcknowledgeBody,
  type AlertTimelineAnswer,
  type CreateSnoozeBody,
  type createSnoozeBody,
  LIST_COUNT_CAP,
  SNOOZE_MAX_DAYS,
  SNOOZE_MAX_MS,
  type SnoozeListAnswer,
  type SnoozeRow,
  type snoozeListQuery,
  TABLE_ROWS_DEFAULT,
} from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { z } from 'zod';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { BadRequestError, ConflictError, NotFoundError } from '../../http/errors';
import { type Actor, findInScope, findOrgInScope, parseId, scoped, unscoped } from '../../scope';
import { alertTimeline, loadAlert, noteDetail, pageTotal } from './list';

// Acknowledging an alert and snoozing alerts (issue 27.2). An acknowledgement is fenced by the
// state it was decided on (open, not yet acknowledged), so two technicians clicking at once make
// one; its event carries who and the note. A snooze or maintenance window is a row the
// evaluation reads when it makes a transition (quiet.ts). Each is audited in its transaction.

type Ctx = Pick<AppContext, 'dbh' | 'clock'>;

/** POST acknowledge: the alert stops reminding; who, when and the note go into its timeline. */
export async function acknowledgeAlert(
  ctx: Ctx,
  actor: Actor,
  rawId: string,
  body: AcknowledgeBody,
  ip: string,
): Promise<AlertTimelineAnswer> {
  const db = ctx.dbh.db;
  const a = await loadAlert(db, actor, rawId);
  if (a.resolved_at !== null)
    throw new ConflictError('This alert has resolved: there is nothing left to acknowledge.');
  if (a.acknowledged_at !== null)
    throw new ConflictError(`${a.acknowledged_by_name ?? 'Someone'} has already acknowledged this alert.`);
  const now = ctx.clock.now();
  const parent = { id: Number(a.id), reseller_id: Number(a.reseller_id), client_id: Number(a.client_id) };
  await db.transaction().execute(async (trx) => {
    const s = scoped(trx, actor, parent);
    const r = await s
      .updateTable('alerts as a')
      .set({ acknowledged_at: now, acknowledged_by: actor.userId, acknowledged_by_name: actor.name })
      .where('a.id', '=', Number(a.id))
      .where('a.resolved_at', 'is', null)
      .where('a.acknowledged_at', 'is', null)
      .executeTakeFirst();
    // Another technician (or the alert's resolution) came first.
    if (Number(r.numUpdatedRows) !== 1) throw new ConflictError('This alert changed meanwhile: look again.');
    // Acknowledging stops reminders, also one made but not yet gone out (waiting for its digest,
    // quiet hours, or the outbox): it and its timeline event go; one being sent stays.
    // The alert was found in the actor's scope above; its own rows are fenced by its id.
    const u = unscoped(trx, 'acknowledging drops the alert’s own reminders not yet sent');
    const unsent = await u
      .selectFrom('alert_mails as m')
      .innerJoin('alert_events as e', 'e.id', 'm.event_id')
      .select(['m.id', 'm.event_id'])
      .where('m.alert_id', '=', Number(a.id))
      .where('e.kind', '=', 'reminded')
      .where('m.status', 'in', ['queued', 'held'])
      .where('m.digest_id', 'is', null)
      .execute();
    if (unsent.length > 0) {
      const dropped = await u
        .deleteFrom('alert_mails')
        .where('alert_id', '=', Number(a.id))
        .where(
          'id',
          'in',
          unsent.map((m) => Number(m.id)),
        )
        .where('status', 'in', ['queued', 'held'])
        .where('digest_id', 'is', null)
        .returning('event_id')
        .execute();
      if (dropped.length > 0)
        await u
          .deleteFrom('alert_events')
          .where('alert_id', '=', Number(a.id))
          .where(
            'id',
            'in',
            dropped.map((m) => Number(m.event_id)),
          )
          .execute();
    }
    await s
      .insertInto('alert_events')
      .values({
        alert_id: Number(a.id),
        reseller_id: parent.reseller_id,
        client_id: parent.client_id,
        at: now,
        kind: 'acknowledged',
        detail: noteDetail(body.note),
        by_name: actor.name,
      })
      .execute();
    await audit(trx, now, {
      actor,
      action: 'alerts.acknowledge',
      targetType: 'alert',
      targetId: Number(a.id),
      details: {
        subject: a.subject_name,
        client: a.client_name,
        summary: a.summary,
        note: body.note ?? null,
      },
      ip,
    });
  });
  return alertTimeline(db, actor, String(a.id));
}

interface Target {
  type: SnoozeRow['target_type'];
  id: number;
  name: string;
  reseller_id: number;
  /** 0 for a reseller. */
  client_id: number;
}

/** The one target of a snooze, each named id loaded in the actor's scope first (404 before 400). */
async function snoozeTarget(
  db: Kysely<Database>,
  actor: Actor,
  b: z.output<typeof createSnoozeBody>,
): Promise<Target> {
  const found: Target[] = [];
  if (b.system_id !== undefined) {
    const s = await findInScope(
      db,
      actor,
      'protected_systems',
      parseId(b.system_id, 'This system'),
      'This system',
    );
    found.push({
      type: 'system',
      id: Number(s.id),
      name: s.name,
      reseller_id: Number(s.reseller_id),
      client_id: Number(s.client_id),
    });
  }
  if (b.appliance_id !== undefined) {
    const s = await findInScope(
      db,
      actor,
      'appliances',
      parseId(b.appliance_id, 'This appliance'),
      'This appliance',
    );
    found.push({
      type: 'appliance',
      id: Number(s.id),
      name: s.name,
      reseller_id: Number(s.reseller_id),
      client_id: Number(s.client_id),
    });
  }
  if (b.client_id !== undefined) {
    const o = await findOrgInScope(db, actor, parseId(b.client_id, 'This client'), 'This client');
    if (o.kind !== 'client' || o.reseller_id === null) throw new NotFoundError('This client');
    found.push({
      type: 'client',
      id: Number(o.id),
      name: o.name,
      reseller_id: Number(o.reseller_id),
      client_id: Number(o.id),
    });
  }
  if (b.reseller_id !== undefined) {
    const o = await findOrgInScope(db, actor, parseId(b.reseller_id, 'This reseller'), 'This reseller');
    if (o.kind !== 'reseller') throw new NotFoundError('This reseller');
    found.push({ type: 'reseller', id: Number(o.id), name: o.name, reseller_id: Number(o.id), client_id: 0 });
  }
  const [one, ...more] = found;
  if (!one || more.length > 0)
    throw new BadRequestError('Choose one system, appliance, client or reseller to silence.');
  return one;
}

const toSnoozeRow = (r: Selectable<Database['alert_snoozes']>, now: number): SnoozeRow => ({
  id: Number(r.id),
  kind: r.kind,
  target_type: r.target_type,
  target_id: Number(r.target_id),
  target_name: r.target_name,
  starts_at: Number(r.starts_at),
  ends_at: Number(r.ends_at),
  reason: r.reason,
  created_by: r.created_by_name,
  created_at: Number(r.created_at),
  active: Number(r.starts_at) <= now && now < Number(r.ends_at),
});

/** Maintenance windows are planned at most this far ahead. */
const PLAN_AHEAD_MS = 90 * 24 * 3_600_000;

/** POST a snooze (now until ends_at) or a maintenance window (starts_at to ends_at). */
export async function createSnooze(
  ctx: Ctx,
  actor: Actor,
  body: CreateSnoozeBody,
  ip: string,
): Promise<SnoozeRow> {
  const db = ctx.dbh.db;
  const b = body as z.output<typeof createSnoozeBody>;
  const target = await snoozeTarget(db, actor, b);
  const now = ctx.clock.now();
  const starts = b.kind === 'snooze' ? now : (b.starts_at ?? now);
  const fields: Record<string, string> = {};
  if (b.kind === 'maintenance' && b.starts_at === undefined)
    fields.starts_at = 'Choose when the window starts.';
  else if (starts > now + PLAN_AHEAD_MS) fields.starts_at = 'Plan a window at most 90 days ahead.';
  if (b.ends_at <= Math.max(now, starts)) fields.ends_at = 'Choose an end after the start, in the future.';
  else if (b.ends_at - Math.max(now, starts) > SNOOZE_MAX_MS)
    fields.ends_at = `Silence alerts for at most ${SNOOZE_MAX_DAYS} days at a time.`;
  if (Object.keys(fields).length > 0) throw new BadRequestError(Object.values(fields)[0] as string, fields);
  const row = await db.transaction().execute(async (trx) => {
    const inserted = await scoped(trx, actor, {
      id: target.id,
      reseller_id: target.reseller_id,
      client_id: target.client_id,
    })
      .insertInto('alert_snoozes')
      .values({
        reseller_id: target.reseller_id,
        client_id: target.client_id,
        target_type: target.type,
        target_id: target.id,
        target_name: target.name,
        kind: b.kind,
        starts_at: starts,
        ends_at: b.ends_at,
        reason: b.reason,
        created_by: actor.userId,
        created_by_name: actor.name,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, now, {
      actor,
      action: b.kind === 'snooze' ? 'alerts.snooze' : 'alerts.maintenance',
      targetType:
        target.type === 'system'
          ? 'protected_system'
          : target.type === 'appliance'
            ? 'appliance'
            : 'organisation',
      targetId: target.id,
      details: { name: target.name, from: starts, until: b.ends_at, reason: b.reason },
      ip,
    });
    return inserted;
  });
  return toSnoozeRow(row, now);
}

/** POST end: a holding snooze ends now, a coming window is dropped (both keep their row). */
export async function endSnooze(ctx: Ctx, actor: Actor, rawId: string, ip: string): Promise<SnoozeRow> {
  const db = ctx.dbh.db;
  const id = parseId(rawId, 'This snooze');
  const found = await scoped(db, actor)
    .selectFrom('alert_snoozes as s')
    .selectAll('s')
    .where('s.id', '=', id)
    .executeTakeFirst();
  if (!found) throw new NotFoundError('This snooze');
  const now = ctx.clock.now();
  if (Number(found.ends_at) <= now) throw new ConflictError('This silence is already over.');
  const row = await db.transaction().execute(async (trx) => {
    const r = await scoped(trx, actor)
      .updateTable('alert_snoozes as s')
      .set({
        ends_at: now,
        starts_at: sql<number>`case when s.starts_at > ${now} then ${now} else s.starts_at end`,
      })
      .where('s.id', '=', id)
      .where('s.ends_at', '>', now)
      .returningAll()
      .executeTakeFirst();
    if (!r) throw new ConflictError('This silence is already over.');
    await audit(trx, now, {
      actor,
      action: 'alerts.snooze_end',
      targetType: 'alert_snooze',
      targetId: id,
      details: { name: found.target_name, kind: found.kind },
      ip,
    });
    return r;
  });
  return toSnoozeRow(row, now);
}

/** GET the snoozes and windows that hold now or are still to come, soonest ending first. */
export async function listSnoozes(
  ctx: Ctx,
  actor: Actor,
  q: z.output<typeof snoozeListQuery>,
): Promise<SnoozeListAnswer> {
  const db = ctx.dbh.db;
  const now = ctx.clock.now();
  const page = q.page ?? 1;
  const rows = q.rows ?? TABLE_ROWS_DEFAULT;
  const base = () => scoped(db, actor).selectFrom('alert_snoozes as s').where('s.ends_at', '>', now);
  const found = await base()
    .selectAll('s')
    .orderBy('s.ends_at')
    .orderBy('s.id')
    .limit(rows)
    .offset((page - 1) * rows)
    .execute();
  const total = await pageTotal(db, { page, rows, found: found.length }, () =>
    base()
      .select('s.id')
      .limit(LIST_COUNT_CAP + 1),
  );
  return {
    content: found.map((r) => toSnoozeRow(r, now)),
    records_count: total.count,
    records_count_capped: total.capped,
    empty_desc: 'Nothing is snoozed: every alert reaches its people.',
  };
}
