import { type CreateFailoverBody, failoverCalls as c, type RunbookForm } from '@lifeboat/contract';
import { call, callUrl } from '../../api/call';

// The failover area's calls (spec: recovery-flow 7 'Virtual machine and failover', 'Runbooks';
// issue 16) that are not plain reads (those go through useCall).

/** The client's office (get_failover_status): the client page's panel and the wizard share it. */
export const officeInput = (clientId: number) => ({ params: { clientId, applianceId: '0' } });
export const createFailover = (json: CreateFailoverBody) => call(c.createFailover, { json });
export const stopFailover = (failoverId: number) =>
  call(c.stopFailover, { json: { failover_id: failoverId } });
export const screenshotUrl = (failoverId: number, systemId: number) =>
  callUrl(c.screenshot, { failoverId, systemId });
export const clientScriptUrl = (clientId: number, isTest: boolean) =>
  callUrl(c.clientScriptForType, { clientId, isTest: isTest ? '1' : '0' });
export const applianceScriptUrl = (applianceId: number) => callUrl(c.applianceScript, { applianceId });

export const verifyRunbookPassword = (clientId: number, runbookId: number, password: string) =>
  call(c.verifyRunbookPassword, {
    json: { client_id: clientId, runbook_id: runbookId, password, is_recovery_flow: true },
  });
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

export const createRunbook = (clientId: number, form: RunbookForm) =>
  call(c.createRunbook, { json: { client_id: clientId, ...form } });
export const editRunbook = (runbookId: number, form: RunbookForm) =>
  call(c.editRunbook, { params: { runbookId }, json: form });
export const copyRunbook = (runbookId: number) => call(c.copyRunbook, { params: { runbookId } });
export const deleteRunbook = (runbookId: number) => call(c.deleteRunbook, { params: { runbookId } });

export const approveFailover = (failoverId: number) => call(c.approve, { json: { failover_id: failoverId } });
export const withdrawFailover = (failoverId: number) =>
  call(c.withdraw, { json: { failover_id: failoverId } });
export const refuseFailover = (failoverId: number, reason: string) =>
  call(c.refuse, { json: { failover_id: failoverId, ...(reason ? { reason } : {}) } });
