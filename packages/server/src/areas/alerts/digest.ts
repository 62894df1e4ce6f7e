import {
  type AlertMailKind,
  type AlertSeverity,
  digestMailSubject,
  SEVERITY_WORD,
  zoneOffset,
} from '@lifeboat/contract';
import type { AppContext } from '../../context';
import { sendMail } from '../../mail/smtp';
import type { HandlerFor } from '../../operations/types';
import { unscoped } from '../../scope';
import { CLAIM_MS, failedSend, subjectLink } from './deliver';

// Alert digests (issue 27.3-4): the e-mails a rule holds (hourly, daily, or until its quiet hours
// end) go out as one message per digest. A schedule like the outbox's, in two guarded steps that
// any number of instances may run at once and a restart may repeat:
//  1. gather: per key whose held rows are due, insert the digest (digest_key is unique: one
//     instance's insert wins, the other's does nothing) and move the due held rows of that key
//     to it from 'held' (a row joins one digest only); a digest that gathered nothing is dropped
//     in the same transaction.
//  2. send: claim a queued digest by moving it from the status and attempt count read, send it
//     outside any transaction with the Message-ID of its id (a sender that died after sending is
//     taken over after CLAIM_MS and its resend is dropped by receivers as a duplicate), then mark
//     it and its rows sent, or queue it again with the outbox's backoff.

export const ALERTS_DIGEST = 'alerts.digest';
export const ALERTS_DIGEST_MS = 60_000;
const BATCH = 50;
/** Lines in one digest: a burst beyond this is summed up in a last line (the alerts page has them all). */
export const DIGEST_LINES_MAX = 500;

const why = 'the alert digests gather and send the held e-mail of every tenant';

type Ctx = Pick<AppContext, 'dbh' | 'config'>;
export type DigestOutcome = { gathered: number; sent: number; retried: number };

