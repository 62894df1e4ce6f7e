import { useQuery } from '@tanstack/react-query';
import { fetchRbDevices, ftpsKeys } from '../../ftps-api';
import { StepFooter } from '../StepFooter';
import type { StepProps } from '../types';
import { clearOffset } from './offsetCookie';
import { RbDeviceTable } from './RbDeviceTable';

/** rbSetDevice: the second tool's systems; ineligible ones say why (spec: recovery-flow 5). */
export function RbSetDeviceStep({ state, dispatch }: StepProps) {
  const clientId = state.data.client?.id ?? 0;
  const q = useQuery({ queryKey: ftpsKeys.devices(clientId), queryFn: () => fetchRbDevices(clientId) });
  return (
    <>
      <RbDeviceTable
        rows={q.data?.data}
        forDisk={state.data.rb.kind === 'disk'}
        onChoose={(device) => {
          // The calendar's remembered month belongs to the previous device.
          clearOffset();
          dispatch({ type: 'rbChooseDevice', device });
        }}
        loading={q.isPending}
        error={q.error}
        onRetry={() => void q.refetch()}
      />
      <StepFooter state={state} dispatch={dispatch} />
    </>
  );
}
