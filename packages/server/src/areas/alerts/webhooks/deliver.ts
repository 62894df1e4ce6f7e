import { sql } from 'kysely';
import type { AppContext } from '../../../context';
import type { HandlerFor } from '../../../operations/types';
import { unscoped } from '../../../scope';
import { open } from '../../ftps/secret-box';
import { webhookBody } from './payload';
import { ADAPTERS } from './ticketing';

// Delivery of the webhook queue (issue 27.4), a schedule like the e-mail outbox (../deliver.ts):
// due rows in id order, an alert's later delivery to an endpoint waiting for its earlier pending
// one; each row claimed by moving it from the status and attempt count read, so two instances
// never both post it; posted outside any transaction; then marked delivered, or queued again with
// backoff until its retry window (a day and more) is over. A poster that dies after posting and
// before marking leaves a claimed row that is posted again after the claim lapses, with the same
// Lifeboat-Delivery id, which the receiver drops as a copy.

export const ALERTS_WEBHOOKS = 'alerts.webhooks';
/** Short, so that a test sent from the settings page shows in its log within seconds. */
export const ALERTS_WEBHOOKS_MS = 5_000;
/** A claimed row is taken over after this (the POST's time limit is long over by then). */
export const WEBHOOK_CLAIM_MS = 2 * 60_000;
const BATCH = 100;
/** Posts at once within a batch: rows of one batch are of different alerts (or endpoints). */
const PARALLEL = 8;
/** Passes per run: a burst is spread over runs rather than holding the heartbeat lane. */
const PASSES = 10;

