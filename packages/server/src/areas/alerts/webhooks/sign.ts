import { createHmac, randomBytes } from 'node:crypto';

// The webhook signature (issue 27.4; docs/decisions.md 'Webhooks'): HMAC-SHA256 with the
// endpoint's secret over "<unix seconds>.<raw body>", sent as `t=<unix>,v1=<hex>`. The time
// inside the signed text lets a receiver refuse an old message replayed later.

export function signWebhook(secret: string, unixSeconds: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/** A new endpoint secret: 32 random bytes, prefixed so that a leaked one is recognisable. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
