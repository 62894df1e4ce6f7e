import { randomUUID } from 'node:crypto';
import {
  capCount,
  type UpdateWebhookBody,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_RETRY_WINDOW_MS,
  type WebhookDeliveriesAnswer,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointForm,
  type WebhookEndpointsAnswer,
  type WebhookSecretAnswer,
} from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely, Selectable, Transaction, Updateable } from 'kysely';
import { audit } from '../../../audit/audit';
import type { AppContext } from '../../../context';
import { BadRequestError, ConflictError, NotFoundError } from '../../../http/errors';
import { type Actor, parseId, scoped } from '../../../scope';
import { seal } from '../../ftps/secret-box';
import { loadOrg } from '../../settings/thresholds';
import { checkHost, RefusedAddressError } from './address-guard';
import { urlProblem } from './post';
import { newWebhookSecret } from './sign';

// A reseller's webhook endpoints (issue 27.4): added, renamed, paused, re-keyed and removed by the
// reseller's users (audited, the secret never in the audit or any answer but the one that makes
// it), with a test delivery and a paged delivery log. Client users never reach them (client_id 0).

// A test or a redelivery is queued; the delivery schedule (every few seconds) posts it.
type Ctx = Pick<AppContext, 'dbh' | 'clock' | 'config'>;
type EndpointRow = Selectable<Database['webhook_endpoints']>;

const WHAT = 'This webhook endpoint';
const DELIVERY = 'This delivery';

/** The address must be allowed and reach a public address (checked again when posting). */
async function checkUrl(ctx: Ctx, url: string): Promise<void> {
  const problem = urlProblem(url, ctx.config.webhookAllowPrivate);
  if (problem) throw new BadRequestError(problem, { url: problem });
  const host = new URL(url).hostname;
  try {
    await checkHost(host, ctx.config.webhookAllowPrivate);
  } catch (err) {
    const message =
      err instanceof RefusedAddressError
        ? err.message
        : `The name ${host} could not be found; check the address.`;
    throw new BadRequestError(message, { url: message });
  }
}

async function lastDeliveries(db: Kysely<Database>, actor: Actor, ids: number[]) {
  const out = new Map<number, WebhookEndpoint['last_delivery']>();
  for (const id of ids) {
    const r = await scoped(db, actor)
      .selectFrom('webhook_deliveries')
      .select([
        'webhook_deliveries.status',
        'webhook_deliveries.last_attempt_at',
        'webhook_deliveries.response_code',
      ])
      .where('webhook_deliveries.endpoint_id', '=', id)
      .orderBy('webhook_deliveries.id', 'desc')
      .limit(1)
      .executeTakeFirst();
    out.set(
      id,
      r
        ? {
            status: r.status,
            at: r.last_attempt_at === null ? null : Number(r.last_attempt_at),
            response_code: r.response_code === null ? null : Number(r.response_code),
          }
        : null,
    );
  }
  return out;
}

function present(r: EndpointRow, last: WebhookEndpoint['last_delivery'] = null): WebhookEndpoint {
  return {
    id: Number(r.id),
    name: r.name,
    url: r.url,
    enabled: Number(r.enabled) === 1,
    created_at: Number(r.created_at),
    secret_rotated_at: Number(r.secret_rotated_at),
    last_delivery: last,
  };
}

