import { reportCalls as c, REPORT_POLL_MS, type ReportStatusAnswer } from '@lifeboat/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { call } from '../../api/call';

// The report builder's server data (spec: inventory-reports-exports-security 7), cached by key.
export const reportKeys = {
  all: ['reports'] as const,
  resellers: () => [...reportKeys.all, 'resellers'] as const,
  clients: (resellerId: number) => [...reportKeys.all, 'clients', resellerId] as const,
  created: (clientId: number) => [...reportKeys.all, 'created', clientId] as const,
  status: (reportId: number) => [...reportKeys.all, 'status', reportId] as const,
  content: (reportId: number) => [...reportKeys.all, 'content', reportId] as const,
  definitions: () => [...reportKeys.all, 'definitions'] as const,
  history: () => [...reportKeys.all, 'history'] as const,
};

export const useResellers = (enabled: boolean) =>
  useQuery({ queryKey: reportKeys.resellers(), queryFn: () => call(c.resellers), enabled });

export const useClients = (resellerId: number | null) =>
  useQuery({
    queryKey: reportKeys.clients(resellerId ?? 0),
    queryFn: () => call(c.clients, { params: { resellerId: resellerId ?? 0 } }),
    enabled: resellerId !== null,
  });

export const useClientCreated = (clientId: number | null) =>
  useQuery({
    queryKey: reportKeys.created(clientId ?? 0),
    queryFn: () => call(c.dateCreated, { params: { clientId: clientId ?? 0 } }),
    enabled: clientId !== null,
  });

const settled = (s: ReportStatusAnswer | undefined) =>
  s?.status === 'COMPLETED' || s?.status === 'FAILED' || s?.status === 'CANCELLED';

/** spec 4: the status is polled every 5 s until COMPLETED or FAILED. */
export const useReportStatus = (reportId: number | null) =>
  useQuery({
    queryKey: reportKeys.status(reportId ?? 0),
    queryFn: () => call(c.status, { params: { reportId: reportId ?? 0 } }),
    enabled: reportId !== null,
    refetchInterval: (q) => (settled(q.state.data) ? false : REPORT_POLL_MS),
  });

export const useReportContent = (reportId: number | null) =>
  useQuery({
    queryKey: reportKeys.content(reportId ?? 0),
    queryFn: () => call(c.content, { params: { reportId: reportId ?? 0 } }),
    enabled: reportId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });

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
  queryClient.removeQueries({ queryKey: reportKeys.content(reportId) });
  queryClient.removeQueries({ queryKey: reportKeys.status(reportId) });
  await queryClient.invalidateQueries({ queryKey: reportKeys.history() });
}
