import { ALERT_REOPEN_GRACE_MS, ALERT_SUBJECT_TYPES, type AlertState, alertStep } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Insertable, Kysely, Transaction } from 'kysely';
import { nextTurn } from '../../operations/turn';
import { unscoped } from '../../scope';
import { BATCH, type Observation, type RuleOf } from './observe';
import { queueMails } from './outbox';
import { markQuiet } from './quiet';
import { loadRules } from './rules';
import { queueWebhooks } from './webhooks/queue';

// Applying an evaluation's observations (alertStep decides, these statements make it so). Every
// write is fenced by the state it was decided on, so two evaluations at the same time (two
// instances, a re-run after a crash) make each transition once: the partial unique index
// alerts_one_open keeps one open alert per condition and subject (the loser's insert does
// nothing), an update needs last_seen_at < now, a reopen the resolved_at it read, a resolve an
// open alert not seen at `now`. Each transition's timeline event is written in the same
// transaction as the transition, by the one evaluation that made it.

export interface Tally {
  opened: number;
  reopened: number;
  updated: number;
  resolved: number;
}

export const emptyTally = (): Tally => ({ opened: 0, reopened: 0, updated: 0, resolved: 0 });

type Event = Insertable<Database['alert_events']>;

interface Existing extends AlertState {
  id: number;
}

const why = 'the alerts evaluation writes the alerts of every tenant';
const keyOf = (condition: string, type: string, id: number) => `${condition}:${type}:${id}`;

/** The newest alert of each (condition, subject) that a step may depend on: open, or resolved within the grace. */
async function existingAlerts(
  db: Kysely<Database>,
  obs: readonly Observation[],
  now: number,
): Promise<Map<string, Existing>> {
  const out = new Map<string, Existing>();
  for (const type of ALERT_SUBJECT_TYPES) {
    const ids = [...new Set(obs.filter((o) => o.subjectType === type).map((o) => o.subjectId))];
    if (ids.length === 0) continue;
    const rows = await unscoped(db, why)
      .selectFrom('alerts')
      .select(['id', 'condition', 'subject_id', 'resolved_at', 'last_seen_at'])
      .where('subject_type', '=', type)
      .where('subject_id', 'in', ids)
      .where((eb) =>
        eb.or([eb('resolved_at', 'is', null), eb('resolved_at', '>=', now - ALERT_REOPEN_GRACE_MS)]),
      )
      .orderBy('id')
      .execute();
    for (const r of rows) {
      const key = keyOf(r.condition, type, Number(r.subject_id));
      const known = out.get(key);
      // The open one wins over a resolved one; among resolved ones the newest.
      if (known && known.resolvedAt === null) continue;
      out.set(key, {
        id: Number(r.id),
        resolvedAt: r.resolved_at === null ? null : Number(r.resolved_at),
        lastSeenAt: Number(r.last_seen_at),
      });
    }
  }
  return out;
}

const event = (
  a: { id: number | bigint; reseller_id: number | bigint; client_id: number | bigint },
  at: number,
  kind: Event['kind'],
  detail: string | null = null,
): Event => ({
  alert_id: Number(a.id),
  reseller_id: Number(a.reseller_id),
  client_id: Number(a.client_id),
  at,
  kind,
  detail,
});

/** Record the transitions' timeline events and queue their e-mails and webhooks, in the transition's transaction. */
async function addEvents(
  trx: Transaction<Database>,
  events: Event[],
  ruleOf: RuleOf,
  now: number,
): Promise<void> {
  if (events.length === 0) return;
  // Snoozed or in maintenance: recorded (the detail says why), nobody told.
  const quiet = await markQuiet(trx, events, now);
  const rows = await unscoped(trx, why)
    .insertInto('alert_events')
    .values(events)
    .returning(['id', 'alert_id', 'reseller_id', 'client_id', 'kind'])
    .execute();
  // A snoozed subject's transitions are recorded but told to no one: no mail, no webhook.
  const loud = rows.filter((r) => !quiet.has(Number(r.alert_id)));
  if (loud.length === 0) return;
  // The rule routes by the alert's severity (issue 27.3).
  const severities = await unscoped(trx, why)
    .selectFrom('alerts')
    .select(['id', 'severity'])
    .where('id', 'in', [...new Set(loud.map((r) => Number(r.alert_id)))])
    .execute();
  const severityOf = new Map(severities.map((a) => [Number(a.id), a.severity]));
  const told = loud.map((r) => ({
    id: Number(r.id),
    alert_id: Number(r.alert_id),
    reseller_id: Number(r.reseller_id),
    client_id: Number(r.client_id),
    kind: r.kind,
    severity: severityOf.get(Number(r.alert_id)) ?? 'info',
  }));
  await queueMails(trx, told, ruleOf, now);
  await queueWebhooks(trx, told, ruleOf, now);
}

