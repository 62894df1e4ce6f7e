import { Button, Group } from '@mantine/core';
import { RbPointPicker } from '../../recovery/points/RbPointPicker';
import { azureKeys, fetchAzurePoints, saveAzurePoint } from '../api';
import type { AzureWizard } from '../useAzureWizard';

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
      queryKey={(year, month) => azureKeys.points(deviceId, year, month)}
      fetch={(year, month) => fetchAzurePoints(deviceId, year, month)}
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