async function findEndpoint(db: Kysely<Database>, actor: Actor, rawId: string): Promise<EndpointRow> {
  const id = parseId(rawId, WHAT);
  const row = await scoped(db, actor)
    .selectFrom('webhook_endpoints')
    .selectAll('webhook_endpoints')
    .where('webhook_endpoints.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFoundError(WHAT);
  return row;
}

export async function listEndpoints(
  db: Kysely<Database>,
  actor: Actor,
  rawId: string,
): Promise<WebhookEndpointsAnswer> {
  const org = await loadOrg(db, actor, 'reseller', rawId);
  const rows = await scoped(db, actor)
    .selectFrom('webhook_endpoints')
    .selectAll('webhook_endpoints')
    .where('webhook_endpoints.reseller_id', '=', org.id)
    .where('webhook_endpoints.client_id', '=', 0)
    .orderBy('webhook_endpoints.id')
    .limit(WEBHOOK_ENDPOINTS_MAX)
    .execute();
  const last = await lastDeliveries(
    db,
    actor,
    rows.map((r) => Number(r.id)),
  );
  return {
    endpoints: rows.map((r) => present(r, last.get(Number(r.id)) ?? null)),
    can_edit: actor.rights.has('manage_alerts'),
    max: WEBHOOK_ENDPOINTS_MAX,
  };
}

export async function createEndpoint(
  ctx: Ctx,
  actor: Actor,
  rawId: string,
  body: WebhookEndpointForm,
  ip: string,
): Promise<WebhookSecretAnswer> {
  const db = ctx.dbh.db;
  const org = await loadOrg(db, actor, 'reseller', rawId);
  await checkUrl(ctx, body.url);
  const secret = newWebhookSecret();
  const now = ctx.clock.now();
  const row = await db.transaction().execute(async (trx) => {
    const s = scoped(trx, actor, { id: org.id, reseller_id: org.id });
    const count = await s
      .selectFrom('webhook_endpoints')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('webhook_endpoints.reseller_id', '=', org.id)
      .executeTakeFirst();
    if (Number(count?.n ?? 0) >= WEBHOOK_ENDPOINTS_MAX)
      throw new ConflictError(
        `A reseller can have at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints; remove one first.`,
      );
    const created = await s
      .insertInto('webhook_endpoints')
      .values({
        reseller_id: org.id,
        client_id: 0,
        kind: 'webhook',
        name: body.name,
        url: body.url,
        secret_sealed: seal(ctx.config.secretKey ?? null, secret),
        enabled: 1,
        created_at: now,
        created_by: actor.userId,
        secret_rotated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, now, {
      actor,
      action: 'webhooks.create',
      targetType: 'webhook_endpoint',
      targetId: Number(created.id),
      details: { reseller: org.name, name: body.name, url: body.url },
      ip,
    });
    return created;
  });
  return { endpoint: present(row), secret };
}

/**
 * One audited change of an endpoint the actor manages: loaded in scope (404 otherwise), checked,
 * then written and audited in one transaction.
 */
async function changeEndpoint<T>(
  ctx: Ctx,
  actor: Actor,
  rawId: string,
  ip: string,
  action: string,
  write: (
    trx: Transaction<Database>,
    old: EndpointRow,
    now: number,
  ) => Promise<{ result: T; details: Record<string, unknown> }>,
  check?: (old: EndpointRow) => Promise<void>,
): Promise<T> {
  const db = ctx.dbh.db;
  const old = await findEndpoint(db, actor, rawId);
  await check?.(old);
  const now = ctx.clock.now();
  return db.transaction().execute(async (trx) => {
    const { result, details } = await write(trx, old, now);
    await audit(trx, now, {
      actor,
      action,
      targetType: 'webhook_endpoint',
      targetId: Number(old.id),
      details,
      ip,
    });
    return result;
  });
}

const setEndpoint = (
  trx: Transaction<Database>,
  actor: Actor,
  id: number,
  values: Updateable<Database['webhook_endpoints']>,
) =>
  scoped(trx, actor)
    .updateTable('webhook_endpoints')
    .set(values)
    .where('webhook_endpoints.id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

export function updateEndpoint(
  ctx: Ctx,
  actor: Actor,
  rawId: string,
  body: UpdateWebhookBody,
  ip: string,
): Promise<{ endpoint: WebhookEndpoint }> {
  return changeEndpoint(
    ctx,
    actor,
    rawId,
    ip,
    'webhooks.update',
    async (trx, old) => ({
      result: {
        endpoint: present(
          await setEndpoint(trx, actor, old.id, {
            name: body.name,
            url: body.url,
            enabled: body.enabled ? 1 : 0,
          }),
        ),
      },
      details: {
        old: { name: old.name, url: old.url, enabled: Number(old.enabled) === 1 },
        new: { name: body.name, url: body.url, enabled: body.enabled },
      },
    }),
    async (old) => {
      if (body.url !== old.url) await checkUrl(ctx, body.url);
    },
  );
}

export function rotateSecret(
  ctx: Ctx,
  actor: Actor,
  rawId: string,
  ip: string,
): Promise<WebhookSecretAnswer> {
  const secret = newWebhookSecret();
  return changeEndpoint(ctx, actor, rawId, ip, 'webhooks.rotate', async (trx, old, now) => ({
    result: {
      endpoint: present(
        await setEndpoint(trx, actor, old.id, {
          secret_sealed: seal(ctx.config.secretKey ?? null, secret),
          secret_rotated_at: now,
        }),
      ),
      secret,
    },
    details: { name: old.name },
  }));
}

export function removeEndpoint(
  ctx: Ctx,
  actor: Actor,
  rawId: string,
  ip: string,
): Promise<{ endpoint: WebhookEndpoint }> {
  return changeEndpoint(ctx, actor, rawId, ip, 'webhooks.delete', async (trx, old) => {
    await scoped(trx, actor)
      .deleteFrom('webhook_deliveries')
      .where('webhook_deliveries.endpoint_id', '=', old.id)
      .execute();
    await scoped(trx, actor)
      .deleteFrom('webhook_endpoints')
      .where('webhook_endpoints.id', '=', old.id)
      .execute();
    return { result: { endpoint: present(old) }, details: { name: old.name, url: old.url } };
  });
}

const deliveryColumns = [
  'd.id',
  'd.event_type',
  'd.alert_id',
  'd.status',
  'd.attempts',
  'd.created_at',
  'd.last_attempt_at',
  'd.delivered_at',
  'd.next_attempt_at',
  'd.response_code',
  'd.latency_ms',
  'd.error',
  'a.subject_name',
  'a.summary',
] as const;

type DeliveryRow = {
  id: number;
  event_type: string;
  alert_id: number | null;
  status: WebhookDelivery['status'];
  attempts: number;
  created_at: number;
  last_attempt_at: number | null;
  delivered_at: number | null;
  next_attempt_at: number;
  response_code: number | null;
  latency_ms: number | null;
  error: string | null;
  subject_name: string | null;
  summary: string | null;
};

const num = (v: number | null) => (v === null ? null : Number(v));

function presentDelivery(r: DeliveryRow): WebhookDelivery {
  return {
    id: Number(r.id),
    event_type: r.event_type as WebhookDelivery['event_type'],
    alert_id: num(r.alert_id),
    subject: r.subject_name === null ? null : `${r.subject_name}: ${r.summary ?? ''}`,
    status: r.status,
    attempts: Number(r.attempts),
    created_at: Number(r.created_at),
    last_attempt_at: num(r.last_attempt_at),
    delivered_at: num(r.delivered_at),
    next_attempt_at: r.status === 'queued' ? Number(r.next_attempt_at) : null,
    response_code: num(r.response_code),
    latency_ms: num(r.latency_ms),
    error: r.error,
  };
}

function deliveriesOf(db: Kysely<Database>, actor: Actor) {
  // The alert is the delivery's own (same reseller): reached through the scoped row.
  return scoped(db, actor)
    .selectFrom('webhook_deliveries as d')
    .leftJoin('alerts as a', 'a.id', 'd.alert_id');
}

async function oneDelivery(db: Kysely<Database>, actor: Actor, id: number): Promise<WebhookDelivery> {
  const r = await deliveriesOf(db, actor).select(deliveryColumns).where('d.id', '=', id).executeTakeFirst();
  if (!r) throw new NotFoundError(DELIVERY);
  return presentDelivery(r as DeliveryRow);
}

export async function listDeliveries(
  db: Kysely<Database>,
  actor: Actor,
  rawId: string,
  q: { page?: number; rows?: number },
): Promise<WebhookDeliveriesAnswer> {
  const endpoint = await findEndpoint(db, actor, rawId);
  const page = q.page ?? 1;
  const rows = q.rows ?? 10;
  const content = await deliveriesOf(db, actor)
    .select(deliveryColumns)
    .where('d.endpoint_id', '=', endpoint.id)
    .orderBy('d.id', 'desc')
    .limit(rows)
    .offset((page - 1) * rows)
    .execute();
  let total = { count: (page - 1) * rows + content.length, capped: false };
  if (content.length === rows || (content.length === 0 && page > 1)) {
    const n = await scoped(db, actor)
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('webhook_deliveries.endpoint_id', '=', endpoint.id)
      .executeTakeFirst();
    total = capCount(Number(n?.n ?? 0));
  }
  return {
    content: content.map((r) => presentDelivery(r as DeliveryRow)),
    records_count: total.count,
    records_count_capped: total.capped,
    empty_desc: 'Nothing has been sent to this endpoint yet. Send a test to check it.',
  };
}

export async function sendTest(
  ctx: Ctx,
  actor: Actor,
  rawId: string,
  ip: string,
): Promise<{ delivery: WebhookDelivery }> {
  const id = await changeEndpoint(
    ctx,
    actor,
    rawId,
    ip,
    'webhooks.test',
    async (trx, endpoint, now) => {
      const row = await scoped(trx, actor, endpoint)
        .insertInto('webhook_deliveries')
        .values({
          endpoint_id: Number(endpoint.id),
          delivery_uid: randomUUID(),
          reseller_id: Number(endpoint.reseller_id),
          client_id: Number(endpoint.client_id),
          event_id: null,
          alert_id: null,
          event_type: 'test',
          status: 'queued',
          created_at: now,
          next_attempt_at: now,
          retry_until: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { result: Number(row.id), details: { name: endpoint.name } };
    },
    async (endpoint) => {
      if (Number(endpoint.enabled) !== 1)
        throw new ConflictError('This endpoint is paused: resume it to send a test.');
    },
  );
  return { delivery: await oneDelivery(ctx.dbh.db, actor, id) };
}

export async function redeliver(
  ctx: Ctx,
  actor: Actor,
  rawId: string,
  ip: string,
): Promise<{ delivery: WebhookDelivery }> {
  const db = ctx.dbh.db;
  const id = parseId(rawId, DELIVERY);
  const d = await scoped(db, actor)
    .selectFrom('webhook_deliveries')
    .select(['webhook_deliveries.id', 'webhook_deliveries.status', 'webhook_deliveries.endpoint_id'])
    .where('webhook_deliveries.id', '=', id)
    .executeTakeFirst();
  if (!d) throw new NotFoundError(DELIVERY);
  if (d.status === 'queued' || d.status === 'sending')
    throw new ConflictError('This delivery is already waiting to be sent.');
  const now = ctx.clock.now();
  await db.transaction().execute(async (trx) => {
    const r = await scoped(trx, actor)
      .updateTable('webhook_deliveries')
      .set({
        status: 'queued',
        next_attempt_at: now,
        retry_until: now + WEBHOOK_RETRY_WINDOW_MS,
        claimed_until: null,
      })
      .where('webhook_deliveries.id', '=', id)
      .where('webhook_deliveries.status', '=', d.status)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1)
      throw new ConflictError('This delivery is already waiting to be sent.');
    await audit(trx, now, {
      actor,
      action: 'webhooks.redeliver',
      targetType: 'webhook_delivery',
      targetId: id,
      details: { endpoint: Number(d.endpoint_id) },
      ip,
    });
  });
  return { delivery: await oneDelivery(db, actor, id) };
}
