import {
  applianceCalls,
  deviceTypeLabel,
  PLACED_SYSTEM_PAGE_SIZES,
  type PlacedSystemRow,
  toListPage,
} from '@lifeboat/contract';
import { Anchor, Card, Group, Skeleton, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useCallList } from '../../api/useCall';
import { ListPager } from '../../components/lists/ListPager';
import { SearchBox } from '../../components/lists/SearchBox';
import { useListState } from '../../components/lists/useListState';
import { HealthBadge } from '../dashboard/HealthBadge';
import { timeAgo } from '../devices/format';

const LIST = { prefix: 'sys', sizes: PLACED_SYSTEM_PAGE_SIZES } as const;

interface Props {
  kind: 'appliance' | 'vault';
  id: number;
  title: string;
}

/**
 * The protected systems behind an appliance or with copies in a vault: paged and searched by the
 * server (a vault may hold thousands), page and search in the url. The client column shows for a
 * vault (many clients); the appliance column too (a vault mixes appliances and direct-to-cloud).
 */
export function PlacedSystemsTable({ kind, id, title }: Props) {
  const state = useListState(LIST);
  const { page, rows, search } = state;
  const { data, isPending, isPlaceholderData, isFetching, error } = useCallList(
    kind === 'appliance' ? applianceCalls.systems : applianceCalls.vaultSystems,
    { params: { id }, query: { page, rows, search: search || undefined } },
    (a) => toListPage<PlacedSystemRow>(a, page, rows),
  );
  const vault = kind === 'vault';
  const cols = vault ? 6 : 5;
  return (
    <Card withBorder radius="md" padding="md" aria-busy={isFetching}>
      <Group justify="space-between" gap="xs" mb="sm">
        <Title order={2} size="h4" id={`${kind}-systems-title`}>
          {title}
        </Title>
        <SearchBox
          size="xs"
          label="Search protected systems"
          placeholder="System name"
          value={state.search}
          onSearch={state.setSearch}
        />
      </Group>
      {error && (
        <Text c="red.9" size="sm" role="alert" mb="xs">
          {error.message}
        </Text>
      )}
      <Table
        verticalSpacing="xs"
        highlightOnHover
        aria-labelledby={`${kind}-systems-title`}
        style={{ opacity: isPlaceholderData ? 0.6 : 1 }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Health</Table.Th>
            <Table.Th visibleFrom="sm">Type</Table.Th>
            {vault && <Table.Th visibleFrom="md">Client</Table.Th>}
            <Table.Th visibleFrom="md">{vault ? 'Appliance' : 'Client'}</Table.Th>
            <Table.Th visibleFrom="sm">Last restore point</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {isPending &&
            [0, 1, 2].map((i) => (
              <Table.Tr key={i}>
                <Table.Td colSpan={cols}>
                  <Skeleton height={14} radius="sm" />
                </Table.Td>
              </Table.Tr>
            ))}
          {data?.rows.map((r) => (
            <Table.Tr key={r.id} data-row-id={r.id}>
              <Table.Td>
                <Anchor component={Link} to={`/device/details/${r.id}`} size="sm" fw={600}>
                  {r.name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {r.os_name}
                </Text>
              </Table.Td>
              <Table.Td>
                <HealthBadge status={r.health_status} />
              </Table.Td>
              <Table.Td visibleFrom="sm">{deviceTypeLabel(r.device_type)}</Table.Td>
              {vault && <Table.Td visibleFrom="md">{r.client_name}</Table.Td>}
              <Table.Td visibleFrom="md">
                {vault ? (r.appliance_name ?? 'Direct to cloud') : r.client_name}
              </Table.Td>
              <Table.Td visibleFrom="sm">
                {r.last_rp_at === null ? 'None yet' : timeAgo(r.last_rp_at)}
              </Table.Td>
            </Table.Tr>
          ))}
          {data && data.rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={cols}>
                <Text size="sm" c="dimmed" ta="center" py="md" data-empty>
                  {data.emptyDesc}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      {data && (
        <ListPager
          page={data}
          state={state}
          noun="systems"
          label={`${title} pages`}
          sizes={PLACED_SYSTEM_PAGE_SIZES}
          hideWhenOnePage
        />
      )}
    </Card>
  );
}
