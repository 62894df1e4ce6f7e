import { type DeviceRow, type InventoryType, isVirtualizedType, type VmAction } from '@lifeboat/contract';
import {
  Alert,
  Button,
  Center,
  EmptyState,
  Loader,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { IconAlert, IconDevice } from '../../components/icons';
import { type InventoryFilter, useInventoryRows } from './api';
import { InventoryRow } from './InventoryRow';
import { SortHeader } from './SortHeader';
import { type SortState, sortRows } from './sortRows';
import { useInfiniteScroll } from './useInfiniteScroll';
import { useVmAction } from './useVmAction';

interface InventoryTableProps {
  filter: InventoryFilter;
  type: InventoryType;
  search: string;
}

/** A tab's rows: 40 at a time as the user scrolls; virtualized tabs live and sorted here. */
export function InventoryTable({ filter, type, search }: InventoryTableProps) {
  const virtualized = isVirtualizedType(type);
  const q = useInventoryRows(filter, type, search, virtualized);
  const vm = useVmAction();
  const [sort, setSort] = useState<SortState>({ key: 'name', desc: false });
  const rows = useMemo(() => {
    const all = q.data?.pages.flatMap((p) => p.rows) ?? [];
    return virtualized ? sortRows(all, sort) : all;
  }, [q.data, virtualized, sort]);
  const sentinel = useInfiniteScroll<HTMLDivElement>(() => {
    if (q.hasNextPage && !q.isFetchingNextPage) void q.fetchNextPage();
  }, q.hasNextPage && !q.isError);
  const onVmAction = (row: DeviceRow, action: VmAction) => vm.mutate({ row, action });
  const busyId = vm.isPending ? vm.variables?.row.id : undefined;

  if (q.isPending) return <TableSkeleton />;
  if (q.isError && rows.length === 0)
    return (
      <Alert color="red" icon={<IconAlert size={18} />} title="The devices could not be loaded">
        <Text size="sm">{q.error.message}</Text>
        <Button mt="sm" size="xs" variant="default" onClick={() => void q.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  if (rows.length === 0)
    return (
      <Paper withBorder radius="md" p="xl">
        <EmptyState
          icon={<IconDevice />}
          size="sm"
          title={search ? 'No device matches this search' : 'No devices here'}
          description={
            search
              ? `No device name contains “${search}”.`
              : virtualized
                ? 'No virtual machine runs for these devices.'
                : 'Devices appear here once an agent protects them.'
          }
        />
      </Paper>
    );

  return (
    <Stack gap="xs">
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={0}>
          <Table verticalSpacing="xs" highlightOnHover aria-label="Devices">
            <Table.Thead>
              <Table.Tr>
                <SortHeader label="Name" sortKey="name" sort={virtualized ? sort : null} onSort={setSort} />
                <SortHeader
                  label="Client"
                  sortKey="client"
                  sort={virtualized ? sort : null}
                  onSort={setSort}
                  visibleFrom="sm"
                />
                {virtualized ? (
                  <SortHeader label="Virtual machine" sortKey="state" sort={sort} onSort={setSort} />
                ) : (
                  <Table.Th>Health</Table.Th>
                )}
                {!virtualized && <Table.Th visibleFrom="md">Last restore point</Table.Th>}
                <Table.Th visibleFrom="md">Runs on</Table.Th>
                <Table.Th w={48}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <InventoryRow
                  key={r.id}
                  row={r}
                  virtualized={virtualized}
                  busy={busyId === r.id}
                  onVmAction={onVmAction}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <div ref={sentinel} aria-hidden="true" style={{ height: 1 }} />
      <Center mih={32}>
        {q.isFetchingNextPage ? (
          <Loader size="sm" aria-label="Loading more devices" />
        ) : q.isError ? (
          <Button size="xs" variant="default" onClick={() => void q.fetchNextPage()}>
            Loading more failed: try again
          </Button>
        ) : (
          <Text size="xs" c="dimmed" data-testid="inventory-shown">
            {q.hasNextPage ? `${rows.length} shown, scroll for more` : `All ${rows.length} shown`}
          </Text>
        )}
      </Center>
    </Stack>
  );
}

function TableSkeleton() {
  return (
    <Paper withBorder radius="md" p="md" aria-busy="true" aria-label="Loading devices">
      <Stack gap="sm">
        {Array.from({ length: 8 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
          <Skeleton key={i} height={28} radius="sm" />
        ))}
      </Stack>
    </Paper>
  );
}