/** Wait before the next attempt: 30 s, 1, 2, 4 ... minutes, at most an hour. */
export function webhookRetryDelay(attempts: number): number {
  return Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

const why = 'the webhook delivery posts the queue of every tenant';

export type WebhookOutcome = { delivered: number; failed: number; retried: number };

type Ctx = Pick<AppContext, 'dbh' | 'config'>;

export async function deliverWebhooks(ctx: Ctx, now: number): Promise<WebhookOutcome> {
  const out: WebhookOutcome = { delivered: 0, failed: 0, retried: 0 };
  // An alert's next delivery, freed by the one just posted, is due in the next pass.
  for (let pass = 0; pass < PASSES; pass++) if ((await deliverPass(ctx, now, out)) === 0) break;
  return out;
}

function dueRows(ctx: Ctx, now: number) {
  const db = unscoped(ctx.dbh.db, why);
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as p', 'p.id', 'd.endpoint_id')
    .leftJoin('alert_events as ev', 'ev.id', 'd.event_id')
    .leftJoin('alerts as a', 'a.id', 'd.alert_id')
    .leftJoin('organisations as o', 'o.id', 'a.client_id')
    .select([
      'd.id',
      'd.delivery_uid',
      'd.status',
      'd.attempts',
      'd.event_type',
      'd.created_at',
      'd.retry_until',
      'd.alert_id',
      'p.kind',
      'p.url',
      'p.secret_sealed',
      'ev.at as event_at',
      'a.condition',
      'a.severity',
      'a.summary',
      'a.opened_at',
      'a.subject_type',
      'a.subject_id',
      'a.subject_name',
      'a.client_id',
      'a.reseller_id',
      'o.name as client_name',
    ])
    .where('p.enabled', '=', 1)
    .where((eb) =>
      eb.or([
        eb.and([eb('d.status', '=', 'queued'), eb('d.next_attempt_at', '<=', now)]),
        eb.and([eb('d.status', '=', 'sending'), eb('d.claimed_until', '<', now)]),
      ]),
    )
    .where(({ not, exists }) =>
      not(
        exists(
          db
            .selectFrom('webhook_deliveries as e')
            .select('e.id')
            .where('e.endpoint_id', '=', sql.ref<number>('d.endpoint_id'))
            .where('e.alert_id', '=', sql.ref<number>('d.alert_id'))
            .where('e.id', '<', sql.ref<number>('d.id'))
            .where('e.status', 'in', ['queued', 'sending']),
        ),
      ),
    )
    .orderBy('d.id')
    .limit(BATCH)
    .execute();
}

type Due = Awaited<ReturnType<typeof dueRows>>[number];

/** One batch; answers how many rows were due. */
async function deliverPass(ctx: Ctx, now: number, out: WebhookOutcome): Promise<number> {
  const due = await dueRows(ctx, now);
  for (let i = 0; i < due.length; i += PARALLEL)
    await Promise.all(due.slice(i, i + PARALLEL).map((d) => deliverOne(ctx, now, d, out)));
  return due.length;
}

async function deliverOne(ctx: Ctx, now: number, d: Due, out: WebhookOutcome): Promise<void> {
  const db = unscoped(ctx.dbh.db, why);
  const attempts = Number(d.attempts) + 1;
  const claimed = await db
    .updateTable('webhook_deliveries')
    .set({ status: 'sending', attempts, claimed_until: now + WEBHOOK_CLAIM_MS })
    .where('id', '=', d.id)
    .where('status', '=', d.status)
    .where('attempts', '=', d.attempts)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return;
  const adapter = ADAPTERS[d.kind] ?? ADAPTERS.webhook;
  let outcome: Awaited<ReturnType<NonNullable<typeof adapter>['deliver']>>;
  try {
    const secret = open(ctx.config.secretKey ?? null, d.secret_sealed);
    outcome = await (adapter as NonNullable<typeof adapter>).deliver(
      { url: d.url, secret },
      {
        uid: d.delivery_uid,
        payload: webhookBody(
          {
            ...d,
            created_at: Number(d.created_at),
            event_at: d.event_at === null ? null : Number(d.event_at),
            alert_id: d.alert_id === null ? null : Number(d.alert_id),
            opened_at: d.opened_at === null ? null : Number(d.opened_at),
            subject_id: d.subject_id === null ? null : Number(d.subject_id),
            client_id: d.client_id === null ? null : Number(d.client_id),
            reseller_id: d.reseller_id === null ? null : Number(d.reseller_id),
          },
          ctx.config.publicUrl,
        ),
        now,
      },
      { allowPrivate: ctx.config.webhookAllowPrivate },
    );
  } catch {
    // The secret does not open (the console's key changed): a sentence, never the secret.
    outcome = {
      ok: false,
      code: null,
      latencyMs: 0,
      error: 'The endpoint’s secret could not be read; make a new secret for it.',
    };
  }
  const seen = {
    last_attempt_at: now,
    response_code: outcome.code,
    latency_ms: outcome.latencyMs,
    claimed_until: null,
  };
  if (outcome.ok) {
    await db
      .updateTable('webhook_deliveries')
      .set({ ...seen, status: 'delivered', delivered_at: now, error: null })
      .where('id', '=', d.id)
      .where('status', '=', 'sending')
      .execute();
    out.delivered++;
    return;
  }
  const next = now + webhookRetryDelay(attempts);
  const last = next > Number(d.retry_until);
  await db
    .updateTable('webhook_deliveries')
    .set({ ...seen, status: last ? 'failed' : 'queued', next_attempt_at: next, error: outcome.error })
    .where('id', '=', d.id)
    .where('status', '=', 'sending')
    .execute();
  out[last ? 'failed' : 'retried']++;
}

export function registerWebhookDelivery(ctx: Pick<AppContext, 'dbh' | 'config' | 'operations'>): void {
  const handler: HandlerFor<typeof ALERTS_WEBHOOKS> = async ({ clock }) => deliverWebhooks(ctx, clock.now());
  ctx.operations.register(ALERTS_WEBHOOKS, handler);
  ctx.operations.every({
    key: ALERTS_WEBHOOKS,
    kind: ALERTS_WEBHOOKS,
    input: {},
    everyMs: ALERTS_WEBHOOKS_MS,
  });
}
