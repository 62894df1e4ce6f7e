import { SHARE_SLIDER, SHARE_STATUS } from '@lifeboat/contract';
import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../api/client';
import { checkShare, exposeShare, recoveryKeys } from '../api';
import { exposeOutcome } from '../engine/outcomes';
import { SharePaths } from './SharePaths';
import { StepFooter } from './StepFooter';
import type { StepProps } from './types';
import { UnmountSlider } from './UnmountSlider';

/** exposeCifsShare: expose, poll until EXPOSE_SHARE_ACTIVE, then the paths and the unmount slider. */
export function ExposeShareStep({ state, dispatch, close }: StepProps) {
  const d = state.data;
  const qc = useQueryClient();
  const req = {
    applianceId: d.device?.appliance_id ?? 0,
    jobId: d.job?.id ?? 0,
    pointTs: d.point?.ts ?? 0,
    drive: d.drive,
    format: d.format,
  };
  // One request per point and format; its outcome moves the wizard on.
  const expose = useQuery({
    queryKey: [...recoveryKeys.all, 'expose', req],
    queryFn: async () => {
      try {
        const answer = await exposeShare(req);
        const outcome = exposeOutcome(answer);
        if (outcome.kind !== 'ok') {
          qc.removeQueries({ queryKey: [...recoveryKeys.all, 'expose', req] });
          dispatch({ type: 'exposeResult', outcome });
        }
        return answer;
      } catch (err) {
        // No answer from the appliance (504) or none at all: applianceOffline.
        if (err instanceof ApiError && (err.status === 504 || err.status === 0)) {
          qc.removeQueries({ queryKey: [...recoveryKeys.all, 'expose', req] });
          dispatch({ type: 'exposeResult', outcome: { kind: 'offline' } });
        }
        throw err;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const shareId = expose.data?.ok ? (expose.data.shareId ?? 0) : 0;
  const status = useQuery({
    queryKey: [...recoveryKeys.all, 'share-status', shareId],
    queryFn: () => checkShare(shareId),
    enabled: shareId > 0,
    refetchInterval: (q) => (q.state.data?.status === SHARE_STATUS.PENDING ? 1000 : false),
  });
  const active = status.data?.status === SHARE_STATUS.ACTIVE;

  return (
    <Stack gap="md">
      {expose.error &&
        !(expose.error instanceof ApiError && (expose.error.status === 504 || expose.error.status === 0)) && (
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
      {active && expose.data && (
        <>
          <SharePaths
            sharePath={status.data?.sharePath ?? ''}
            macSharePath={status.data?.macSharePath ?? ''}
          />
          <UnmountSlider
            shareId={shareId}
            options={expose.data.unmountOptions ?? []}
            initial={expose.data.unmountDefault ?? SHARE_SLIDER.default}
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
