import { azureCalls, RB_INELIGIBLE_TEXT, type RbDeviceRow, rbIneligibility } from '@lifeboat/contract';
import { useCallback, useState } from 'react';
import { useCall } from '../../../api/useCall';
import { clearOffset } from '../../recovery/steps/rb/offsetCookie';
import { RbDeviceTable } from '../../recovery/steps/rb/RbDeviceTable';
import { saveAzureDevice } from '../api';
import type { AzureWizard } from '../useAzureWizard';
import { PasswordModal } from './PasswordModal';
import { usePreselect } from './usePreselect';

const why = (d: RbDeviceRow) => {
  const r = rbIneligibility(d, true);
  return r ? RB_INELIGIBLE_TEXT[r] : null;
};

/** The protected system step (dashboard-device-azure 5: not macOS or NAS; a key for a password). */
export function DeviceStep({ w }: { w: AzureWizard }) {
  const clientId = w.sel.client ?? 0;
  const q = useCall(azureCalls.devices, { params: { clientId } }, { enabled: clientId > 0 });
  const [asking, setAsking] = useState<RbDeviceRow | null>(null);
  const { choose } = w;
  const select = useCallback(
    (d: RbDeviceRow) => {
      // A new device: the calendar's remembered month belongs to the previous one (spec 7).
      clearOffset();
      return choose('device', d.id, d.psName, () => saveAzureDevice(d.id), {
        latestCloudRp: d.latestCloudRp,
      });
    },
    [choose],
  );
  const pick = useCallback(
    (d: RbDeviceRow) => (d.isPasswordProtected ? setAsking(d) : void select(d)),
    [select],
  );
  usePreselect(q.data?.data, w.sel.device, why, pick);
  return (
    <>
      <RbDeviceTable
        rows={q.data?.data}
        forDisk
        onChoose={pick}
        loading={q.isPending}
        error={q.error}
        onRetry={() => void q.refetch()}
      />
      <PasswordModal
        device={asking}
        onClose={() => setAsking(null)}
        onCorrect={(d) => {
          setAsking(null);
          void select(d);
        }}
      />
    </>
  );
}
