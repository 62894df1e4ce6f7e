import { z } from 'zod';
import {
  azureAuthAnswer,
  azureAvailabilityAnswer,
  azureCheckAnswer,
  azureDataAnswer,
  azureJobBody,
  azureJobInfoAnswer,
  azureJobsAnswer,
  azureOkAnswer,
  azureResourceGroupsAnswer,
  azureStartAnswer,
  azureStorageAccountsAnswer,
  azureSuccessAnswer,
  resellerAzureAnswer,
  setAzureClientBody,
  setAzureDeviceBody,
  setAzureResourceGroupBody,
  setAzureRestorePointBody,
  setAzureStorageAccountBody,
  setResellerAzureBody,
  simDeviceLoginAnswer,
  simDeviceLoginBody,
} from '../azure';
import { defineCall, idParam, type TenantObject } from '../call';
import {
  rbDevicesAnswer,
  rbRestorePointsAnswer,
  verifyPsPasswordAnswer,
  verifyPsPasswordBody,
} from '../ftps';

// spec: dashboard-device-azure 7 'Azure direct restore'; recovery-flow 7 'Azure export panels'.

const area = 'azure';
const segment = z.string().max(32);
const set = <const P extends string, F extends z.ZodObject>(
  path: P,
  form: F,
  what: string,
  ids?: Record<string, TenantObject>,
) =>
  defineCall({
    area,
    method: 'POST',
    path,
    right: 'recover',
    summary: `Save the wizard's ${what} in the user's Azure session (ok false: the selection is dropped).`,
    form,
    ...(ids ? { ids } : {}),
    answers: { 200: azureOkAnswer },
  });
const jobs = <const P extends string, S extends z.ZodObject>(
  path: P,
  params: S,
  ids: Record<string, 'reseller' | 'client'>,
) =>
  defineCall({
    area,
    method: 'GET',
    path,
    right: 'read',
    summary: 'The Azure export panel: the Azure direct restore jobs not yet dismissed.',
    params,
    ids,
    answers: { 200: azureJobsAnswer },
  });

