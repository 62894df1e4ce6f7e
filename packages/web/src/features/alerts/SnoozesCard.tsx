import { alertActionCalls, type SnoozeRow, toListPage } from '@lifeboat/contract';
import { Alert, Badge, Button, Card, Group, Modal, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useCallList, useCallMutation } from '../../api/useCall';
import { ListPager } from '../../components/lists/ListPager';
import { useListState } from '../../components/lists/useListState';
import { formatDateTime } from '../../format/dateTime';

const TARGET: Record<SnoozeRow['target_type'], string> = {
  reseller: 'Reseller',
  client: 'Client',
  system: 'System',
  appliance: 'Appliance',
};

/** The snoozes and maintenance windows holding now or still to come, each endable. */
export function SnoozesCard({ canEnd }: { canEnd: boolean }) {
  const list = useListState({ prefix: 'sn' });
  const query = { page: list.page, rows: list.rows };
  const page = useCallList(alertActionCalls.snoozeList, { query }, (a) =>
    toListPage(a, list.page, list.rows),
  );
  const [ending, setEnding] = useState<SnoozeRow | null>(null);
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={2} size="h4" mb="xs">
        Snoozed and in maintenance
      </Title>
      {page.isError && <Alert color="red">{page.error.message}</Alert>}
      {page.isPending && <Skeleton height={40} />}
      {page.data && page.data.rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {page.data.emptyDesc}
        </Text>
      )}
      {page.data && page.data.rows.length > 0 && (
        <Table.ScrollContainer minWidth={600}>
          <Table aria-label="Snoozes and maintenance windows">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Silenced</Table.Th>
                <Table.Th>When</Table.Th>
                <Table.Th>Why</Table.Th>
                {canEnd && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {page.data.rows.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {s.target_name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {TARGET[s.target_type]} · {s.kind === 'maintenance' ? 'maintenance window' : 'snoozed'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {s.active ? (
                      <Badge color="#495057" variant="outline" radius="sm">
                        Now
                      </Badge>
                    ) : null}
                    <Text size="xs">
                      {s.active
                        ? `Until ${formatDateTime(s.ends_at)}`
                        : `${formatDateTime(s.starts_at)} to ${formatDateTime(s.ends_at)}`}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{s.reason}</Text>
                    <Text size="xs" c="dimmed">
                      By {s.created_by}
                    </Text>
                  </Table.Td>
                  {canEnd && (
                    <Table.Td>
                      <Button size="xs" variant="default" onClick={() => setEnding(s)}>
                        {s.active ? 'End now' : 'Cancel'}
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {page.data && (
        <ListPager page={page.data} state={list} noun="silences" label="Snooze pages" hideWhenOnePage />
      )}
      {ending && <EndSnooze snooze={ending} onClose={() => setEnding(null)} />}
    </Card>
  );
}

function EndSnooze({ snooze, onClose }: { snooze: SnoozeRow; onClose: () => void }) {
  const end = useCallMutation(alertActionCalls.endSnooze);
  return (
    <Modal opened onClose={onClose} title={snooze.active ? 'End this silence now?' : 'Cancel this window?'}>
      <Stack gap="md">
        <Text size="sm">{snooze.target_name}’s next alert changes will be e-mailed again as usual.</Text>
        {end.error && <Alert color="red">{end.error.message}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Back
          </Button>
          <Button
            loading={end.isPending}
            onClick={() => end.mutate({ params: { id: snooze.id } }, { onSuccess: onClose })}
          >
            {snooze.active ? 'End now' : 'Cancel the window'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
