import { recoveryCalls, SHARE_STATUS } from '@lifeboat/contract';
import { useCall } from '../../../api/useCall';

/**
 * A share being exposed, polled each second while the appliance mounts it (spec: recovery-flow 4
 * 'exposeCifsShare'); shared by the file share and the disk export steps. Only reads: the expose
 * itself is sent once by useExposeOnce, never from this query.
 */
export function useShareStatus(shareId: number) {
  return useCall(
    recoveryCalls.checkShare,
    { params: { shareId } },
    {
      enabled: shareId > 0,
      refetchInterval: (q) => (q.state.data?.status === SHARE_STATUS.PENDING ? 1000 : false),
    },
  );
}
