import { defineCall, idParams } from '../call';
import { orgThresholdsAnswer, saveOrgThresholdsBody } from '../settings';

// Reseller and client settings (issue 17.4): not in the spec's call list (docs/decisions.md
// 'Settings'); named like the pages, which live at /settings/{level}_settings/view/{id}.

export const settingsCalls = {
  resellerThresholds: defineCall({
    area: 'settings',
    method: 'GET',
    path: '/settings/reseller_settings/get_alert_thresholds/:id',
    summary: "A reseller's alert thresholds, each with where its value comes from.",
    params: idParams,
    ids: { id: 'reseller' },
    answers: { 200: orgThresholdsAnswer },
  }),
  saveResellerThresholds: defineCall({
    area: 'settings',
    method: 'POST',
    path: '/settings/reseller_settings/save_alert_thresholds/:id',
    summary: "Save a reseller's alert thresholds (or return them to the default); audited with old and new.",
    params: idParams,
    ids: { id: 'reseller' },
    json: saveOrgThresholdsBody,
    answers: { 200: orgThresholdsAnswer },
  }),
  clientThresholds: defineCall({
    area: 'settings',
    method: 'GET',
    path: '/settings/client_settings/get_alert_thresholds/:id',
    summary: "A client's alert thresholds, each with where its value comes from.",
    params: idParams,
    ids: { id: 'client' },
    answers: { 200: orgThresholdsAnswer },
  }),
  saveClientThresholds: defineCall({
    area: 'settings',
    method: 'POST',
    path: '/settings/client_settings/save_alert_thresholds/:id',
    summary: "Save a client's alert thresholds (or inherit them again); audited with old and new.",
    params: idParams,
    ids: { id: 'client' },
    json: saveOrgThresholdsBody,
    answers: { 200: orgThresholdsAnswer },
  }),
};
