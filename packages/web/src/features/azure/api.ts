import { azureCalls as c } from '@lifeboat/contract';
import { call } from '../../api/call';

// The azure area's calls (spec: dashboard-device-azure 7 'Azure direct restore'; recovery-flow 7
// 'Azure export panels') and their query keys.

export const azureKeys = {
  all: ['azure'] as const,
  availability: () => [...azureKeys.all, 'availability'] as const,
  jobs: (scope: 'reseller' | 'client', id: number) => [...azureKeys.all, 'jobs', scope, id] as const,
};

export const fetchAzureAvailability = () => call(c.availability);
export const fetchAzureJobs = (scope: 'reseller' | 'client', id: number) =>
  scope === 'reseller'
    ? call(c.resellerJobs, { params: { resellerId: id } })
    : call(c.clientJobs, { params: { clientId: id } });
export const cancelAzureJob = (jobId: number) => call(c.cancel, { form: { job_id: jobId } });
export const dismissAzureJob = (jobId: number) => call(c.dismiss, { form: { job_id: jobId } });
