import { reportCalls as c, type ReportDefinitionRow } from '@lifeboat/contract';
import { Anchor, Badge, Button, Card, Group, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callUrl } from '../../api/call';
import { formatDate, formatDateTime } from '../../format/dateTime';
import { reportKeys } from './api';

const when = (ms: number | null) => (ms === null ? 'paused' : formatDate(ms));

/** The scheduled reports with pause, resume and delete, and the history of generated reports. */
export function SchedulesCard() {
  const client = useQueryClient();
  const defs = useQuery({ queryKey: reportKeys.definitions(), queryFn: () => call(c.definitions) });
  const history = useQuery({ queryKey: reportKeys.history(), queryFn: () => call(c.history) });
  const refresh = () => client.invalidateQueries({ queryKey: reportKeys.all });
  const toggle = useMutation({
    mutationFn: (d: ReportDefinitionRow) =>
      call(c.saveDefinition, {
        form: {
          id: String(d.id),
          name: d.name,
          delivery_type: 'email',
          email_address: d.email_address.join(','),
          active: d.active ? '0' : '1',
          type: d.type,
          report_params: JSON.stringify({
            level: d.level,
            client_id: d.client_id,
            bandwidth_estimate: d.bandwidth_estimate,
          }),
        },
      }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => call(c.deleteDefinition, { params: { id } }),
    onSettled: refresh,
  });
  return (
    <Card withBorder>
      <Title order={4}>Scheduled reports</Title>
      {(defs.data?.definitions.length ?? 0) === 0 ? (
        <Text c="dimmed" size="sm">
          No report is scheduled.
        </Text>
      ) : (
        <Table>
          <Table.Tbody>
            {defs.data?.definitions.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>{d.client_name}</Table.Td>
                <Table.Td>
                  <Badge variant="light">{d.type}</Badge>
                </Table.Td>
                <Table.Td>{d.email_address.join(', ')}</Table.Td>
                <Table.Td>Next: {when(d.next_run_at)}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <Button size="xs" variant="default" onClick={() => toggle.mutate(d)}>
                      {d.active ? 'Pause' : 'Resume'}
                    </Button>
                    <Button size="xs" color="red" variant="subtle" onClick={() => remove.mutate(d.id)}>
                      Delete
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Title order={4} mt="md">
        Generated reports
      </Title>
      <Table>
        <Table.Tbody>
          {history.data?.reports.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{r.client_name}</Table.Td>
              <Table.Td>
                {r.from_date} to {r.to_date}
              </Table.Td>
              <Table.Td>{formatDateTime(r.created_at)}</Table.Td>
              <Table.Td>{r.created_by ?? ''}</Table.Td>
              <Table.Td>{r.sent_to.join(', ')}</Table.Td>
              <Table.Td>
                {r.status === 'COMPLETED' ? (
                  <Anchor href={callUrl(c.download, { reportId: r.id, from: r.from_date, to: r.to_date })}>
                    Download
                  </Anchor>
                ) : (
                  r.status.toLowerCase()
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
