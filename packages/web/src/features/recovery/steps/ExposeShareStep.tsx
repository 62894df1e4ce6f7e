import { SHARE_SLIDER, SHARE_STATUS } from '@lifeboat/contract';
import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { exposeShare } from '../api';
import { SharePaths } from './SharePaths';
import { StepFooter } from './StepFooter';
import type { StepProps } from './types';
import { UnmountSlider } from './UnmountSlider';
import { exposeOffline, useExposeOnce } from './useExposeOnce';
import { useShareStatus } from './useShareStatus';

/** exposeCifsShare: expose, poll until EXPOSE_SHARE_ACTIVE, then the paths and the unmount slider. */
export function ExposeShareStep({ state, dispatch, close }: StepProps) {
  const d = state.data;
  const req = {
    applianceId: d.device?.appliance_id ?? 0,
    jobId: d.job?.id ?? 0,
    pointTs: d.point?.ts ?? 0,
    drive: d.drive,
    format: d.format,
  };
  const expose = useExposeOnce({ state, dispatch }, JSON.stringify(req), () => exposeShare(req));
  const shareId = expose.answer?.ok ? (expose.answer.shareId ?? 0) : 0;
  const status = useShareStatus(shareId);
  const active = status.data?.status === SHARE_STATUS.ACTIVE;

  return (
    <Stack gap="md">
      {expose.error && !exposeOffline(expose.error) && (
        <Alert color="red" title="The share could not be requested">
          {expose.error.message}
        </Alert>
      )}
      {status.data?.status === SHARE_STATUS.FAILED && (
        <Alert color="red" title="The appliance could not publish the share">
          {status.data.error}
        </Alert>
      )}
      {!active && !expose.error && status.data?.status !== SHARE_STATUS.FAILED && (
        <Center py="lg">
          <Group gap="sm">
            <Loader size="sm" aria-label="Exposing the share" />
            <Text c="dimmed">
              {shareId
                ? 'Mounting the restore point on the appliance…'
                : 'Asking the appliance to expose the restore point…'}
            </Text>
          </Group>
        </Center>
      )}
      {active && expose.answer && (
        <>
          <SharePaths
            sharePath={status.data?.sharePath ?? ''}
            macSharePath={status.data?.macSharePath ?? ''}
          />
          <UnmountSlider
            shareId={shareId}
            options={expose.answer.unmountOptions ?? []}
            initial={expose.answer.unmountDefault ?? SHARE_SLIDER.default}
            expireTime={status.data?.expireTime ?? null}
          />
        </>
      )}
      <StepFooter state={state} dispatch={dispatch}>
        <Button onClick={close} disabled={!active}>
          Done
        </Button>
      </StepFooter>
    </Stack>
  );
}
