import { SHARE_SLIDER, SHARE_STATUS } from '@lifeboat/contract';
import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { SharePaths } from '../SharePaths';
import { StepFooter } from '../StepFooter';
import type { StepProps } from '../types';
import { UnmountSlider } from '../UnmountSlider';
import { exposeOffline, useExposeOnce } from '../useExposeOnce';
import { useShareStatus } from '../useShareStatus';
import { exposeDisk } from './api';
import { DiskDownload } from './DiskDownload';

/**
 * exportVm: exposes the restore point's disk as a network share in the chosen format
 * (spec: recovery-flow 7 'Shares'), or follows the share already being exposed (load mode), polls
 * until it is active, then shows the paths, the unmount slider and the disk's download.
 */
export function ExportVmStep({ state, dispatch, close }: StepProps) {
  const d = state.data;
  const vm = d.vm;
  const format = vm.format ?? 'VMDK';
  const req = {
    applianceId: d.device?.appliance_id ?? 0,
    jobId: d.job?.id ?? 0,
    pointTs: d.point?.ts ?? 0,
    drive: d.drive,
    format,
    exportType: vm.exportType,
    fromFailover: vm.fromFailover,
  };
  const expose = useExposeOnce(
    { state, dispatch },
    JSON.stringify(req),
    () => exposeDisk(req),
    vm.loadShareId === null,
  );
  const shareId = vm.loadShareId ?? (expose.answer?.ok ? (expose.answer.shareId ?? 0) : 0);
  const status = useShareStatus(shareId);
  const active = status.data?.status === SHARE_STATUS.ACTIVE;
  const failed = status.data?.status === SHARE_STATUS.FAILED || status.data?.status === SHARE_STATUS.ENDED;

  return (
    <Stack gap="md">
      {expose.error && !exposeOffline(expose.error) && (
        <Alert color="red" title="The export could not be requested">
          {expose.error.message}
        </Alert>
      )}
      {failed && (
        <Alert color="red" title="The appliance could not publish the disk">
          {status.data?.error || 'The share ended before it was ready.'}
        </Alert>
      )}
      {!active && !failed && !expose.error && (
        <Center py="lg">
          <Group gap="sm">
            <Loader size="sm" aria-label="Exporting" />
            <Text c="dimmed">
              {shareId
                ? `Writing the ${format} disk on the appliance…`
                : `Asking the appliance to export the disk as ${format}…`}
            </Text>
          </Group>
        </Center>
      )}
      {active && status.data && (
        <>
          <SharePaths sharePath={status.data.sharePath} macSharePath={status.data.macSharePath} />
          {expose.answer && (
            <UnmountSlider
              shareId={shareId}
              options={expose.answer.unmountOptions ?? []}
              initial={expose.answer.unmountDefault ?? SHARE_SLIDER.default}
              expireTime={status.data.expireTime}
            />
          )}
          <DiskDownload shareId={shareId} format={format} />
        </>
      )}
      <StepFooter state={state} dispatch={dispatch}>
        <Button onClick={close} disabled={!active && !failed && !expose.error}>
          Done
        </Button>
      </StepFooter>
    </Stack>
  );
}
