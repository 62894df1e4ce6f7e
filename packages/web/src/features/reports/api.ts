import { reportCalls as c, REPORT_POLL_MS, type ReportStatusAnswer } from '@lifeboat/contract';
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../api/call';
import { callKey, invalidateCalls } from '../../api/useCall';

// The report builder's server data (spec: inventory-reports-exports-security 7): read with
// useCall; what is shared between its steps lives here.

const settled = (s: ReportStatusAnswer | undefined) =>
  s?.status === 'COMPLETED' || s?.status === 'FAILED' || s?.status === 'CANCELLED';

/** spec 4: the status is polled every 5 s until COMPLETED or FAILED. */
export const pollUntilSettled = (q: { state: { data?: ReportStatusAnswer } }) =>
  settled(q.state.data) ? false : REPORT_POLL_MS;

/**
 * Generate a report again in place (Update with the preview's texts, Try again with none): its
 * old PDF and status leave the cache, and the history shows it being generated.
 */
export async function regenerateReport(
  queryClient: QueryClient,
  reportId: number,
  form: { summary_overview?: string; suggested_actions?: string; bandwidth_estimate?: string } = {},
): Promise<void> {
  await call(c.regenerate, { params: { reportId }, form });
  queryClient.removeQueries({ queryKey: callKey(c.content, { params: { reportId } }) });
  queryClient.removeQueries({ queryKey: callKey(c.status, { params: { reportId } }) });
  await invalidateCalls(queryClient, [c.history]);
}
