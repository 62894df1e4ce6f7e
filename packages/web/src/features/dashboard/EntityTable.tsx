import {
  DASHBOARD_SORTS,
  type DashboardOwner,
  type DashboardTable,
  dashboardCalls,
  type EntityBlockConfig,
} from '@lifeboat/contract';
import { Badge, Card, Group, Skeleton, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';
import { useCall } from '../../api/useCall';
import { ListPager } from '../../components/lists/ListPager';
import { SearchBox } from '../../components/lists/SearchBox';
import { SortableTh } from '../../components/lists/SortableTh';
import { useListState } from '../../components/lists/useListState';
import { COLUMN_FROM } from './columnBreakpoints';
import { countBadgeText } from './countBadge';
import { type TableState, useTable } from './dashboardApi';
import classes from './EntityTable.module.css';
import { TableFilter } from './TableFilter';
import { tableOptions } from './tableOptions';

export type CellRenderers<Row> = Record<string, (row: Row) => ReactNode>;

interface EntityTableProps<Row extends { id: number }> {
  /** Whose table and which: they name the declared calls (the config's urls are the same paths). */
  owner: DashboardOwner;
  table: DashboardTable;
  config: EntityBlockConfig;
  /** The reseller (or client) the table belongs to. */
  ownerId: number;
  cells: CellRenderers<Row>;
}

/**
 * One entity table of the dashboard (spec 2.2 block 8): filters, search, server-side pages and
 * sort, count label, empty description, single selection. Filters (the health one shared with
 * the quick filters), search, sort and page live in the url under the table's prefix.
 * Pagination hides when one page holds all.
 */
export function EntityTable<Row extends { id: number }>({
  owner,
  table,
  config,
  ownerId,
  cells,
}: EntityTableProps<Row>) {
  const state = useListState(useMemo(() => tableOptions(table, config), [table, config]));
  const [selected, setSelected] = useState<number | null>(null);
  const query: TableState = {
    page: state.page,
    rows: state.rows,
    filters: state.filters,
    search: state.search,
    sort: state.sort ?? { column: 'name', dir: 'asc' },
  };
  const { data, isPending, isFetching, isPlaceholderData, error } = useTable<Row>(
    owner,
    table,
    ownerId,
    query,
  );
  const count = useCall(dashboardCalls.owner[owner].count[table], { params: { id: ownerId } });
  const sortable: readonly string[] = DASHBOARD_SORTS[table];
  // Under a filter or a search the badge says how many of the table's rows match.
  const filtered = state.search !== '' || Object.keys(state.filters).length > 0;
  const narrowedTo = filtered && data && !isPlaceholderData ? data : null;
  const from = COLUMN_FROM[table];

  const tableId = config.datatable_id;
  return (
    <Card withBorder padding="md" radius="md" data-table={tableId} aria-busy={isFetching}>
      <Group justify="space-between" mb="sm" gap="xs">
        <Group gap="xs">
          <Title order={2} size="h4" id={`${tableId}-title`}>
            {config.title_label}
          </Title>
          {count.data && (
            <Badge variant="light" color="gray" autoContrast data-count>
              {countBadgeText(count.data.count_label, narrowedTo)}
            </Badge>
          )}
        </Group>
        <SearchBox
          size="xs"
          label={`Search ${config.title_label.toLowerCase()}`}
          placeholder={config.search.placeholder}
          value={state.search}
          onSearch={state.setSearch}
        />
      </Group>
      <Group gap="xs" mb="sm">
        {config.filters.map((f) => (
          <TableFilter
            key={f.key}
            filter={f}
            owner={owner}
            table={table}
            ownerId={ownerId}
            tableTitle={config.title_label}
            value={state.filters[f.key] ?? []}
            onChange={(v) => state.setFilter(f.key, v)}
          />
        ))}
      </Group>
      {error && (
        <Text c="red.9" size="sm" mb="xs" role="alert">
          {error.message}
        </Text>
      )}
      {/* Columns hide by width (COLUMN_FROM), so the table fits without scrolling sideways. */}
      <Table.ScrollContainer minWidth={0}>
        <Table
          verticalSpacing="xs"
          highlightOnHover
          aria-labelledby={`${tableId}-title`}
          className={classes.table}
          style={{ opacity: isPlaceholderData ? 0.6 : 1 }}
        >
          <Table.Thead>
            <Table.Tr>
              {config.columns.map((c) => (
                <SortableTh
                  key={c.key}
                  column={c.key}
                  label={c.label}
                  state={state}
                  sortable={sortable.includes(c.key)}
                  visibleFrom={from[c.key]}
                />
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {isPending &&
              Array.from({ length: 3 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows
                <Table.Tr key={i}>
                  {config.columns.map((c) => (
                    <Table.Td key={c.key} visibleFrom={from[c.key]}>
                      <Skeleton height={14} radius="sm" />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            {data?.rows.map((row) => (
              <Table.Tr
                key={row.id}
                data-row-id={row.id}
                aria-selected={selected === row.id}
                className={selected === row.id ? classes.selected : undefined}
                tabIndex={0}
                onClick={() => setSelected((s) => (s === row.id ? null : row.id))}
                onKeyDown={(e) => {
                  // Single selection from the keyboard too (spec 2.2: selection mode single).
                  if (e.target === e.currentTarget && (e.key === 'Enter' || e.key === ' ')) {
                    e.preventDefault();
                    setSelected((s) => (s === row.id ? null : row.id));
                  }
                }}
              >
                {config.columns.map((c) => (
                  <Table.Td key={c.key} visibleFrom={from[c.key]}>
                    {cells[c.key]?.(row) ?? null}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
            {data && data.rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={config.columns.length}>
                  <Text size="sm" c="dimmed" ta="center" py="md" data-empty>
                    {data.emptyDesc}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {data && (
        <ListPager page={data} state={state} noun="" label={`${config.title_label} pages`} hideWhenOnePage />
      )}
    </Card>
  );
}
