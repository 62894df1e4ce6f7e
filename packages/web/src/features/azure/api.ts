import { azureCalls as c } from '@lifeboat/contract';
import { call } from '../../api/call';
import { callQuery } from '../../api/useCall';

// The azure area's calls (spec: dashboard-device-azure 7 'Azure direct restore'; recovery-flow 7
// 'Azure export panels'): the writes the wizard's steps send; the steps read through useCall.

/** A scope's Azure jobs, as the export panel reads them (recovery-flow 7). */
export const azureJobsQuery = (scope: 'reseller' | 'client', id: number) =>
  scope === 'reseller'
    ? callQuery(c.resellerJobs, { params: { resellerId: id } })
    : callQuery(c.clientJobs, { params: { clientId: id } });

export const saveResellerAzureEnabled = (resellerId: number, enabled: boolean) =>
  call(c.setResellerEnabled, { json: { reseller_id: resellerId, enabled } });
export const cancelAzureJob = (jobId: number) => call(c.cancel, { form: { job_id: jobId } });
export const dismissAzureJob = (jobId: number) => call(c.dismiss, { form: { job_id: jobId } });

// --- The wizard (dashboard-device-azure 4 'Azure wizard') ---------------------------------------

export const fetchAzureData = () => call(c.data);
export const verifyAzurePassword = (machineId: number, password: string) =>
  call(c.verifyPsPassword, { json: { machine_id: machineId, password } });
export const saveAzureClient = (clientId: number) => call(c.setClient, { form: { client_id: clientId } });
export const saveAzureDevice = (deviceId: number) => call(c.setDevice, { form: { device_id: deviceId } });
export const saveAzurePoint = (pointId: number) =>
  call(c.setRestorePoint, { form: { snapshot_name: pointId } });
export const saveAzureGroup = (g: { subscription_id: string; subscription_name: string; name: string }) =>
  call(c.setResourceGroup, {
    form: {
      subscription_id: g.subscription_id,
      subscription_name: g.subscription_name,
      resource_group_name: g.name,
    },
  });
export const saveAzureAccount = (a: { name: string; region: string }) =>
  call(c.setStorageAccount, { form: { storage_account_name: a.name, storage_account_region: a.region } });
export const resetAzureSession = () => call(c.resetSession);
export const startAzureRestore = () => call(c.start);

// --- The simulator's device login page ------------------------------------------------------------

export const lookupDeviceCode = (userCode: string) =>
  call(c.simDeviceLogin, { json: { user_code: userCode } });
export const consentDeviceCode = (userCode: string, account: string) =>
  call(c.simDeviceLogin, { json: { user_code: userCode, account } });
