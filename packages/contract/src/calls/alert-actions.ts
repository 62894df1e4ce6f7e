import {
  acknowledgeBody,
  alertListAnswer,
  alertListQuery,
  alertTimelineAnswer,
  createSnoozeBody,
  fleetResellersAnswer,
  fleetResellersQuery,
  snoozeListAnswer,
  snoozeListQuery,
  snoozeRow,
} from '../alert-actions';
import { defineCall, idParams } from '../call';

// The Alerts page, acknowledging, snoozes and the fleet home (issue 27 points 2 and 5): not in
// the spec, so under /api (docs/decisions.md 'Alerts: the page, acknowledging, snoozes').

export const alertActionCalls = {
  alertList: defineCall({
    area: 'alerts',
    method: 'GET',
    path: '/api/alerts/list',
    right: 'read',
    summary:
      'The alerts the user sees, newest first, filtered by client, system, condition, severity and state.',
    query: alertListQuery,
    ids: { client_id: 'client', system_id: 'system' },
    answers: { 200: alertListAnswer },
  }),
  alertTimeline: defineCall({
    area: 'alerts',
    method: 'GET',
    path: '/api/alerts/alert/:id',
    right: 'read',
    summary: 'One alert and its timeline: opened, reopened, acknowledged, resolved, and who was told.',
    params: idParams,
    ids: { id: 'alert' },
    answers: { 200: alertTimelineAnswer },
  }),
  acknowledgeAlert: defineCall({
    area: 'alerts',
    method: 'POST',
    path: '/api/alerts/alert/:id/acknowledge',
    right: 'manage_alerts',
    summary: 'Acknowledge an open alert: it stops reminding; who and when go into its timeline. Audited.',
    params: idParams,
    ids: { id: 'alert' },
    json: acknowledgeBody,
    answers: { 200: alertTimelineAnswer },
  }),
  snoozeList: defineCall({
    area: 'alerts',
    method: 'GET',
    path: '/api/alerts/snoozes',
    right: 'read',
    summary: 'The snoozes and maintenance windows that hold now or are still to come.',
    query: snoozeListQuery,
    answers: { 200: snoozeListAnswer },
  }),
  createSnooze: defineCall({
    area: 'alerts',
    method: 'POST',
    path: '/api/alerts/snoozes',
    right: 'manage_alerts',
    summary:
      'Snooze a system, an appliance, a client or a reseller until a time, or plan a maintenance window: alerts are recorded, nobody is told. Audited.',
    json: createSnoozeBody,
    ids: { system_id: 'system', appliance_id: 'appliance', client_id: 'client', reseller_id: 'reseller' },
    answers: { 200: snoozeRow },
  }),
  endSnooze: defineCall({
    area: 'alerts',
    method: 'POST',
    path: '/api/alerts/snoozes/:id/end',
    right: 'manage_alerts',
    summary: 'End a snooze or maintenance window now (or drop one still to come). Audited.',
    params: idParams,
    ids: { id: 'alert_snooze' },
    answers: { 200: snoozeRow },
  }),
  fleetResellers: defineCall({
    area: 'alerts',
    method: 'GET',
    path: '/api/alerts/fleet_resellers',
    right: 'view_fleet',
    summary: "The fleet home: the user's resellers ranked by open alerts and failing systems.",
    query: fleetResellersQuery,
    answers: { 200: fleetResellersAnswer },
  }),
};
