import {
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookPayload,
} from '@lifeboat/contract';
import { type PostOutcome, postWebhook } from './post';
import { signWebhook } from './sign';

// The ticketing port (issue 27.4): every alert transition reaches a reseller's endpoints through
// an adapter chosen by the endpoint's kind. The signed webhook is the first; a PSA (ConnectWise,
// Autotask, HaloPSA) is one more module implementing TicketingAdapter and one entry in ADAPTERS,
// with the same queue, retries, ordering and delivery log around it (deliver.ts).

export interface TicketingTarget {
  url: string;
  /** The endpoint's secret, opened for this delivery only. */
  secret: string;
}

export interface TicketingDelivery {
  /** The delivery's id: the same on every retry (the receiver drops a second copy). */
  uid: string;
  payload: WebhookPayload;
  /** Unix milliseconds of this attempt (signatures carry it). */
  now: number;
}

export interface TicketingAdapter {
  deliver(
    target: TicketingTarget,
    d: TicketingDelivery,
    opts: { allowPrivate: boolean },
  ): Promise<PostOutcome>;
}

export const webhookAdapter: TicketingAdapter = {
  async deliver(target, d, opts) {
    const body = JSON.stringify(d.payload);
    const t = Math.floor(d.now / 1000);
    return postWebhook(
      target.url,
      {
        [WEBHOOK_SIGNATURE_HEADER]: signWebhook(target.secret, t, body),
        [WEBHOOK_DELIVERY_HEADER]: d.uid,
        [WEBHOOK_EVENT_HEADER]: d.payload.type,
      },
      body,
      opts,
    );
  },
};

export const ADAPTERS: Readonly<Record<string, TicketingAdapter>> = { webhook: webhookAdapter };
