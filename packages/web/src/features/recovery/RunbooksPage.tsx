import { failoverCalls, type RunbookRow } from '@lifeboat/contract';
import {
  Badge,
  Button,
  EmptyState,
  Group,
  Menu,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { invalidateCalls, useCall } from '../../api/useCall';
import { IconDots } from '../../components/icons';
import { LoadFailedAlert } from '../../components/LoadFailedAlert';
import { PageHeader } from '../../components/PageHeader';
import { copyRunbook } from './failover-api';
import { pointTimeText } from './format';
import { DeleteRunbookModal } from './runbooks/DeleteRunbookModal';
import { RunbookDialog } from './runbooks/RunbookDialog';

const LAST_RUN: Record<string, { label: string; color: string }> = {
  awaiting_approval: { label: 'Waiting for approval', color: 'yellow' },
  new: { label: 'Starting', color: 'blue' },
  started: { label: 'Running', color: 'green' },
  finished: { label: 'Ran', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
  refused: { label: 'Refused', color: 'red' },
  expired: { label: 'Not approved', color: 'gray' },
};

function LastRun({ run }: { run: RunbookRow['last_run'] }) {
  if (!run)
    return (
      <Text size="sm" c="dimmed">
        Never run
      </Text>
    );
  const s = LAST_RUN[run.phase] ?? { label: run.phase, color: 'gray' };
  return (
    <Stack gap={2}>
      <Group gap={6}>
        <Badge size="sm" color={s.color} variant="light">
          {s.label}
        </Badge>
        <Text size="xs">{run.type === 'test' ? 'Test' : 'Production'}</Text>
      </Group>
      <Text size="xs" c="dimmed">
        {pointTimeText(run.at)} by {run.by}
      </Text>
    </Stack>
  );
}

type Dialog = { kind: 'create' } | { kind: 'edit'; id: number };

/**
 * A client's runbooks (client/runbooks/{clientId}; issue 16.2): the ordered plans of its virtual
 * office, each with its last run; create, edit, copy and delete (after a confirmation).
 */
export function RunbooksPage({ clientId }: { clientId: number }) {
  const qc = useQueryClient();
  const q = useCall(failoverCalls.runbookList, { params: { clientId } });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [deleting, setDeleting] = useState<RunbookRow | null>(null);
  const copy = useMutation({
    mutationFn: (r: RunbookRow) => copyRunbook(r.id),
    onSuccess: (_a, r) => {
      notifications.show({ color: 'green', message: `A copy of ${r.name} was created.`, autoClose: 5000 });
      void invalidateCalls(qc, [failoverCalls.runbookList.area]);
    },
    onError: (e) =>
      notifications.show({ color: 'red', title: 'The runbook was not copied', message: e.message }),
  });
  const rows = q.data?.runbooks ?? [];
  return (
    <Stack gap="md">
      <PageHeader
        title="Runbooks"
        eyebrow={q.data?.client_name ?? `Client ${clientId}`}
        actions={
          <Group gap="xs">
            <Button component={Link} to={`/client/details/${clientId}/1`} variant="default" size="xs">
              Virtual office
            </Button>
            <Button component={Link} to={`/client/details/${clientId}`} variant="default" size="xs">
              Back to the client
            </Button>
            <Button size="xs" onClick={() => setDialog({ kind: 'create' })} disabled={!q.data}>
              New runbook
            </Button>
          </Group>
        }
      />
      <Text size="sm" c="dimmed">
        A runbook starts this client's systems in the cloud in a set order, with their network settings, when
        its office is down or for a test.
      </Text>
      {q.isPending && <Skeleton h={200} aria-label="Loading the runbooks" />}
      {q.error && (
        <LoadFailedAlert
          title="The runbooks could not be loaded"
          error={q.error}
          onRetry={() => void q.refetch()}
        />
      )}
      {q.data && rows.length === 0 && (
        <Paper withBorder radius="md" p="xl">
          <EmptyState
            size="sm"
            title="No runbook yet"
            description="Create one to start this client's servers in the right order, with fixed addresses, in one click."
          >
            <Button size="xs" onClick={() => setDialog({ kind: 'create' })}>
              New runbook
            </Button>
          </EmptyState>
        </Paper>
      )}
      {rows.length > 0 && (
        <Paper withBorder radius="md">
          <ScrollArea type="auto">
            <Table verticalSpacing="sm" highlightOnHover aria-label="Runbooks">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th visibleFrom="sm">Runs in</Table.Th>
                  <Table.Th>Systems</Table.Th>
                  <Table.Th visibleFrom="sm">Password</Table.Th>
                  <Table.Th>Last run</Table.Th>
                  <Table.Th visibleFrom="md">Changed</Table.Th>
                  <Table.Th w={48} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.id} data-testid="runbook-row">
                    <Table.Td fw={600}>{r.name}</Table.Td>
                    <Table.Td visibleFrom="sm">{r.vo_type === 'cloud' ? 'Cloud' : 'Appliance'}</Table.Td>
                    <Table.Td>{r.systems_count}</Table.Td>
                    <Table.Td visibleFrom="sm">{r.password_protected ? 'Yes' : 'No'}</Table.Td>
                    <Table.Td>
                      <LastRun run={r.last_run} />
                    </Table.Td>
                    <Table.Td visibleFrom="md">
                      <Text size="xs">{pointTimeText(r.updated_at)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <Button variant="subtle" size="compact-sm" aria-label={`Actions for ${r.name}`}>
                            <IconDots size={16} />
                          </Button>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item onClick={() => setDialog({ kind: 'edit', id: r.id })}>Edit</Menu.Item>
                          <Menu.Item onClick={() => copy.mutate(r)}>Copy</Menu.Item>
                          <Menu.Item c="red.9" onClick={() => setDeleting(r)}>
                            Delete
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Paper>
      )}
      {q.data && (
        <RunbookDialog target={dialog} clientId={clientId} list={q.data} onClose={() => setDialog(null)} />
      )}
      <DeleteRunbookModal runbook={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
