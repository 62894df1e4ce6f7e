import { recoveryCalls as c } from '@lifeboat/contract';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../../api/client';
import { callQuery } from '../../../api/useCall';
import type { StepProps } from './types';

/** Loads what a client or device entry names before the first step (spec: recovery-flow 2 'Entry points'). */
export function LoadingStep({ state, dispatch }: StepProps) {
  const qc = useQueryClient();
  const entry = state.data.entry;
  useEffect(() => {
    let live = true;
    (async () => {
      if (entry.kind === 'reseller') return;
      const device =
        entry.kind === 'device'
          ? (
              await qc.fetchQuery(
                callQuery(c.deviceGet, { json: { scopeBy: 'device', forDevice: entry.deviceId } }),
              )
            ).list[0]
          : undefined;
      const clientId = entry.kind === 'client' ? entry.clientId : (device?.client_id ?? 0);
      const client = await qc.fetchQuery(callQuery(c.clientFeatureTypes, { params: { clientId } }));
      if (live) dispatch({ type: 'entryLoaded', client, device });
    })().catch((err: unknown) => {
      if (!live) return;
      const message = err instanceof ApiError ? err.message : 'The wizard could not load what it needs.';
      dispatch({ type: 'entryFailed', message });
    });
    return () => {
      live = false;
    };
  }, [entry, qc, dispatch]);
  return (
    <Center py="xl">
      <Stack align="center" gap="xs">
        <Loader aria-label="Loading" />
        <Text c="dimmed" size="sm">
          Getting the recovery options ready…
        </Text>
      </Stack>
    </Center>
  );
}
