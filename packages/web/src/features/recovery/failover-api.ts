import { type CreateFailoverBody, failoverCalls as c, type RunbookForm } from '@lifeboat/contract';
import { queryOptions } from '@tanstack/react-query';
import { call, callUrl } from '../../api/call';

// The failover area's calls (spec: recovery-flow 7 'Virtual machine and failover', 'Runbooks';
// issue 16) and their query keys.

export const foKeys = {
  all: ['failover'] as const,
  setup: (tool: 'first' | 'second', clientId: number, deviceId: number | null) =>
    [...foKeys.all, 'setup', tool, clientId, deviceId] as const,
  office: (clientId: number) => [...foKeys.all, 'office', clientId] as const,
  status: (failoverId: number) => [...foKeys.all, 'status', failoverId] as const,
  runbookStatus: (runbookId: number) => [...foKeys.all, 'runbookStatus', runbookId] as const,
  clientRunbooks: (clientId: number) => [...foKeys.all, 'clientRunbooks', clientId] as const,
  check: (clientId: number, runbookId: number) => [...foKeys.all, 'check', clientId, runbookId] as const,
  runbooks: (clientId: number) => [...foKeys.all, 'runbooks', clientId] as const,
  runbook: (runbookId: number) => [...foKeys.all, 'runbook', runbookId] as const,
  approvals: () => [...foKeys.all, 'approvals'] as const,
};

/** The setup of the tool the wizard runs (load_brc_failover_setup or load_rb_failover_setup). */
export function fetchSetup(tool: 'first' | 'second', clientId: number, deviceId: number | null) {
  const applianceId = '0';
  if (tool === 'second')
    return deviceId
      ? call(c.rbSetupForDevice, { params: { clientId, applianceId, deviceId } })
      : call(c.rbSetup, { params: { clientId, applianceId } });
  return deviceId
    ? call(c.brcSetupForDevice, { params: { clientId, applianceId, deviceId } })
    : call(c.brcSetup, { params: { clientId, applianceId } });
}

export const fetchOffice = (clientId: number) =>
  call(c.getFailoverStatus, { params: { clientId, applianceId: '0' } });
/** The client's office (get_failover_status): the client page's panel and the wizard share it. */
export const officeQuery = (clientId: number) =>
  queryOptions({ queryKey: foKeys.office(clientId), queryFn: () => fetchOffice(clientId) });
export const createFailover = (json: CreateFailoverBody) => call(c.createFailover, { json });
export const fetchFailoverStatus = (failoverId: number) => call(c.failoverStatus, { params: { failoverId } });
export const stopFailover = (failoverId: number) =>
  call(c.stopFailover, { json: { failover_id: failoverId } });
export const screenshotUrl = (failoverId: number, systemId: number) =>
  callUrl(c.screenshot, { failoverId, systemId });
export const clientScriptUrl = (clientId: number, isTest: boolean) =>
  callUrl(c.clientScriptForType, { clientId, isTest: isTest ? '1' : '0' });
export const applianceScriptUrl = (applianceId: number) => callUrl(c.applianceScript, { applianceId });

export const fetchClientRunbooks = (clientId: number) =>
  call(c.clientRunbooks, { params: { clientId, type: 'cloud', applianceId: '0' } });
export const verifyRunbookPassword = (clientId: number, runbookId: number, password: string) =>
  call(c.verifyRunbookPassword, {
    json: { client_id: clientId, runbook_id: runbookId, password, is_recovery_flow: true },
  });
export const checkRunbook = (clientId: number, runbookId: number) =>
  call(c.checkRunbook, { json: { client_id: clientId, runbook_id: runbookId, vo_type: 'cloud' } });
export function startRunbook(q: {
  clientId: number;
  runbookId: number;
  password: string | null;
  isTest: boolean;
  autoStopMinutes: number;
}) {
  return call(c.startRunbook, {
    json: {
      client_id: q.clientId,
      runbook_id: q.runbookId,
      vo_type: 'cloud',
      type: q.isTest ? 'test' : 'production',
      ...(q.password ? { password: q.password } : {}),
      ...(q.isTest && q.autoStopMinutes > 0 ? { autostop_after_minutes: q.autoStopMinutes } : {}),
    },
  });
}
export const fetchRunbookStatus = (runbookId: number) =>
  call(c.runbookFailoverStatus, { params: { runbookId } });

export const fetchRunbookList = (clientId: number) => call(c.runbookList, { params: { clientId } });
export const fetchRunbook = (runbookId: number) => call(c.runbook, { params: { runbookId } });
export const createRunbook = (clientId: number, form: RunbookForm) =>
  call(c.createRunbook, { json: { client_id: clientId, ...form } });
export const editRunbook = (runbookId: number, form: RunbookForm) =>
  call(c.editRunbook, { params: { runbookId }, json: form });
export const copyRunbook = (runbookId: number) => call(c.copyRunbook, { params: { runbookId } });
export const deleteRunbook = (runbookId: number) => call(c.deleteRunbook, { params: { runbookId } });

export const fetchApprovals = () => call(c.approvalRequests);
export const approveFailover = (failoverId: number) => call(c.approve, { json: { failover_id: failoverId } });
export const withdrawFailover = (failoverId: number) =>
  call(c.withdraw, { json: { failover_id: failoverId } });
export const refuseFailover = (failoverId: number, reason: string) =>
  call(c.refuse, { json: { failover_id: failoverId, ...(reason ? { reason } : {}) } });
