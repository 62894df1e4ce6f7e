import { reportCalls as c, REPORT_POLL_MS, type ReportDefinitionRow } from '@lifeboat/contract';
import { Badge, Button, Card, Group, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../api/call';
import { invalidateCalls, useCall } from '../../api/useCall';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatDate, formatDateTime } from '../../format/dateTime';
import { EditScheduleDialog } from './EditScheduleDialog';
import { ReportHistoryStatus } from './ReportHistoryStatus';
import { definitionForm } from './scheduleDefinition';

const when = (ms: number | null) => (ms === null ? 'paused' : formatDate(ms));

/** The scheduled reports with pause, resume and delete, and the history of generated reports. */
export function SchedulesCard() {
  const client = useQueryClient();
  const defs = useCall(c.definitions, {});
  const history = useCall(
    c.history,
    {},
    {
      // A report being generated turns into a download or a failure without a reload.
      refetchInterval: (q) =>
        q.state.data?.reports.some((r) => r.status === 'PENDING' || r.status === 'RUNNING')
          ? REPORT_POLL_MS
          : false,
    },
  );
  const refresh = () => invalidateCalls(client, ['reports']);
  const toggle = useMutation({
    mutationFn: (d: ReportDefinitionRow) =>
      call(c.saveDefinition, { form: definitionForm(d, { active: !d.active }) }),
    onSettled: refresh,
  });
  const [editing, setEditing] = useState<ReportDefinitionRow | null>(null);
  const [deleting, setDeleting] = useState<ReportDefinitionRow | null>(null);
  return (
    <Card withBorder>
      <EditScheduleDialog definition={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete scheduled report"
        message={`The report for ${deleting?.client_name ?? ''} will no longer be e-mailed.`}
        confirmLabel="Delete"
        onConfirm={async () => {
          if (deleting) await call(c.deleteDefinition, { params: { id: deleting.id } });
          await refresh();
        }}
        onClose={() => setDeleting(null)}
      />
      <Title order={2} size="h4">
        Scheduled reports
      </Title>
      {(defs.data?.definitions.length ?? 0) === 0 ? (
        <Text c="dimmed" size="sm">
          No report is scheduled.
        </Text>
      ) : (
        <Table aria-label="Scheduled reports">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Client</Table.Th>
              <Table.Th>Frequency</Table.Th>
              <Table.Th>Sent to</Table.Th>
              <Table.Th>Next report</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
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
                    <Button size="xs" variant="default" onClick={() => setEditing(d)}>
                      Edit
                    </Button>
                    <Button size="xs" color="red" variant="subtle" onClick={() => setDeleting(d)}>
                      Delete
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Title order={2} size="h4" mt="md">
        Generated reports
      </Title>
      {history.isSuccess && history.data.reports.length === 0 && (
        <Text c="dimmed" size="sm">
          No report was generated in the history period.
        </Text>
      )}
      {/* Below its width the history scrolls sideways instead of being cut off. */}
      <Table.ScrollContainer minWidth={720}>
        <Table aria-label="Generated reports">
          {(history.data?.reports.length ?? 0) > 0 && (
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Client</Table.Th>
                <Table.Th>Period</Table.Th>
                <Table.Th>Generated</Table.Th>
                <Table.Th>By</Table.Th>
                <Table.Th>Sent to</Table.Th>
                <Table.Th>Report</Table.Th>
              </Table.Tr>
            </Table.Thead>
          )}
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
                  <ReportHistoryStatus report={r} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
