import { type AzureScope, azureCalls as c, recoveryCalls } from '@lifeboat/contract';
import { call } from '../../api/call';

// The azure area's calls (spec: dashboard-device-azure 7 'Azure direct restore'; recovery-flow 7
// 'Azure export panels') and their query keys.

export const azureKeys = {
  all: ['azure'] as const,
  availability: () => [...azureKeys.all, 'availability'] as const,
  resellerEnabled: (resellerId: number) => [...azureKeys.all, 'reseller-enabled', resellerId] as const,
  jobs: (scope: 'reseller' | 'client', id: number) => [...azureKeys.all, 'jobs', scope, id] as const,
  job: (id: number) => [...azureKeys.all, 'job', id] as const,
  data: () => [...azureKeys.all, 'data'] as const,
  clients: (resellerId: number) => [...azureKeys.all, 'clients', resellerId] as const,
  devices: (clientId: number) => [...azureKeys.all, 'devices', clientId] as const,
  points: (deviceId: number, year: number, month: number) =>
    [...azureKeys.all, 'points', deviceId, year, month] as const,
  code: (scope: AzureScope, login: number) => [...azureKeys.all, 'code', scope, login] as const,
  check: () => [...azureKeys.all, 'check'] as const,
  groups: (login: string) => [...azureKeys.all, 'groups', login] as const,
  accounts: (subscriptionId: string, group: string) =>
    [...azureKeys.all, 'accounts', subscriptionId, group] as const,
};

export const fetchAzureAvailability = () => call(c.availability);
export const fetchResellerAzureEnabled = (resellerId: number) =>
  call(c.resellerEnabled, { params: { id: resellerId } });
export const saveResellerAzureEnabled = (resellerId: number, enabled: boolean) =>
  call(c.setResellerEnabled, { json: { reseller_id: resellerId, enabled } });
export const fetchAzureJobs = (scope: 'reseller' | 'client', id: number) =>
  scope === 'reseller'
    ? call(c.resellerJobs, { params: { resellerId: id } })
    : call(c.clientJobs, { params: { clientId: id } });
export const fetchAzureJob = (jobId: number) => call(c.jobInfo, { params: { id: jobId } });
export const cancelAzureJob = (jobId: number) => call(c.cancel, { form: { job_id: jobId } });
export const dismissAzureJob = (jobId: number) => call(c.dismiss, { form: { job_id: jobId } });

// --- The wizard (dashboard-device-azure 4 'Azure wizard') ---------------------------------------

export const fetchAzureData = () => call(c.data);
export const fetchAzureClients = (resellerId: number) =>
  call(recoveryCalls.resellerClients, { params: { resellerId }, query: {} });
export const fetchAzureDevices = (clientId: number) => call(c.devices, { params: { clientId } });
export const fetchAzurePoints = (deviceId: number, year: number, month: number) =>
  call(c.restorePoints, { params: { deviceId, year: String(year), month: String(month) } });
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
export const fetchAzureCode = (scope: AzureScope) => call(c.authData, { params: { scope } });
export const checkAzureToken = () => call(c.checkToken);
export const resetAzureSession = () => call(c.resetSession);
export const fetchAzureGroups = () => call(c.resourceGroups);
export const fetchAzureAccounts = (subscriptionId: string, group: string) =>
  call(c.storageAccounts, { form: { subscription_id: subscriptionId, resource_group_name: group } });
export const startAzureRestore = () => call(c.start);

// --- The simulator's device login page ------------------------------------------------------------

export const lookupDeviceCode = (userCode: string) =>
  call(c.simDeviceLogin, { json: { user_code: userCode } });
export const consentDeviceCode = (userCode: string, account: string) =>
  call(c.simDeviceLogin, { json: { user_code: userCode, account } });
