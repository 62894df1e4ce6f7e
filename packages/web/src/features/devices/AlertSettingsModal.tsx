import {
  alertSettingsForm,
  type DeviceAlertThresholdsAnswer,
  deviceCalls,
  type ThresholdKind,
  type ThresholdSetting,
  thresholdScale,
} from '@lifeboat/contract';
import { Alert, Button, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call';
import { invalidateCalls } from '../../api/useCall';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { ThresholdField } from './ThresholdField';
import { flag } from './useDeviceActions';

interface Props {
  deviceId: number;
  deviceName: string;
  /** The loaded settings; null keeps the modal closed. */
  settings: DeviceAlertThresholdsAnswer | null;
  onClose: () => void;
}

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
  const backup = settings.thresholds.find(
    (t): t is ThresholdSetting & { kind: 'server' | 'workstation' } => t.kind !== 'local_cache',
  );
  const cache = settings.thresholds.find((t) => t.kind === 'local_cache');
  const typed = (t: ThresholdSetting | undefined, kind: ThresholdKind) =>
    String((t?.minutes ?? thresholdScale(kind).defaultMinutes) / thresholdScale(kind).multiplier);
  const { form, onSubmit, formError, saving } = useSchemaForm(alertSettingsForm(backup?.kind ?? 'server'), {
    defaultValues: {
      backup_minutes: typed(backup, backup?.kind ?? 'server'),
      backup_enabled: backup?.enabled ?? true,
      // A NAS has no local cache: its default is checked but not sent.
      local_cache_minutes: typed(cache, 'local_cache'),
      local_cache_enabled: cache?.enabled ?? true,
    },
    inputs: cache ? ['backup_minutes', 'local_cache_minutes'] : ['backup_minutes'],
    send: async (v) => {
      const body = {
        id: deviceId,
        backup_minutes: v.backup_minutes,
        backup_enabled: v.backup_enabled,
        ...(cache
          ? { local_cache_minutes: v.local_cache_minutes, local_cache_enabled: v.local_cache_enabled }
          : {}),
      };
      // Direct-to-cloud by device; otherwise through its appliance (spec 9).
      await (settings.appliance_id === null
        ? call(deviceCalls.saveAlertThresholds, { form: body })
        : call(deviceCalls.saveApplianceAlertThresholds, {
            params: { applianceId: settings.appliance_id },
            form: body,
          }));
      flag('green', 'Alert settings saved', 'The protection summary shows the new thresholds.');
      void invalidateCalls(qc, ['devices']);
      onClose();
    },
  });
  const { control, trigger } = form;
  const invalid = Object.keys(form.formState.errors).length > 0;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Lifeboat alerts when the newest restore point is older than the threshold.
          {backup?.inherited ? ' These values are inherited now; saving sets them for this system only.' : ''}
        </Text>
        {backup && (
          <ThresholdField
            label={backup.kind === 'workstation' ? 'Workstation backups' : 'Server backups'}
            scale={thresholdScale(backup.kind)}
            control={control}
            name="backup_minutes"
            enabledName="backup_enabled"
            check={(name) => void trigger(name)}
          />
        )}
        {cache && <Divider />}
        {cache && (
          <ThresholdField
            label="Local cache"
            scale={thresholdScale('local_cache')}
            control={control}
            name="local_cache_minutes"
            enabledName="local_cache_enabled"
            check={(name) => void trigger(name)}
          />
        )}
        {formError && (
          <Alert color="red" title="Not saved">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={saving} disabled={invalid}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
