import { deviceCalls, jobHistoryPage, jobTypeLabel, TABLE_ROWS_DEFAULT } from '@lifeboat/contract';
import { ActionIcon, Button, Group, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { invalidateCalls, useCallList } from '../../api/useCall';
import { ListPager } from '../../components/lists/ListPager';
import type { ListOptions } from '../../components/lists/listUrl';
import { useListState } from '../../components/lists/useListState';
import { useDeviceCard } from './api';
import { DeviceCard } from './DeviceCard';
import { IconRefresh } from './deviceIcons';
import { formatBytes, formatDateTime, formatDuration } from './format';
import { JobDetailsModal } from './JobDetailsModal';
import { JobLegendModal } from './JobLegendModal';
import { JOB_TYPE_STYLE, jobStatusStyle } from './jobStatus';
import { ToneBadge } from './ToneBadge';

/** The details page keeps its job history page in the url (?jobs.page=2). */
const JOB_LIST: ListOptions = { prefix: 'jobs' };

type Opened = { machineId: number; documentId: number; inProgress: boolean } | null;

/** Job history (spec 2.4): server-side pages, a legend and the details of each run. */
export function JobHistoryCard({ deviceId, compact = false }: { deviceId: number; compact?: boolean }) {
  const head = useDeviceCard(deviceId, 'job_history_details').card;
  const rows = compact ? 5 : (head?.rows_on_page ?? TABLE_ROWS_DEFAULT);
  // The sidebar's compact history pages on its own: the url belongs to the page under it.
  const url = useListState(JOB_LIST);
  const [sidebarPage, setSidebarPage] = useState(1);
  const page = compact ? sidebarPage : url.page;
  const paging = { page, rows, setPage: compact ? setSidebarPage : url.setPage, setRows: () => undefined };
  const [legend, setLegend] = useState(false);
  const [opened, setOpened] = useState<Opened>(null);
  const qc = useQueryClient();
  const q = useCallList(deviceCalls.jobHistory, { params: { id: deviceId, page, rows } }, (a) =>
    jobHistoryPage(a.job_history_data),
  );
  const data = q.data;
  const refresh = () => {
    setOpened(null);
    void invalidateCalls(qc, [deviceCalls.jobHistory]);
  };
  const cols = head?.job_history_columns ?? [];
  return (
    <DeviceCard
      title={head?.title ?? 'Job history'}
      ready={!!data && !!head}
      skeletonRows={5}
      testId="job-history"
      extra={
        <Group gap={4} wrap="nowrap">
          <Button variant="subtle" size="compact-sm" onClick={() => setLegend(true)}>
            Legend
          </Button>
          <Tooltip label={head?.refresh ?? 'Refresh'} withArrow>
            <ActionIcon
              variant="subtle"
              onClick={refresh}
              aria-label="Refresh the job history"
              loading={q.isFetching}
            >
              <IconRefresh size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      }
    >
      {data && data.rows.length === 0 && (
        <Text size="sm" c="dimmed">
          No job has run for this system yet.
        </Text>
      )}
      {data && data.rows.length > 0 && (
        <Table.ScrollContainer minWidth={compact ? 300 : 560}>
          <Table fz="sm" highlightOnHover style={{ opacity: q.isPlaceholderData ? 0.6 : 1 }}>
            <Table.Thead>
              <Table.Tr>
                {cols
                  .filter((c) => !compact || c.key === 'status' || c.key === 'start_time')
                  .map((c) => (
                    <Table.Th key={c.key}>{c.label}</Table.Th>
                  ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.rows.map((r) => {
                const st = jobStatusStyle(r.status);
                const open = () =>
                  setOpened({
                    machineId: r.machine_id,
                    documentId: r.document_id,
                    inProgress: r.in_progress,
                  });
                return (
                  // The whole row opens the job's details (issue 18.18); the badge stays the
                  // keyboard's button, so the row itself is not a second tab stop.
                  <Table.Tr
                    key={r.document_id}
                    onClick={open}
                    style={{ cursor: 'pointer' }}
                    data-testid="job-history-row"
                  >
                    <Table.Td>
                      <UnstyledButton
                        onClick={(e) => {
                          // The row's click opens it once.
                          e.stopPropagation();
                          open();
                        }}
                        aria-label={`Details of the ${r.status} job of ${formatDateTime(r.start_time)}`}
                      >
                        <ToneBadge colour={st.colour} icon={st.icon} style={{ cursor: 'pointer' }}>
                          {r.status}
                        </ToneBadge>
                      </UnstyledButton>
                    </Table.Td>
                    {!compact && (
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          {JOB_TYPE_STYLE[r.type]?.icon}
                          {jobTypeLabel(r.type, r.backup_type)}
                        </Group>
                      </Table.Td>
                    )}
                    <Table.Td>{formatDateTime(r.start_time)}</Table.Td>
                    {!compact && <Table.Td>{formatDuration(r.duration)}</Table.Td>}
                    {!compact && (
                      <Table.Td>
                        {r.status === 'Failed' || r.status === 'Missed' ? '—' : formatBytes(r.size)}
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {data && <ListPager page={data} state={paging} noun="runs" label="Job history pages" hideWhenOnePage />}
      <JobLegendModal opened={legend} onClose={() => setLegend(false)} />
      <JobDetailsModal job={opened} onClose={() => setOpened(null)} onRefresh={refresh} />
    </DeviceCard>
  );
}
