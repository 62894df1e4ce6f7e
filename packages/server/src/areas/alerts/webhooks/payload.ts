import {
  ALERT_SUBJECT_TYPES,
  type AlertCondition,
  type AlertSeverity,
  type AlertSubjectType,
  type WebhookEventType,
  type WebhookPayload,
} from '@lifeboat/contract';
import { subjectLink } from '../deliver';

// The JSON a webhook carries (contract webhooks.ts), built when it is posted from the delivery,
// its transition and its alert: the transition's own time and state, not the alert's later ones.

export interface PayloadRow {
  delivery_uid: string;
  event_type: string;
  created_at: number;
  event_at: number | null;
  alert_id: number | null;
  condition: string | null;
  severity: string | null;
  summary: string | null;
  opened_at: number | null;
  subject_type: string | null;
  subject_id: number | null;
  subject_name: string | null;
  client_id: number | null;
  client_name: string | null;
  reseller_id: number | null;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function webhookBody(r: PayloadRow, publicUrl: string): WebhookPayload {
  const type = r.event_type as WebhookEventType;
  const at = r.event_at === null ? r.created_at : Number(r.event_at);
  if (type === 'test' || r.alert_id === null)
    return { id: r.delivery_uid, type: 'test', occurred_at: iso(at), alert: null };
  const subjectType = (ALERT_SUBJECT_TYPES as readonly string[]).includes(r.subject_type ?? '')
    ? (r.subject_type as AlertSubjectType)
    : 'system';
  const subjectId = Number(r.subject_id);
  return {
    id: r.delivery_uid,
    type,
    occurred_at: iso(at),
    alert: {
      id: Number(r.alert_id),
      condition: r.condition as AlertCondition,
      severity: r.severity as AlertSeverity,
      state: type === 'alert.resolved' ? 'resolved' : 'open',
      summary: r.summary ?? '',
      opened_at: iso(Number(r.opened_at)),
      resolved_at: type === 'alert.resolved' ? iso(at) : null,
      subject: {
        type: subjectType,
        id: subjectId,
        name: r.subject_name ?? '',
        url: subjectLink(publicUrl, {
          subject_type: subjectType,
          subject_id: subjectId,
          client_id: Number(r.client_id),
          reseller_id: Number(r.reseller_id),
        }),
      },
      client: { id: Number(r.client_id), name: r.client_name ?? '' },
      reseller: { id: Number(r.reseller_id) },
    },
  };
}
