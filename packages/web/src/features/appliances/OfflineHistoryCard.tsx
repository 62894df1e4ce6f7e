import type { ApplianceDetailsAnswer } from '@lifeboat/contract';
import { Card, Stack, Table, Text, Title } from '@mantine/core';
import { formatDateTime, formatDuration } from '../devices/format';

type Period = ApplianceDetailsAnswer['offline_history'][number];

/** An appliance's latest periods offline, newest first (issue 18.8). */
export function OfflineHistoryCard({ periods, now = Date.now() }: { periods: Period[]; now?: number }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4" id="offline-history">
          Offline history
        </Title>
        {periods.length === 0 ? (
          <Text size="sm" c="dimmed">
            This appliance has not been offline.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table aria-labelledby="offline-history" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Went offline</Table.Th>
                  <Table.Th>Back online</Table.Th>
                  <Table.Th>Offline for</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {periods.map((p) => (
                  <Table.Tr key={p.started_at}>
                    <Table.Td>{formatDateTime(p.started_at)}</Table.Td>
                    <Table.Td>{p.ended_at === null ? 'Still offline' : formatDateTime(p.ended_at)}</Table.Td>
                    <Table.Td>
                      {formatDuration((p.ended_at ?? now) - p.started_at)}
                      {p.ended_at === null ? ' so far' : ''}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
