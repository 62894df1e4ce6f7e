import {
  ENTITY_PAGE_SIZES,
  type EntityListAnswer,
  type EntityTable as EntityName,
  type EntityRows,
  toListPage,
} from '@lifeboat/contract';
import { Alert, Button, Group, Paper, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useCallList } from '../../api/useCall';
import { IconAlert } from '../../components/icons';
import { ListPager } from '../../components/lists/ListPager';
import { SearchBox } from '../../components/lists/SearchBox';
import type { ListState } from '../../components/lists/useListState';
import { entityListCall, entityListQuery } from './entitiesApi';
import { type RowActionHandlers, RowActions } from './RowActions';

export interface EntityColumn<R> {
  key: string;
  label: string;
  render: (row: R) => ReactNode;
  /** Hidden under this breakpoint (narrow screens keep the essentials). */
  visibleFrom?: 'sm' | 'md' | 'lg';
  align?: 'left' | 'right';
}

interface EntityTableProps<E extends EntityName> {
  entity: E;
  /** What the table lists, for labels: "clients". */
  noun: string;
  state: ListState;
  columns: EntityColumn<EntityRows[E]>[];
  rowLabel: (row: EntityRows[E]) => string;
  actions?: RowActionHandlers<EntityRows[E]>;
  /** Filters and buttons next to the search box. */
  toolbar?: ReactNode;
  searchPlaceholder?: string;
  /** Shown under the empty message (e.g. an Add button). */
  emptyAction?: ReactNode;
}

/** A generic server-side table (spec: 2 'Generic entity tables'): search, paging, row actions. */
export function EntityTable<E extends EntityName>(props: EntityTableProps<E>) {
  const { entity, noun, state, columns, rowLabel, actions, toolbar, searchPlaceholder, emptyAction } = props;
  const query = entityListQuery(state);
  const list = useCallList(entityListCall(entity), { query: {}, form: query }, (a) =>
    toListPage(a as EntityListAnswer<EntityRows[E]>, a.page, a.rows),
  );
  const data = list.data;
  const hasActions = actions !== undefined;
  const colCount = columns.length + (hasActions ? 1 : 0);

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <SearchBox
          value={state.search}
          onSearch={state.setSearch}
          label={`Search ${noun}`}
          placeholder={searchPlaceholder}
        />
        {toolbar && (
          <Group gap="sm" wrap="wrap">
            {toolbar}
          </Group>
        )}
      </Group>
      {list.isError && (
        <Alert color="red" icon={<IconAlert size={18} />} title={`The ${noun} could not be loaded`}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{list.error.message}</Text>
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => list.refetch()}>
                Try again
              </Button>
              {state.narrowed && (
                <Button size="xs" variant="default" onClick={state.clearAll}>
                  Show all {noun}
                </Button>
              )}
            </Group>
          </Stack>
        </Alert>
      )}
      {!(list.isError && !data) && (
        <Paper
          withBorder
          radius="md"
          pos="relative"
          style={{ overflow: 'hidden', opacity: list.isPlaceholderData ? 0.6 : 1 }}
        >
          <Table.ScrollContainer minWidth={340} type="native">
            <Table verticalSpacing="sm" highlightOnHover aria-label={noun} aria-busy={list.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((c) => (
                    <Table.Th key={c.key} visibleFrom={c.visibleFrom} ta={c.align}>
                      {c.label}
                    </Table.Th>
                  ))}
                  {hasActions && (
                    <Table.Th w={56}>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.isPending &&
                  Array.from({ length: 5 }, (_, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                    <Table.Tr key={i}>
                      <Table.Td colSpan={colCount}>
                        <Skeleton height={18} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                {data?.rows.map((row) => (
                  <Table.Tr key={row.id}>
                    {columns.map((c) => (
                      <Table.Td key={c.key} visibleFrom={c.visibleFrom} ta={c.align}>
                        {c.render(row)}
                      </Table.Td>
                    ))}
                    {hasActions && (
                      <Table.Td>
                        <RowActions row={row} label={rowLabel(row)} handlers={actions} />
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
                {data && data.rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={colCount}>
                      <Stack align="center" gap="xs" py="xl">
                        <Text c="dimmed">{data.emptyDesc}</Text>
                        {!state.search && emptyAction}
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {data && data.total > 0 && (
        <ListPager page={data} state={state} noun={noun} label={`${noun} pages`} sizes={ENTITY_PAGE_SIZES} />
      )}
    </Stack>
  );
}
