import { failoverCalls, type RunningOffice, TABLE_ROWS_DEFAULT } from '@lifeboat/contract';
import {
  Anchor,
  Badge,
  EmptyState,
  Group,
  Pagination,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCall } from '../../api/useCall';
import { LoadFailedAlert } from '../../components/LoadFailedAlert';
import { PageHeader } from '../../components/PageHeader';
import { pointTimeText } from './format';

// The running virtual offices of the user's clients (issue 18.8): what the dashboard's 'Virtual
// office information' opens. Each row opens the client's virtual office tab, where it is followed
// or stopped (recovery-flow 4 'Failover').

const PHASE: Record<RunningOffice['phase'], { label: string; color: string }> = {
  new: { label: 'Starting', color: 'blue' },
  started: { label: 'Running', color: 'green' },
};

export function RunningOfficesPage() {
  const [page, setPage] = useState(1);
  const q = useCall(
    failoverCalls.runningOffices,
    { query: { page, rows: TABLE_ROWS_DEFAULT } },
    { placeholderData: keepPreviousData, refetchInterval: 30_000 },
  );
  const offices = q.data?.offices ?? [];
  const pages = q.data ? Math.max(1, Math.ceil(q.data.total / q.data.rows)) : 1;
  return (
    <Stack gap="md">
      <PageHeader
        title="Running virtual offices"
        subtitle="Virtual offices of your clients that are starting or running in the cloud."
      />
      {q.isPending && <Skeleton h={200} aria-label="Loading the virtual offices" />}
      {q.error && (
        <LoadFailedAlert
          title="The virtual offices could not be loaded"
          error={q.error}
          onRetry={() => void q.refetch()}
        />
      )}
      {q.data && q.data.total === 0 && (
        <Paper withBorder radius="md" p="xl">
          <EmptyState
            size="sm"
            title="No virtual office is running"
            description="A virtual office starts from the recovery wizard or a client's runbooks, and shows here while it runs."
          />
        </Paper>
      )}
      {offices.length > 0 && (
        <Paper withBorder radius="md">
          <ScrollArea type="auto">
            <Table verticalSpacing="sm" highlightOnHover aria-label="Running virtual offices">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Client</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th visibleFrom="sm">Started</Table.Th>
                  <Table.Th visibleFrom="sm">Stops by itself</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {offices.map((o) => (
                  <Table.Tr key={o.failover_id} data-testid="running-office">
                    <Table.Td>
                      <Anchor component={Link} to={`/client/details/${o.client_id}/1`} size="sm" fw={600}>
                        {o.client_name}
                      </Anchor>
                      {o.runbook_name && (
                        <Text size="xs" c="dimmed">
                          Runbook {o.runbook_name}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={o.type === 'test' ? 'gray' : 'orange'}>
                        {o.type === 'test' ? 'Test' : 'Production'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={PHASE[o.phase].color}>
                        {PHASE[o.phase].label}
                      </Badge>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <Text size="sm">
                        {o.started_at === null ? 'Starting…' : pointTimeText(o.started_at)}
                      </Text>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <Text size="sm" c={o.stop_at === null ? 'dimmed' : undefined}>
                        {o.stop_at === null ? 'No' : pointTimeText(o.stop_at)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Paper>
      )}
      {pages > 1 && (
        <Group justify="flex-end">
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            size="sm"
            aria-label="Virtual office pages"
          />
        </Group>
      )}
    </Stack>
  );
}
