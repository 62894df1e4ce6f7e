import { z } from 'zod';
import { ALERT_CONDITIONS, ALERT_SEVERITIES, ALERT_SUBJECT_TYPES } from './alerts';
import { nameRule } from './fields';
import { listFields, tableAnswer } from './lists';

// Webhooks (issue 27.4): a reseller's HTTPS endpoints receive every alert transition of its
// clients as a signed JSON POST. The payload below is the documented schema (in the OpenAPI
// document's `webhooks`); docs/decisions.md 'Webhooks' says how to verify the signature.

/** The header with the signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Lifeboat-Signature';
/** The header with the delivery's id: the same on every retry and redelivery (idempotency). */
export const WEBHOOK_DELIVERY_HEADER = 'Lifeboat-Delivery';
/** The header with the event's type (alert.opened ...). */
export const WEBHOOK_EVENT_HEADER = 'Lifeboat-Event';

export const WEBHOOK_EVENT_TYPES = ['alert.opened', 'alert.reopened', 'alert.resolved', 'test'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_ENDPOINTS_MAX = 10;
export const WEBHOOK_URL_MAX = 2000;

/** Retries go on with backoff for this long after the transition, then the delivery is given up. */
export const WEBHOOK_RETRY_WINDOW_MS = 25 * 60 * 60_000;

/** The JSON body of every webhook POST. */
export const webhookPayload = z
  .object({
    /** The delivery's id, also in the Lifeboat-Delivery header: drop a second copy of it. */
    id: z.string(),
    type: z.enum(WEBHOOK_EVENT_TYPES),
    /** When the transition happened (ISO 8601). */
    occurred_at: z.string(),
    /** The alert; absent for a test. */
    alert: z
      .object({
        id: z.number().int(),
        condition: z.enum(ALERT_CONDITIONS),
        severity: z.enum(ALERT_SEVERITIES),
        state: z.enum(['open', 'resolved']),
        summary: z.string(),
        opened_at: z.string(),
        resolved_at: z.string().nullable(),
        subject: z.object({
          /** A protected system, an appliance, a reseller (its cloud storage), a failover or virtual office, an FTPS export. */
          type: z.enum(ALERT_SUBJECT_TYPES),
          id: z.number().int(),
          name: z.string(),
          /** The console's page of the subject. */
          url: z.string(),
        }),
        client: z.object({ id: z.number().int(), name: z.string() }),
        reseller: z.object({ id: z.number().int() }),
      })
      .nullable(),
  })
  .meta({
    title: 'Lifeboat alert webhook',
    description:
      'POSTed to each endpoint for every alert transition. Verify Lifeboat-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 with the endpoint secret over "<t>.<raw body>">, and drop a Lifeboat-Delivery id already seen.',
  });
export type WebhookPayload = z.infer<typeof webhookPayload>;

const urlMessage = 'Enter an address such as https://psa.example.com/hooks/lifeboat.';

/** An endpoint's address: https (http only where the operator allows private addresses; the server checks). */
export const webhookUrlRule = z
  .string()
  .trim()
  .min(1, 'Enter the address the alerts are posted to.')
  .max(WEBHOOK_URL_MAX, `The address can be at most ${WEBHOOK_URL_MAX} characters.`)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (
        (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname !== '' && !u.username && !u.password
      );
    } catch {
      return false;
    }
  }, urlMessage);

export const webhookEndpointForm = z.object({
  name: nameRule('name'),
  url: webhookUrlRule,
});
export type WebhookEndpointForm = z.infer<typeof webhookEndpointForm>;

export const updateWebhookBody = webhookEndpointForm.extend({ enabled: z.boolean() });
export type UpdateWebhookBody = z.infer<typeof updateWebhookBody>;

const lastDelivery = z
  .object({
    status: z.enum(['queued', 'sending', 'delivered', 'failed']),
    at: z.number().int().nullable(),
    response_code: z.number().int().nullable(),
  })
  .nullable();

export const webhookEndpoint = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  enabled: z.boolean(),
  created_at: z.number().int(),
  secret_rotated_at: z.number().int(),
  last_delivery: lastDelivery,
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

export const webhookEndpointsAnswer = z.object({
  endpoints: z.array(webhookEndpoint),
  can_edit: z.boolean(),
  max: z.number().int(),
});
export type WebhookEndpointsAnswer = z.infer<typeof webhookEndpointsAnswer>;

/** A new endpoint or a rotated secret: the only answer that holds the secret. */
export const webhookSecretAnswer = z.object({ endpoint: webhookEndpoint, secret: z.string() });
export type WebhookSecretAnswer = z.infer<typeof webhookSecretAnswer>;

export const webhookEndpointAnswer = z.object({ endpoint: webhookEndpoint });

export const webhookDelivery = z.object({
  id: z.number().int(),
  event_type: z.enum(WEBHOOK_EVENT_TYPES),
  alert_id: z.number().int().nullable(),
  /** The alert's subject and summary as the log shows it; null for a test. */
  subject: z.string().nullable(),
  status: z.enum(['queued', 'sending', 'delivered', 'failed']),
  attempts: z.number().int(),
  created_at: z.number().int(),
  last_attempt_at: z.number().int().nullable(),
  delivered_at: z.number().int().nullable(),
  /** The next retry while queued. */
  next_attempt_at: z.number().int().nullable(),
  response_code: z.number().int().nullable(),
  latency_ms: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const WEBHOOK_LOG_SIZES = [10, 25, 50] as const;
export const webhookDeliveriesQuery = listFields({}, WEBHOOK_LOG_SIZES);
export const webhookDeliveriesAnswer = tableAnswer(webhookDelivery);
export type WebhookDeliveriesAnswer = z.infer<typeof webhookDeliveriesAnswer>;
export const webhookDeliveryAnswer = z.object({ delivery: webhookDelivery });
