import { type AlertMailKind, alertMailSubject, alertSubjectPath } from '@lifeboat/contract';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { sendMail } from '../../mail/smtp';
import type { HandlerFor } from '../../operations/types';
import { unscoped } from '../../scope';

// Delivery of the alert e-mail outbox (issue 27.4), a schedule like the evaluation: due rows in
// id order (an alert's later message waits for its earlier unsent one), each claimed by moving it
// from the status and attempt count read (two deliveries never both send it), sent outside any
// transaction, then marked sent, or queued again with backoff. A sender that dies after sending
// and before marking leaves a claimed row whose claim lapses: it is sent again with the same
// Message-ID (the row's id), which receivers drop as a duplicate (as the reports' mail does).

export const ALERTS_DELIVER = 'alerts.deliver';
export const ALERTS_DELIVER_MS = 15_000;
/** A claimed row is taken over after this (the SMTP transaction is long over by then). */
export const CLAIM_MS = 5 * 60_000;
/** Attempts before a message is given up (about a day with the backoff below). */
export const MAX_ATTEMPTS = 30;
const BATCH = 50;
/** Passes per run: a burst is spread over runs rather than holding the heartbeat lane. */
const PASSES = 4;

/** Wait before the next attempt: 1, 2, 4 ... minutes, at most an hour. */
export function retryDelay(attempts: number): number {
  return Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * What a failed send leaves on its row (an alert's message or a digest): queued again after the
 * backoff, or failed after the last attempt, with the SMTP server's sentence for the timeline.
 */
export function failedSend(err: unknown, attempts: number, now: number) {
  const error = err instanceof Error ? err.message.slice(0, 500) : 'The message could not be sent.';
  const last = attempts >= MAX_ATTEMPTS;
  const set = {
    status: last ? ('failed' as const) : ('queued' as const),
    next_attempt_at: now + retryDelay(attempts),
    claimed_until: null,
    error,
  };
  return { last, error, set };
}

const why = 'the alert e-mail delivery sends the outbox of every tenant';

/** The console's page where a person acts on an alert's subject (alertSubjectPath), as a full link. */
export function subjectLink(
  publicUrl: string,
  a: {
    subject_type: string;
    subject_id: number | bigint;
    client_id: number | bigint;
    reseller_id: number | bigint;
  },
): string {
  // Where a person acts on the subject: a device or appliance page, the reseller's dashboard,
  // the client's virtual office or page (alertSubjectPath, the Alerts page's own links).
  return `${publicUrl}${alertSubjectPath({
    subject_type: a.subject_type,
    subject_id: Number(a.subject_id),
    client_id: Number(a.client_id),
    reseller_id: Number(a.reseller_id),
  })}`;
}

const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The reminder's body line: open since when, and how often it comes back (the event's detail). */
function reminderWords(openedAt: number, detail: string | null): string {
  const hours = readRemindHours(detail);
  const open = `Still open since ${utc(openedAt)}, and nobody has acknowledged it.`;
  if (hours === null) return open;
  const every = hours === 1 ? 'every hour' : `every ${hours} hours`;
  return `${open} This reminder comes ${every} until someone acknowledges the alert or it resolves.`;
}

/** The hours between reminders stored in a reminder event's detail, or null. */
export function readRemindHours(detail: string | null): number | null {
  if (!detail) return null;
  try {
    const h = (JSON.parse(detail) as { remind_hours?: unknown }).remind_hours;
    return typeof h === 'number' ? h : null;
  } catch {
    return null;
  }
}

type Outcome = { sent: number; failed: number; retried: number };

/** Send what is due; an alert's next message, freed by sending its previous one, goes in the next pass. */
export async function deliverAlertMails(
  ctx: Pick<AppContext, 'dbh' | 'config'>,
  now: number,
): Promise<Outcome> {
  const out: Outcome = { sent: 0, failed: 0, retried: 0 };
  for (let pass = 0; pass < PASSES; pass++) {
    const before = out.sent;
    await deliverPass(ctx, now, out);
    if (out.sent === before) break;
  }
  return out;
}

async function deliverPass(
  ctx: Pick<AppContext, 'dbh' | 'config'>,
  now: number,
  out: Outcome,
): Promise<void> {
  const db = unscoped(ctx.dbh.db, why);
  const due = await db
    .selectFrom('alert_mails as m')
    .innerJoin('alerts as a', 'a.id', 'm.alert_id')
    .innerJoin('alert_events as e', 'e.id', 'm.event_id')
    .innerJoin('organisations as o', 'o.id', 'm.client_id')
    .select([
      'm.id',
      'm.status',
      'm.attempts',
      'm.recipients',
      'e.kind',
      'e.at',
      'e.detail',
      'a.subject_type',
      'a.subject_id',
      'a.client_id',
      'a.reseller_id',
      'a.subject_name',
      'a.severity',
      'a.summary',
      'a.opened_at',
      'o.name as client_name',
    ])
    .where((eb) =>
      eb.or([
        eb.and([eb('m.status', '=', 'queued'), eb('m.next_attempt_at', '<=', now)]),
        eb.and([eb('m.status', '=', 'sending'), eb('m.claimed_until', '<', now)]),
      ]),
    )
    .where(({ not, exists }) =>
      not(
        exists(
          db
            .selectFrom('alert_mails as p')
            .select('p.id')
            .where('p.alert_id', '=', sql.ref<number>('m.alert_id'))
            .where('p.id', '<', sql.ref<number>('m.id'))
            // A held message whose digest is due goes first too (the digest schedule sends it).
            .where((p) =>
              p.or([
                p('p.status', 'in', ['queued', 'sending']),
                p.and([p('p.status', '=', 'held'), p('p.next_attempt_at', '<=', now)]),
              ]),
            ),
        ),
      ),
    )
    .orderBy('m.id')
    .limit(BATCH)
    .execute();
  for (const m of due) {
    const claimed = await db
      .updateTable('alert_mails')
      .set({ status: 'sending', attempts: Number(m.attempts) + 1, claimed_until: now + CLAIM_MS })
      .where('id', '=', m.id)
      .where('status', '=', m.status)
      .where('attempts', '=', m.attempts)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    const attempts = Number(m.attempts) + 1;
    const transition = m.kind as AlertMailKind;
    const link = subjectLink(ctx.config.publicUrl, m);
    const what = `${m.subject_name} (${m.client_name}): ${m.summary}.`;
    const when =
      transition === 'reminded'
        ? reminderWords(Number(m.opened_at), m.detail)
        : transition === 'resolved'
          ? `Resolved ${utc(Number(m.at))}; open since ${utc(Number(m.opened_at))}.`
          : transition === 'reopened'
            ? `Back ${utc(Number(m.at))}; first opened ${utc(Number(m.opened_at))}.`
            : `Opened ${utc(Number(m.at))}.`;
    try {
      await sendMail(ctx.config, {
        to: JSON.parse(m.recipients) as string[],
        subject: alertMailSubject({
          transition,
          severity: m.severity,
          subjectName: m.subject_name,
          clientName: m.client_name,
          summary: m.summary,
        }),
        text: `${what}\n${when}\n\nOpen it in Lifeboat: ${link}\n`,
        messageId: `<alert-mail-${m.id}@lifeboat>`,
      });
      await db
        .updateTable('alert_mails')
        .set({ status: 'sent', sent_at: now, claimed_until: null, error: null })
        .where('id', '=', m.id)
        .where('status', '=', 'sending')
        .execute();
      out.sent++;
    } catch (err) {
      const { last, set } = failedSend(err, attempts, now);
      await db
        .updateTable('alert_mails')
        .set(set)
        .where('id', '=', m.id)
        .where('status', '=', 'sending')
        .execute();
      out[last ? 'failed' : 'retried']++;
    }
  }
}

export function registerAlertDelivery(ctx: Pick<AppContext, 'dbh' | 'config' | 'operations'>): void {
  const handler: HandlerFor<typeof ALERTS_DELIVER> = async ({ clock }) => deliverAlertMails(ctx, clock.now());
  ctx.operations.register(ALERTS_DELIVER, handler);
  ctx.operations.every({ key: ALERTS_DELIVER, kind: ALERTS_DELIVER, input: {}, everyMs: ALERTS_DELIVER_MS });
}
