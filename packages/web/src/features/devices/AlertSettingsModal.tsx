import {
  type DeviceAlertThresholdsAnswer,
  type ThresholdKind,
  type ThresholdSetting,
  thresholdScale,
} from '@lifeboat/contract';
import { Alert, Button, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client';
import { deviceKeys, saveThresholdsPath } from './api';
import { errorText } from './errors';
import { ThresholdField, type ThresholdValue } from './ThresholdField';
import { flag } from './useDeviceActions';

interface Props {
  deviceId: number;
  deviceName: string;
  /** The loaded settings; null keeps the modal closed. */
  settings: DeviceAlertThresholdsAnswer | null;
  onClose: () => void;
}

const toValue = (t: ThresholdSetting): ThresholdValue => ({
  minutes: t.minutes,
  enabled: t.enabled,
  error: null,
});

/** Alert settings: the device's thresholds, saved for real (decisions 'Devices'). */
export function AlertSettingsModal({ deviceId, deviceName, settings, onClose }: Props) {
  return (
    <Modal opened={settings !== null} onClose={onClose} title={`Alert settings: ${deviceName}`} size="lg">
      {settings && <AlertSettingsForm deviceId={deviceId} settings={settings} onClose={onClose} />}
    </Modal>
  );
}

function AlertSettingsForm({
  deviceId,
  settings,
  onClose,
}: Omit<Props, 'deviceName'> & { settings: DeviceAlertThresholdsAnswer }) {
  const qc = useQueryClient();
  const [values, setValues] = useState<Partial<Record<ThresholdKind, ThresholdValue>>>(() =>
    Object.fromEntries(settings.thresholds.map((t) => [t.kind, toValue(t)])),
  );
  const backup = settings.thresholds.find((t) => t.kind !== 'local_cache');
  const cache = settings.thresholds.find((t) => t.kind === 'local_cache');
  const save = useMutation({
    mutationFn: () => {
      const b = backup ? values[backup.kind] : undefined;
      const c = values.local_cache;
      return api<DeviceAlertThresholdsAnswer>(saveThresholdsPath(settings.appliance_id), {
        method: 'POST',
        form: {
          id: deviceId,
          backup_minutes: b?.minutes,
          backup_enabled: b?.enabled,
          local_cache_minutes: c?.minutes,
          local_cache_enabled: c?.enabled,
        },
      });
    },
    onSuccess: () => {
      flag('green', 'Alert settings saved', 'The protection summary shows the new thresholds.');
      void qc.invalidateQueries({ queryKey: deviceKeys.device(deviceId) });
      onClose();
    },
  });
  const invalid = Object.values(values).some((v) => v?.error);
  const field = (t: ThresholdSetting, label: string) => {
    const v = values[t.kind];
    if (!v) return null;
    return (
      <ThresholdField
        label={label}
        scale={thresholdScale(t.kind)}
        value={v}
        onChange={(next) => setValues((all) => ({ ...all, [t.kind]: next }))}
      />
    );
  };
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Lifeboat alerts when the newest restore point is older than the threshold.
        {backup?.inherited ? ' These values are inherited now; saving sets them for this system only.' : ''}
      </Text>
      {backup && field(backup, backup.kind === 'workstation' ? 'Workstation backups' : 'Server backups')}
      {cache && <Divider />}
      {cache && field(cache, 'Local cache')}
      {save.isError && (
        <Alert color="red" title="Not saved">
          {errorText(save.error)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={() => save.mutate()} loading={save.isPending} disabled={invalid}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}
