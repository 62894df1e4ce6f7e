import { z } from 'zod';
import { defineCall, idParam, rawAnswer } from '../call';
import { entitySaveRefusal } from '../entities';
import {
  dateCreatedAnswer,
  entitiesListAnswer,
  generateReportAnswer,
  generateReportBody,
  regenerateReportBody,
  reportContentAnswer,
  reportDefinitionsAnswer,
  reportHistoryAnswer,
  reportOkAnswer,
  reportStatusAnswer,
  saveReportDefinitionAnswer,
  saveReportDefinitionBody,
} from '../reports';
import { errorResponse } from '../session';

// spec: inventory-reports-exports-security 7, the executive summary report's calls, and the
// schedule list, history and cancel that the spec does not show (docs/decisions.md).
const base = '/async_reports/executive_summary';

/** A day of the file name's period (YYYY-MM-DD). */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'The period must be days written as YYYY-MM-DD.');

export const reportCalls = {
  resellers: defineCall({
    area: 'reports',
    method: 'GET',
    path: `${base}/get_resellers_list`,
    right: 'view_reports',
    summary: 'The resellers whose clients the signed-in staff or distributor may report on (spec 6).',
    answers: { 200: entitiesListAnswer },
  }),
  clients: defineCall({
    area: 'reports',
    method: 'GET',
    path: `${base}/get_clients_list/:resellerId`,
    right: 'view_reports',
    summary: 'The clients of a reseller, for the client select.',
    params: z.object({ resellerId: idParam }),
    ids: { resellerId: 'reseller' },
    answers: { 200: entitiesListAnswer },
  }),
  dateCreated: defineCall({
    area: 'reports',
    method: 'GET',
    path: `${base}/get_date_created/:clientId`,
    right: 'view_reports',
    summary: "The client's creation date (seconds): a report cannot start before it.",
    params: z.object({ clientId: idParam }),
    ids: { clientId: 'client' },
    answers: { 200: dateCreatedAnswer },
  }),
  generate: defineCall({
    area: 'reports',
    method: 'POST',
    path: `${base}/generate_report`,
    right: 'view_reports',
    summary: 'Start generating an executive summary PDF for a client and period; answers the report id.',
    form: generateReportBody,
    ids: { client_id: 'client' },
    answers: { 200: generateReportAnswer },
  }),
  status: defineCall({
    area: 'reports',
    method: 'GET',
    path: `${base}/report_status/:reportId`,
    right: 'view_reports',
    summary: "A report's generation status, polled every 5 s until COMPLETED or FAILED.",
    params: z.object({ reportId: idParam }),
    ids: { reportId: 'report' },
    answers: { 200: reportStatusAnswer },
  }),
  cancel: defineCall({
    area: 'reports',
    method: 'POST',
    path: `${base}/cancel/:reportId`,
    right: 'view_reports',
    summary: "Cancel a report's generation (the builder's Cancel; not in the spec).",
    params: z.object({ reportId: idParam }),
    ids: { reportId: 'report' },
    answers: { 200: reportOkAnswer },
  }),
  regenerate: defineCall({
    area: 'reports',
    method: 'POST',
    path: `${base}/regenerate/:reportId`,
    right: 'view_reports',
    summary:
      "Generate a report again in place: the preview's Update with new texts, or Try again after a failure (not in the spec).",
    params: z.object({ reportId: idParam }),
    form: regenerateReportBody,
    ids: { reportId: 'report' },
    answers: { 200: generateReportAnswer },
  }),
  content: defineCall({
    area: 'reports',
    method: 'GET',
    path: `${base}/content/:reportId`,
    right: 'view_reports',
    summary: 'The generated PDF, base64, for the preview.',
    params: z.object({ reportId: idParam }),
    ids: { reportId: 'report' },
    answers: { 200: reportContentAnswer },
  }),
  download: defineCall({
    area: 'reports',
    method: 'GET',
    path: `${base}/download/:reportId/:from/:to`,
    right: 'view_reports',
    summary: 'Download the generated PDF, named after the client and period (audited).',
    access: 'navigation',
    params: z.object({ reportId: idParam, from: day, to: day }),
    ids: { reportId: 'report' },
    // For the suites: their world's report's period.
    examples: { from: '2026-10-01', to: '2026-10-31' },
    answers: { 200: rawAnswer('application/pdf', 'The executive summary report.') },
  }),
  saveDefinition: defineCall({
    area: 'reports',
    method: 'POST',
    path: '/api/v1/object/report_definition/save',
    right: 'view_reports',
    summary: 'Save (create or edit) a scheduled report: delivered by e-mail when each period ends.',
    form: saveReportDefinitionBody,
    ids: { id: 'report_definition' },
    // A refused save: the spec's is_error and errors next to the shared code, message and fields.
    answers: { 200: saveReportDefinitionAnswer, 400: z.union([entitySaveRefusal, errorResponse]) },
  }),
  definitions: defineCall({
    area: 'reports',
    method: 'GET',
    path: `${base}/schedules`,
    right: 'view_reports',
    summary: 'The scheduled reports the user may see, with their next delivery (not in the spec).',
    answers: { 200: reportDefinitionsAnswer },
  }),
  deleteDefinition: defineCall({
    area: 'reports',
    method: 'DELETE',
    path: `${base}/schedules/:id`,
    right: 'view_reports',
    summary: 'Delete a scheduled report (not in the spec).',
    params: z.object({ id: idParam }),
    ids: { id: 'report_definition' },
    answers: { 200: reportOkAnswer },
  }),
  history: defineCall({
    area: 'reports',
    method: 'GET',
    path: `${base}/history`,
    right: 'view_reports',
    summary: 'Reports generated and delivered, kept for the configured time (not in the spec).',
    answers: { 200: reportHistoryAnswer },
  }),
};
