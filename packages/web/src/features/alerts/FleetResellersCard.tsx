import { alertActionCalls, LIST_PAGE_SIZES, plural, toListPage } from '@lifeboat/contract';
import { Anchor, Card, Skeleton, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useCallList } from '../../api/useCall';
import { LoadFailedAlert } from '../../components/LoadFailedAlert';
import { ListPager } from '../../components/lists/ListPager';
import { useListState } from '../../components/lists/useListState';
import { ALERTS_POLL_MS } from './alertQueries';

/** The fleet home's ranking: the resellers with the most open alerts and failing systems first. */
export function FleetResellersCard() {
  const list = useListState({ prefix: 'rs', sizes: LIST_PAGE_SIZES });
  const query = { page: list.page, rows: list.rows };
  const page = useCallList(
    alertActionCalls.fleetResellers,
    { query },
    (a) => toListPage(a, list.page, list.rows),
    { refetchInterval: ALERTS_POLL_MS },
  );
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={2} size="h4" mb={4}>
        Resellers that need attention
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Ranked by open alerts, then by systems whose backups are failing.
      </Text>
      {page.isError && (
        <LoadFailedAlert
          title="Could not load the resellers"
          error={page.error}
          onRetry={() => void page.refetch()}
        />
      )}
      <Table.ScrollContainer minWidth={520}>
        <Table aria-label="Resellers by open alerts" aria-busy={page.isFetching} highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Reseller</Table.Th>
              <Table.Th ta="right">Open alerts</Table.Th>
              <Table.Th ta="right">Critical</Table.Th>
              <Table.Th ta="right">Failing systems</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {page.isPending &&
              [0, 1, 2].map((i) => (
                <Table.Tr key={i}>
                  {[0, 1, 2, 3].map((j) => (
                    <Table.Td key={j}>
                      <Skeleton height={14} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            {page.data?.rows.map((r) => (
              <Table.Tr key={r.reseller_id} data-reseller={r.reseller_id}>
                <Table.Td>
                  <Anchor component={Link} to={`/reseller/details/${r.reseller_id}`} fw={600}>
                    {r.name}
                  </Anchor>
                </Table.Td>
                <Table.Td ta="right">{r.open_alerts.toLocaleString('en-US')}</Table.Td>
                <Table.Td ta="right" c={r.critical_alerts > 0 ? '#b02525' : undefined}>
                  {r.critical_alerts.toLocaleString('en-US')}
                </Table.Td>
                <Table.Td ta="right">
                  {r.failing_systems.toLocaleString('en-US')}
                  <Text span size="xs" c="dimmed">
                    {' '}
                    of {plural(r.systems, 'system')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {page.data?.rows.length === 0 && (
        <Text c="dimmed" ta="center" py="md">
          {page.data.emptyDesc}
        </Text>
      )}
      {page.data && page.data.rows.length > 0 && (
        <ListPager
          page={page.data}
          state={list}
          noun="resellers"
          label="Reseller pages"
          sizes={LIST_PAGE_SIZES}
        />
      )}
    </Card>
  );
}
