import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fetchFtpsCredentials, ftpsKeys } from '../../ftps-api';
import type { StepProps } from '../types';
import { FtpsCredentialsTable } from './FtpsCredentialsTable';

/** exportComplete: host, port, login, password, expiration days, FTP clients, copy buttons. */
export function ExportCompleteStep({ state, close }: StepProps) {
  const { exportId, password } = state.data.rb;
  const q = useQuery({
    queryKey: [...ftpsKeys.all, 'credentials', exportId],
    queryFn: () => fetchFtpsCredentials(exportId ?? 0, password),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const c = q.data?.credentials;
  // The export feed behind the wizard shows the new export without waiting for its next poll.
  const qc = useQueryClient();
  useEffect(() => {
    void qc.invalidateQueries({ queryKey: [...ftpsKeys.all, 'records'] });
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
