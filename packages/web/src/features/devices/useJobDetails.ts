import { deviceCalls } from '@lifeboat/contract';
import { useCall } from '../../api/useCall';

/** GET /device/get_job_details/{machineId}/{documentId}/{inProgress}; machine 0 = any (decisions). */
export function useJobDetails(job: { machineId: number; documentId: number; inProgress: boolean } | null) {
  const params = {
    machineId: job?.machineId ?? 0,
    documentId: job?.documentId ?? 0,
    inProgress: job?.inProgress ? 1 : 0,
  };
  // A run in progress changes: always fetch it fresh when opened.
  return useCall(deviceCalls.jobDetails, { params }, { enabled: job !== null, staleTime: 0 });
}
