import { type DeviceRow, virtualizationCalls, vmShowsScreen } from '@lifeboat/contract';
import { useState } from 'react';
import { callUrl } from '../../api/call';

/**
 * The console screenshot of a running VM in its virtualized row (issue 12.4), drawn by the
 * appliance like the AutoVerify screenshots. Nothing while the VM does not run or the picture fails.
 */
export function VmScreen({ row }: { row: Pick<DeviceRow, 'id' | 'name' | 'sva_job_status'> }) {
  const [failed, setFailed] = useState(false);
  if (!vmShowsScreen(row.sva_job_status) || failed) return null;
  return (
    <img
      src={callUrl(virtualizationCalls.vmScreenshot, { deviceId: row.id })}
      alt={`Console of ${row.name}`}
      data-testid="vm-screen"
      width={96}
      height={72}
      style={{ display: 'block', marginTop: 6, borderRadius: 4, objectFit: 'cover' }}
      onError={() => setFailed(true)}
    />
  );
}