/** Open, update or reopen the alerts of conditions that hold (one batch of subjects). */
export async function applyHolding(
  db: Kysely<Database>,
  obs: readonly Observation[],
  ruleOf: RuleOf,
  now: number,
  tally: Tally,
): Promise<void> {
  if (obs.length === 0) return;
  const existing = await existingAlerts(db, obs, now);
  const inserts: Insertable<Database['alerts']>[] = [];
  const updates: number[] = [];
  const reopens: Existing[] = [];
  for (const o of obs) {
    const known = existing.get(keyOf(o.condition, o.subjectType, o.subjectId)) ?? null;
    const step = alertStep(known, true, now);
    if (step === 'open') {
      inserts.push({
        reseller_id: o.resellerId,
        client_id: o.clientId,
        condition: o.condition,
        subject_type: o.subjectType,
        subject_id: o.subjectId,
        subject_name: o.subjectName,
        severity: o.severity,
        summary: o.summary,
        opened_at: now,
        last_seen_at: now,
        count: 1,
        resolved_at: null,
        // Reminders count from the opening (remind.ts).
        told_at: now,
      });
    } else if (step === 'update' && known) updates.push(known.id);
    else if (step === 'reopen' && known) reopens.push(known);
  }
  await db.transaction().execute(async (trx) => {
    const u = unscoped(trx, why);
    const events: Event[] = [];
    if (inserts.length > 0) {
      const opened = await u
        .insertInto('alerts')
        .values(inserts)
        .onConflict((oc) => oc.doNothing())
        .returning(['id', 'reseller_id', 'client_id'])
        .execute();
      for (const a of opened) events.push(event(a, now, 'opened'));
      tally.opened += opened.length;
    }
    if (updates.length > 0) {
      const r = await u
        .updateTable('alerts')
        .set((eb) => ({ count: eb('count', '+', 1), last_seen_at: now }))
        .where('id', 'in', updates)
        .where('resolved_at', 'is', null)
        .where('last_seen_at', '<', now)
        .executeTakeFirst();
      tally.updated += Number(r.numUpdatedRows);
    }
    for (const k of reopens) {
      const a = await u
        .updateTable('alerts')
        .set((eb) => ({
          resolved_at: null,
          count: eb('count', '+', 1),
          last_seen_at: now,
          told_at: now,
          // A returning condition is news: its acknowledgement ends (the timeline keeps it).
          acknowledged_at: null,
          acknowledged_by: null,
          acknowledged_by_name: null,
        }))
        .where('id', '=', k.id)
        .where('resolved_at', '=', k.resolvedAt)
        .returning(['id', 'reseller_id', 'client_id'])
        .executeTakeFirst();
      if (a) {
        events.push(event(a, now, 'reopened'));
        tally.reopened++;
      }
    }
    await addEvents(trx, events, ruleOf, now);
  });
}

/** Resolve the open alerts that the evaluation at `now` did not see (their condition cleared). */
export async function resolveCleared(db: Kysely<Database>, now: number, tally: Tally): Promise<void> {
  for (;;) {
    const due = await unscoped(db, why)
      .selectFrom('alerts')
      .select(['id', 'reseller_id', 'client_id', 'resolved_at', 'last_seen_at'])
      .where('resolved_at', 'is', null)
      .where('last_seen_at', '<', now)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    const ids = due
      .filter(
        (a) => alertStep({ resolvedAt: null, lastSeenAt: Number(a.last_seen_at) }, false, now) === 'resolve',
      )
      .map((a) => Number(a.id));
    if (ids.length === 0) return;
    const ruleOf = await loadRules(
      db,
      due.map((a) => ({ reseller_id: Number(a.reseller_id), client_id: Number(a.client_id) })),
    );
    await db.transaction().execute(async (trx) => {
      const resolved = await unscoped(trx, why)
        .updateTable('alerts')
        .set({ resolved_at: now })
        .where('id', 'in', ids)
        .where('resolved_at', 'is', null)
        .where('last_seen_at', '<', now)
        .returning(['id', 'reseller_id', 'client_id'])
        .execute();
      await addEvents(
        trx,
        resolved.map((a) => event(a, now, 'resolved')),
        ruleOf,
        now,
      );
      tally.resolved += resolved.length;
    });
    await nextTurn();
  }
}
