import { reportCalls as c, type reportHistoryRow } from '@lifeboat/contract';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callUrl } from '../../api/call';
import { ApiError } from '../../api/client';
import { regenerateReport } from './api';

type Row = z.infer<typeof reportHistoryRow>;

const BUSY = 'Being generated';

/**
 * A generated report's last cell: its download, or what became of it. A failed report says why and
 * offers to try again in place (spec 8 'generation failed'; a failure never stays "pending").
 */
export function ReportHistoryStatus({ report: r }: { report: Row }) {
  const queryClient = useQueryClient();
  const retry = useMutation({ mutationFn: () => regenerateReport(queryClient, r.id) });
  if (r.status === 'COMPLETED')
    return (
      <Anchor
        href={callUrl(c.download, { reportId: r.id, from: r.from_date, to: r.to_date })}
        aria-label={`Download the report of ${r.client_name}, ${r.from_date} to ${r.to_date}`}
      >
        Download
      </Anchor>
    );
  if (r.status === 'PENDING' || r.status === 'RUNNING') return <Text size="sm">{BUSY}</Text>;
  const failed = r.status === 'FAILED';
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm" c={failed ? 'red.8' : undefined} fw={failed ? 600 : undefined}>
        {failed ? 'Failed' : 'Cancelled'}
      </Text>
      {failed && r.message && (
        <Text size="sm" maw={320}>
          {r.message}
        </Text>
      )}
      {retry.isError && (
        <Text size="sm" c="red.8" role="alert">
          {retry.error instanceof ApiError
            ? retry.error.message
            : 'The report was not started: please try again.'}
        </Text>
      )}
      <Button
        size="compact-sm"
        variant="default"
        loading={retry.isPending}
        onClick={() => retry.mutate()}
        aria-label={`Try again: the report of ${r.client_name}, ${r.from_date} to ${r.to_date}`}
      >
        Try again
      </Button>
    </Stack>
  );
}
