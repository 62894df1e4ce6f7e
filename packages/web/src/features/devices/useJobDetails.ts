import { deviceCalls } from '@lifeboat/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/call';
import { deviceKeys } from './api';

/** GET /device/get_job_details/{machineId}/{documentId}/{inProgress}; machine 0 = any (decisions). */
export function useJobDetails(job: { machineId: number; documentId: number; inProgress: boolean } | null) {
  return useQuery({
    queryKey: deviceKeys.jobDetails(job?.machineId ?? 0, job?.documentId ?? 0),
    queryFn: ({ signal }) =>
      call(
        deviceCalls.jobDetails,
        {
          params: {
            machineId: job?.machineId ?? 0,
            documentId: job?.documentId ?? 0,
            inProgress: job?.inProgress ? 1 : 0,
          },
        },
        { signal },
      ),
    enabled: job !== null,
    // A run in progress changes: always fetch it fresh when opened.
    staleTime: 0,
  });
}
