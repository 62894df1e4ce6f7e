import { ftpsCalls } from '@lifeboat/contract';
import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { invalidateCalls, useCall } from '../../../../api/useCall';
import type { StepProps } from '../types';
import { FtpsCredentialsTable } from './FtpsCredentialsTable';

/** exportComplete: host, port, login, password, expiration days, FTP clients, copy buttons. */
export function ExportCompleteStep({ state, close }: StepProps) {
  const { exportId, password } = state.data.rb;
  const q = useCall(
    ftpsCalls.credentials,
    { json: { export_id: exportId ?? 0, ...(password ? { password } : {}) } },
    { staleTime: Number.POSITIVE_INFINITY, gcTime: 0 },
  );
  const c = q.data?.credentials;
  // The export feed behind the wizard shows the new export without waiting for its next poll.
  const qc = useQueryClient();
  useEffect(() => {
    void invalidateCalls(qc, [ftpsCalls.ffrRecords, ftpsCalls.diskRecords]);
  }, [qc]);
  return (
    <Stack gap="md">
      {q.isPending && <Skeleton h={160} />}
      {(q.error || q.data?.error) && (
        <Alert color="red" role="alert">
          {q.error?.message ?? q.data?.error}
        </Alert>
      )}
      {c && (
        <>
          <Text size="sm">
            Connect with an FTP client that speaks explicit FTPS (FTP over TLS). The password is shown here
            and, later, from the FTPS export activity.
          </Text>
          <FtpsCredentialsTable credentials={c} />
        </>
      )}
      <Group justify="flex-end">
        {q.error && (
          <Button variant="default" loading={q.isFetching} onClick={() => void q.refetch()}>
            Try again
          </Button>
        )}
        <Button onClick={close}>Done</Button>
      </Group>
    </Stack>
  );
}
