import { azureCalls } from '@lifeboat/contract';
import { Button, Group } from '@mantine/core';
import { call } from '../../../api/call';
import { callKey } from '../../../api/useCall';
import { RbPointPicker } from '../../recovery/points/RbPointPicker';
import { saveAzurePoint } from '../api';
import type { AzureWizard } from '../useAzureWizard';

const monthOf = (deviceId: number, year: number, month: number) => ({
  params: { deviceId, year: String(year), month: String(month) },
});

/** The restore point step: the shared picker on the Azure call (dashboard-device-azure 5). */
export function PointStep({ w }: { w: AzureWizard }) {
  const deviceId = w.sel.device ?? 0;
  if (!deviceId) return null;
  return (
    // Keyed by the device: changing it reloads the picker (spec 4).
    <RbPointPicker
      key={deviceId}
      machineId={deviceId}
      latestCloudRp={(w.extra.latestCloudRp as number | null | undefined) ?? null}
      queryKey={(year, month) => callKey(azureCalls.restorePoints, monthOf(deviceId, year, month))}
      fetch={(year, month) => call(azureCalls.restorePoints, monthOf(deviceId, year, month))}
      action={(point) => (
        <Group justify="flex-end">
          <Button
            disabled={point === null}
            onClick={() =>
              point &&
              void w.choose('restorePoint', String(point.id), point.label, () => saveAzurePoint(point.id))
            }
          >
            Use this restore point
          </Button>
        </Group>
      )}
    />
  );
}
