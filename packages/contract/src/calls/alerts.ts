import { alertRuleAnswer, saveAlertRuleBody } from '../alerts';
import { defineCall, idParams } from '../call';

// Alerts (issue 27): not in the spec, so under /api (docs/decisions.md 'Alerts').

export const alertCalls = {
  resellerRule: defineCall({
    area: 'alerts',
    method: 'GET',
    path: '/api/alerts/reseller_rule/:id',
    right: 'read',
    summary: "A reseller's alert rule, the default of its clients.",
    params: idParams,
    ids: { id: 'reseller' },
    answers: { 200: alertRuleAnswer },
  }),
  saveResellerRule: defineCall({
    area: 'alerts',
    method: 'POST',
    path: '/api/alerts/reseller_rule/:id',
    right: 'manage_alerts',
    summary: "Save a reseller's alert rule (or return it to the default); audited with old and new.",
    params: idParams,
    ids: { id: 'reseller' },
    json: saveAlertRuleBody,
    answers: { 200: alertRuleAnswer },
  }),
  clientRule: defineCall({
    area: 'alerts',
    method: 'GET',
    path: '/api/alerts/client_rule/:id',
    right: 'read',
    summary: "A client's alert rule: its own, or its reseller's that it inherits.",
    params: idParams,
    ids: { id: 'client' },
    answers: { 200: alertRuleAnswer },
  }),
  saveClientRule: defineCall({
    area: 'alerts',
    method: 'POST',
    path: '/api/alerts/client_rule/:id',
    right: 'manage_alerts',
    summary: "Save a client's own alert rule (or inherit its reseller's again); audited with old and new.",
    params: idParams,
    ids: { id: 'client' },
    json: saveAlertRuleBody,
    answers: { 200: alertRuleAnswer },
  }),
};