/** Gather the due held rows into digests; answers how many digests this call made. */
export async function gatherDigests(ctx: Pick<AppContext, 'dbh'>, now: number): Promise<number> {
  const db = unscoped(ctx.dbh.db, why);
  let made = 0;
  const keys = await db
    .selectFrom('alert_mails')
    .select(['digest_key', 'reseller_id', 'digest_period', 'time_zone', 'recipients'])
    .select((eb) => [
      eb.fn.min('next_attempt_at').as('due'),
      eb.fn.min('client_id').as('client_lo'),
      eb.fn.max('client_id').as('client_hi'),
    ])
    .where('status', '=', 'held')
    .where('next_attempt_at', '<=', now)
    .groupBy(['digest_key', 'reseller_id', 'digest_period', 'time_zone', 'recipients'])
    .limit(BATCH)
    .execute();
  for (const k of keys) {
    if (k.digest_key === null) continue;
    const key = k.digest_key;
    await ctx.dbh.db.transaction().execute(async (trx) => {
      const t = unscoped(trx, why);
      // A row held late for a key already gathered (its digest is gone out) makes a digest of its
      // own: the key of a second digest names its first row.
      const taken = await t
        .selectFrom('alert_digests')
        .select('id')
        .where('digest_key', '=', key)
        .executeTakeFirst();
      let digestKey = key;
      if (taken) {
        const first = await t
          .selectFrom('alert_mails')
          .select((eb) => eb.fn.min('id').as('id'))
          .where('digest_key', '=', key)
          .where('status', '=', 'held')
          .executeTakeFirst();
        if (!first?.id) return;
        digestKey = `${key}:${first.id}`;
      }
      const digest = await t
        .insertInto('alert_digests')
        .values({
          digest_key: digestKey,
          reseller_id: Number(k.reseller_id),
          client_id: Number(k.client_lo) === Number(k.client_hi) ? Number(k.client_lo) : 0,
          period: k.digest_period ?? 'hourly',
          due_at: Number(k.due),
          time_zone: k.time_zone ?? 'UTC',
          recipients: k.recipients,
          status: 'queued',
          next_attempt_at: now,
          created_at: now,
        })
        .onConflict((oc) => oc.column('digest_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!digest) return;
      const moved = await t
        .updateTable('alert_mails')
        .set({ status: 'sending', digest_id: Number(digest.id) })
        .where('digest_key', '=', key)
        .where('status', '=', 'held')
        .where('next_attempt_at', '<=', now)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) {
        await t.deleteFrom('alert_digests').where('id', '=', digest.id).execute();
        return;
      }
      made++;
    });
  }
  return made;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-11-20 13:00" in the digest's time zone. */
function local(ms: number, tz: string): string {
  const d = new Date(ms + zoneOffset(ms, tz));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

const VERB: Record<AlertMailKind, string> = {
  opened: 'Opened',
  reopened: 'Back',
  resolved: 'Resolved',
  reminded: 'Reminder',
};

/** The lines of one digest, oldest first, each with its device page. */
async function digestBody(
  ctx: Ctx,
  d: { id: number; time_zone: string; due_at: number },
): Promise<{ text: string; count: number }> {
  const db = unscoped(ctx.dbh.db, why);
  // A burst (a vault outage: thousands of alerts at once) is one digest of a few hundred lines
  // and a sentence for the rest, so only the lines shown are read, and the rest is counted.
  const counted = await db
    .selectFrom('alert_mails')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('digest_id', '=', d.id)
    .executeTakeFirstOrThrow();
  const count = Number(counted.n);
  const rows = await db
    .selectFrom('alert_mails as m')
    .innerJoin('alerts as a', 'a.id', 'm.alert_id')
    .innerJoin('alert_events as e', 'e.id', 'm.event_id')
    .innerJoin('organisations as o', 'o.id', 'm.client_id')
    .select([
      'e.kind',
      'e.at',
      'a.subject_type',
      'a.subject_id',
      'a.client_id',
      'a.reseller_id',
      'a.subject_name',
      'a.severity',
      'a.summary',
      'o.name as client_name',
    ])
    .where('m.digest_id', '=', d.id)
    .orderBy('e.at')
    .orderBy('m.id')
    .limit(DIGEST_LINES_MAX)
    .execute();
  const first = rows[0] ? Number(rows[0].at) : d.due_at;
  const lines = rows.map((r) => {
    const kind = r.kind as AlertMailKind;
    // The single e-mail's filter words: "Resolved:", or the severity's after Opened / Back.
    const word =
      kind === 'resolved'
        ? 'Resolved'
        : `${VERB[kind] ?? kind}  ${SEVERITY_WORD[r.severity as AlertSeverity] ?? 'Notice'}`;
    const link = subjectLink(ctx.config.publicUrl, r);
    return `${local(Number(r.at), d.time_zone)}  ${word}: ${r.subject_name} (${r.client_name}) ${r.summary}\n    ${link}`;
  });
  if (count > rows.length)
    lines.push(`... and ${count - rows.length} more changes: the Alerts page lists them all.`);
  const text =
    `Alert changes from ${local(first, d.time_zone)} to ${local(d.due_at, d.time_zone)} (${d.time_zone}), oldest first:\n\n` +
    `${lines.join('\n\n')}\n`;
  return { text, count };
}

/** Send the queued digests (claimed one by one). */
export async function sendDigests(ctx: Ctx, now: number, out: DigestOutcome): Promise<void> {
  const db = unscoped(ctx.dbh.db, why);
  const due = await db
    .selectFrom('alert_digests as d')
    .innerJoin('organisations as r', 'r.id', 'd.reseller_id')
    .leftJoin('organisations as c', 'c.id', 'd.client_id')
    .select([
      'd.id',
      'd.status',
      'd.attempts',
      'd.period',
      'd.recipients',
      'd.time_zone',
      'd.due_at',
      'r.name as reseller_name',
      'c.name as client_name',
    ])
    .where((eb) =>
      eb.or([
        eb.and([eb('d.status', '=', 'queued'), eb('d.next_attempt_at', '<=', now)]),
        eb.and([eb('d.status', '=', 'sending'), eb('d.claimed_until', '<', now)]),
      ]),
    )
    .orderBy('d.id')
    .limit(BATCH)
    .execute();
  for (const d of due) {
    const attempts = Number(d.attempts) + 1;
    const claimed = await db
      .updateTable('alert_digests')
      .set({ status: 'sending', attempts, claimed_until: now + CLAIM_MS })
      .where('id', '=', d.id)
      .where('status', '=', d.status)
      .where('attempts', '=', d.attempts)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    try {
      const body = await digestBody(ctx, {
        id: Number(d.id),
        time_zone: d.time_zone,
        due_at: Number(d.due_at),
      });
      await sendMail(ctx.config, {
        to: JSON.parse(d.recipients) as string[],
        subject: digestMailSubject({
          period: d.period,
          count: body.count,
          orgName: d.client_name ?? d.reseller_name,
        }),
        text: body.text,
        messageId: `<alert-digest-${d.id}@lifeboat>`,
      });
      await ctx.dbh.db.transaction().execute(async (trx) => {
        const t = unscoped(trx, why);
        const done = await t
          .updateTable('alert_digests')
          .set({ status: 'sent', sent_at: now, claimed_until: null, error: null })
          .where('id', '=', d.id)
          .where('status', '=', 'sending')
          .where('attempts', '=', attempts)
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) === 1)
          await t
            .updateTable('alert_mails')
            .set({ status: 'sent', sent_at: now })
            .where('digest_id', '=', Number(d.id))
            .execute();
      });
      out.sent++;
    } catch (err) {
      const { last, error, set } = failedSend(err, attempts, now);
      await db
        .updateTable('alert_digests')
        .set(set)
        .where('id', '=', d.id)
        .where('status', '=', 'sending')
        .where('attempts', '=', attempts)
        .execute();
      if (last)
        await db
          .updateTable('alert_mails')
          .set({ status: 'failed', error })
          .where('digest_id', '=', Number(d.id))
          .execute();
      else out.retried++;
    }
  }
}

/** One run of the schedule: gather what is due, then send. */
export async function runDigests(ctx: Ctx, now: number): Promise<DigestOutcome> {
  const out: DigestOutcome = { gathered: 0, sent: 0, retried: 0 };
  out.gathered = await gatherDigests(ctx, now);
  await sendDigests(ctx, now, out);
  return out;
}

export function registerAlertDigests(ctx: Pick<AppContext, 'dbh' | 'config' | 'operations'>): void {
  const handler: HandlerFor<typeof ALERTS_DIGEST> = async ({ clock }) => runDigests(ctx, clock.now());
  ctx.operations.register(ALERTS_DIGEST, handler);
  ctx.operations.every({ key: ALERTS_DIGEST, kind: ALERTS_DIGEST, input: {}, everyMs: ALERTS_DIGEST_MS });
}