export const azureCalls = {
  availability: defineCall({
    area,
    method: 'GET',
    path: '/azure_export/availability',
    right: 'read',
    summary:
      "Does the user's reseller have azure_restore_enabled (never for the provider's staff)? The panels load only then (not in the spec).",
    answers: { 200: azureAvailabilityAnswer },
  }),
  resellerEnabled: defineCall({
    area,
    method: 'GET',
    path: '/azure_export/get_reseller_azure_enabled/:id',
    right: 'read',
    summary: "Whether a reseller has azure_restore_enabled, for the staff's switch (not in the spec).",
    params: z.object({ id: idParam }),
    ids: { id: 'reseller' },
    answers: { 200: resellerAzureAnswer },
  }),
  setResellerEnabled: defineCall({
    area,
    method: 'POST',
    path: '/azure_export/set_reseller_azure_enabled',
    right: 'manage_platform',
    summary:
      "The provider's staff switch azure_restore_enabled for a reseller and its clients (audited with the old and new value; not in the spec).",
    json: setResellerAzureBody,
    ids: { reseller_id: 'reseller' },
    answers: { 200: resellerAzureAnswer },
  }),
  data: defineCall({
    area,
    method: 'GET',
    path: '/azure_export/get_and_reset_azure_data',
    right: 'recover',
    summary: "Start the Azure wizard afresh: the user's reseller (and client for a client user).",
    answers: { 200: azureDataAnswer },
  }),
  devices: defineCall({
    area,
    method: 'GET',
    path: '/client/load_rb_devices_table_data/:clientId',
    right: 'recover',
    summary: "A client's second-tool devices with their eligibility (the Azure wizard's device step).",
    params: z.object({ clientId: idParam }),
    ids: { clientId: 'client' },
    answers: { 200: rbDevicesAnswer },
  }),
  restorePoints: defineCall({
    area,
    method: 'GET',
    path: '/azure_export/get_rb_device_restore_points/:deviceId/:year/:month',
    right: 'recover',
    summary: "A month of a system's cloud restore points for the Azure wizard's calendar.",
    params: z.object({ deviceId: idParam, year: segment, month: segment }),
    ids: { deviceId: 'rb_system' },
    // For the suites: the month of their world's restore points.
    examples: { year: '2026', month: '11' },
    answers: { 200: rbRestorePointsAnswer },
  }),
  verifyPsPassword: defineCall({
    area,
    method: 'POST',
    path: '/azure_export/verify_ps_password',
    right: 'recover',
    summary: "Check a password-protected system's password before it is chosen.",
    json: verifyPsPasswordBody,
    ids: { machine_id: 'rb_system' },
    answers: { 200: verifyPsPasswordAnswer },
  }),
  setClient: set('/azure_export/set_azure_client', setAzureClientBody, 'client', { client_id: 'client' }),
  setDevice: set('/azure_export/set_azure_device', setAzureDeviceBody, 'protected system', {
    device_id: 'rb_system',
  }),
  setRestorePoint: set('/azure_export/set_azure_restore_point', setAzureRestorePointBody, 'restore point', {
    snapshot_name: 'rb_restore_point',
  }),
  setResourceGroup: set(
    '/azure_export/set_azure_resource_group',
    setAzureResourceGroupBody,
    'resource group',
  ),
  setStorageAccount: set(
    '/azure_export/set_azure_storage_account',
    setAzureStorageAccountBody,
    'storage account',
  ),
  authData: defineCall({
    area,
    method: 'GET',
    path: '/azure_export/get_azure_authentication_data/:scope',
    right: 'recover',
    summary: 'A new device code for the resource manager or the storage sign-in (lives 900 s).',
    params: z.object({ scope: segment }),
    answers: { 200: azureAuthAnswer },
  }),
  checkToken: defineCall({
    area,
    method: 'POST',
    path: '/azure_export/check_refresh_token/',
    right: 'recover',
    summary: 'Has the user signed in with the current code yet (polled every 3 s)?',
    answers: { 200: azureCheckAnswer },
  }),
  resetSession: defineCall({
    area,
    method: 'POST',
    path: '/azure_export/reset_azure_session/',
    right: 'recover',
    summary: 'Forget the Azure sign-in and the selections after the restore point (change account).',
    answers: { 200: azureSuccessAnswer },
  }),
  resourceGroups: defineCall({
    area,
    method: 'GET',
    path: '/azure_export/get_resource_groups',
    right: 'recover',
    summary: 'The resource groups of the signed-in Azure account, across its subscriptions.',
    answers: { 200: azureResourceGroupsAnswer },
  }),
  storageAccounts: defineCall({
    area,
    method: 'POST',
    path: '/azure_export/get_storage_accounts',
    right: 'recover',
    summary: 'The storage accounts of a resource group.',
    form: z.object({
      subscription_id: z.string().trim().min(1).max(64),
      resource_group_name: z.string().trim().min(1).max(90),
    }),
    answers: { 200: azureStorageAccountsAnswer },
  }),
  start: defineCall({
    area,
    method: 'POST',
    path: '/azure_export/start_azure_recover',
    right: 'recover',
    summary: "Start restoring the session's restore point into its storage account (an operation).",
    answers: { 200: azureStartAnswer },
  }),
  resellerJobs: jobs('/reseller/get_azure_jobs/:resellerId', z.object({ resellerId: idParam }), {
    resellerId: 'reseller',
  }),
  clientJobs: jobs('/client/get_azure_jobs/:clientId', z.object({ clientId: idParam }), {
    clientId: 'client',
  }),
  jobDetails: defineCall({
    area,
    method: 'GET',
    path: '/azure_export/job_details/:id',
    right: 'recover',
    summary: "An Azure job's blocks: what was restored, where, and the resulting disks.",
    params: z.object({ id: idParam }),
    ids: { id: 'azure_job' },
    answers: { 200: azureJobInfoAnswer },
  }),
  jobInfo: defineCall({
    area,
    method: 'GET',
    path: '/azure_export/get_job_info/:id',
    right: 'recover',
    summary: "An Azure job's live status and progress.",
    params: z.object({ id: idParam }),
    ids: { id: 'azure_job' },
    answers: { 200: azureJobInfoAnswer },
  }),
  cancel: defineCall({
    area,
    method: 'POST',
    path: '/azure_export/cancel_azure_job',
    right: 'recover',
    summary: 'Cancel a running Azure job.',
    form: azureJobBody,
    ids: { job_id: 'azure_job' },
    answers: { 200: azureSuccessAnswer },
  }),
  dismiss: defineCall({
    area,
    method: 'POST',
    path: '/azure_export/dismiss_azure_job',
    right: 'recover',
    summary: 'Remove a finished Azure job from the panels.',
    form: azureJobBody,
    ids: { job_id: 'azure_job' },
    answers: { 200: azureSuccessAnswer },
  }),
  // The simulator's stand-in for Microsoft's device login page: public, as Microsoft's page
  // knows nothing of the console's session; 404 with a real Azure adapter.
  simDeviceLogin: defineCall({
    area,
    method: 'POST',
    path: '/api/sim/azure/devicelogin',
    summary:
      "The simulator's device login page: look a user code up (the accounts that may sign in), or with an account, sign in and consent (spends the code).",
    access: 'public',
    json: simDeviceLoginBody,
    answers: { 200: simDeviceLoginAnswer },
  }),
};
