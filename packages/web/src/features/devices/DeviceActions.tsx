import { type DeviceAlertThresholdsAnswer, deviceCalls } from '@lifeboat/contract';
import { Button, Group, Progress, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { callQuery } from '../../api/useCall';
import { IconRecover } from '../../components/icons';
import { useRecoveryWizard } from '../recovery/wizardEntry';
import { AlertSettingsModal } from './AlertSettingsModal';
import { useDeviceCard } from './api';
import { IconBell, IconPlay } from './deviceIcons';
import { errorText } from './errors';
import { GeoPlusModal } from './GeoPlusModal';
import { flag, useCloudAutoVerify, useGeoPlus } from './useDeviceActions';

/** The device actions (spec 2.3 'Sidebar actions', 2.4 actions card), shown as the server grants. */
export function DeviceActions({ deviceId, inline = false }: { deviceId: number; inline?: boolean }) {
  const { card: a } = useDeviceCard(deviceId, 'get_device_actions');
  const wizard = useRecoveryWizard();
  const av = useCloudAutoVerify(deviceId, a?.autoverifyOperationId ?? null);
  const geo = useGeoPlus(deviceId);
  const qc = useQueryClient();
  const [geoTarget, setGeoTarget] = useState<boolean | null>(null);
  const [settings, setSettings] = useState<DeviceAlertThresholdsAnswer | null>(null);
  const [loadingSettings, setLoadingSettings] = useState(false);
  const settingsRunning = useRef(false);
  if (!a) return null;

  const openSettings = async () => {
    // spec 4 'Sidebar': repeat clicks are ignored while the request runs.
    if (settingsRunning.current) return;
    settingsRunning.current = true;
    setLoadingSettings(true);
    try {
      setSettings(
        // Direct-to-cloud by device, else with its appliance (the device's flow).
        await (a.applianceId === null
          ? qc.fetchQuery({
              ...callQuery(deviceCalls.alertThresholds, { params: { id: deviceId } }),
              staleTime: 0,
            })
          : qc.fetchQuery({
              ...callQuery(deviceCalls.applianceAlertThresholds, {
                params: { applianceId: a.applianceId, id: deviceId },
              }),
              staleTime: 0,
            })),
      );
    } catch (e) {
      flag('red', 'Alert settings', errorText(e));
    } finally {
      settingsRunning.current = false;
      setLoadingSettings(false);
    }
  };
  const toggleGeo = (value: boolean) => {
    // Switching on skips the confirmation when the server says so (spec 4 'Geo-plus').
    if (value && a.geoConfirmationDisabled) geo.mutate(true);
    else setGeoTarget(value);
  };
  const avDisabled = a.autoverifyDisabled || av.busy;
  const avTooltip = av.busy ? 'AutoVerify is queued for this system.' : a.autoverifyTooltip;
  const Wrap = inline ? Group : Stack;
  return (
    <Wrap gap="sm" data-testid="device-actions" {...(inline ? { wrap: 'wrap' as const } : {})}>
      {a.showRecover && (
        <Button
          leftSection={<IconRecover size={18} />}
          onClick={() => wizard.open({ kind: 'device', deviceId })}
          disabled={wizard.isOpen}
        >
          {a.recoveryTitle}
        </Button>
      )}
      {a.showAutoverify && (
        <Tooltip label={avTooltip} disabled={!avDisabled || !avTooltip} withArrow multiline w={240}>
          <span style={{ display: inline ? 'inline-block' : 'block' }}>
            <Button
              variant="light"
              fullWidth={!inline}
              leftSection={<IconPlay size={16} />}
              onClick={av.start}
              disabled={avDisabled}
              loading={av.busy && av.progress === null}
            >
              {av.busy ? 'AutoVerify queued' : a.autoverifyTitle}
            </Button>
          </span>
        </Tooltip>
      )}
      {av.progress !== null && (
        <Stack gap={2} miw={160}>
          <Progress value={av.progress} animated aria-label="AutoVerify progress" />
          {av.step && (
            <Text size="xs" c="dimmed">
              {av.step}
            </Text>
          )}
        </Stack>
      )}
      {a.showAlertSettings && (
        <Button
          variant="light"
          leftSection={<IconBell size={16} />}
          onClick={openSettings}
          loading={loadingSettings}
        >
          {a.alertTitle}
        </Button>
      )}
      {a.showGeoPlus && (
        <Tooltip label={a.geoPlusTooltip} withArrow multiline w={260}>
          <Switch
            label="Geo-plus"
            checked={a.geoPlusEnabled}
            disabled={geo.isPending}
            onChange={(e) => toggleGeo(e.currentTarget.checked)}
          />
        </Tooltip>
      )}
      <GeoPlusModal
        actions={a}
        target={geoTarget}
        onClose={() => setGeoTarget(null)}
        onConfirm={(v) => {
          setGeoTarget(null);
          geo.mutate(v);
        }}
      />
      <AlertSettingsModal
        deviceId={deviceId}
        deviceName={a.deviceName}
        settings={settings}
        onClose={() => setSettings(null)}
      />
    </Wrap>
  );
}
