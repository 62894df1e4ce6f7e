import { ftpsCalls, rbIneligibility } from '@lifeboat/contract';
import { useEffect, useRef } from 'react';
import { useCall } from '../../../../api/useCall';
import { StepFooter } from '../StepFooter';
import type { StepProps } from '../types';
import { clearOffset } from './offsetCookie';
import { RbDeviceTable } from './RbDeviceTable';

/**
 * rbSetDevice: the second tool's systems; ineligible ones say why (spec: recovery-flow 5). A
 * wizard opened for a device chooses it by itself and is not asked again (spec: recovery-flow 2
 * 'Entry points'); if it cannot be exported this way, its row alone says why.
 */
export function RbSetDeviceStep({ state, dispatch }: StepProps) {
  const clientId = state.data.client?.id ?? 0;
  const forDisk = state.data.rb.kind === 'disk';
  const presetId = state.data.presetDevice ? state.data.device?.id : undefined;
  const q = useCall(ftpsCalls.rbDevices, { params: { clientId, applianceId: 0 } });
  const rows = presetId === undefined ? q.data?.data : q.data?.data.filter((r) => r.id === presetId);
  const preset = presetId === undefined ? undefined : rows?.[0];
  const auto = preset !== undefined && !rbIneligibility(preset, forDisk);
  const done = useRef(false);
  useEffect(() => {
    if (!auto || !preset || done.current || state.direction !== 'forward') return;
    done.current = true;
    clearOffset();
    dispatch({ type: 'rbChooseDevice', device: preset, auto: 'skip' });
  }, [auto, preset, state.direction, dispatch]);
  if (auto) return null;
  return (
    <>
      <RbDeviceTable
        rows={rows}
        forDisk={forDisk}
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
