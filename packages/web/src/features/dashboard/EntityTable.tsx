import type { EntityBlockConfig } from '@lifeboat/contract';
import { Badge, Card, Group, Pagination, Skeleton, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { type TableState, useCount, useTable } from './dashboardApi';
import classes from './EntityTable.module.css';
import { TableFilter } from './TableFilter';

export type CellRenderers<Row> = Record<string, (row: Row) => ReactNode>;

interface EntityTableProps<Row extends { id: number }> {
  config: EntityBlockConfig;
  /** The reseller (or client) the table belongs to. */
  ownerId: number;
  /** The health filter, shared with the quick filters. */
  health: string[];
  onHealthChange: (values: string[]) => void;
  cells: CellRenderers<Row>;
}

const HEALTH_KEY = 'health_status';

/**
 * One entity table of the dashboard (spec 2.2 block 8): filters, search, server-side pages,
 * count label, empty description, single selection. Pagination hides when one page holds all.
 */
export function EntityTable<Row extends { id: number }>({
  config,
  ownerId,
  health,
  onHealthChange,
  cells,
}: EntityTableProps<Row>) {
  const [others, setOthers] = useState<Record<string, string[]>>({});
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput.trim(), 300);
  const [selected, setSelected] = useState<number | null>(null);
  const rows = config.records_per_page_count;
  const filters: Record<string, string[]> = { ...others };
  if (health.length) filters[HEALTH_KEY] = health;
  // A new filter or search starts again from the first page.
  const filterKey = JSON.stringify([filters, search]);
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;
  const setPage = (p: number) => setPaging({ key: filterKey, page: p });
  const state: TableState = { page, rows, filters, search };
  const { data, isPending, isFetching, error } = useTable<Row>(config.data_url, ownerId, state);
  const count = useCount(config.count_url, ownerId);

  const pages = data ? Math.max(1, Math.ceil(data.records_count / rows)) : 1;
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
              {count.data.count_label}
            </Badge>
          )}
        </Group>
        <TextInput
          size="xs"
          aria-label={`Search ${config.title_label.toLowerCase()}`}
          placeholder={config.search.placeholder}
          value={searchInput}
          onChange={(e) => setSearchInput(e.currentTarget.value)}
          w={{ base: '100%', xs: 240 }}
          maxLength={128}
        />
      </Group>
      <Group gap="xs" mb="sm">
        {config.filters.map((f) => (
          <TableFilter
            key={f.key}
            filter={f}
            tableTitle={config.title_label}
            value={f.key === HEALTH_KEY ? health : (others[f.key] ?? [])}
            onChange={(v) =>
              f.key === HEALTH_KEY ? onHealthChange(v) : setOthers((o) => ({ ...o, [f.key]: v }))
            }
          />
        ))}
      </Group>
      {error && (
        <Text c="red.9" size="sm" mb="xs" role="alert">
          {error.message}
        </Text>
      )}
      <Table.ScrollContainer minWidth={640}>
        <Table
          verticalSpacing="xs"
          highlightOnHover
          aria-labelledby={`${tableId}-title`}
          className={classes.table}
        >
          <Table.Thead>
            <Table.Tr>
              {config.columns.map((c) => (
                <Table.Th key={c.key}>{c.label}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {isPending &&
              Array.from({ length: 3 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows
                <Table.Tr key={i}>
                  {config.columns.map((c) => (
                    <Table.Td key={c.key}>
                      <Skeleton height={14} radius="sm" />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            {data?.content.map((row) => (
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
                  <Table.Td key={c.key}>{cells[c.key]?.(row) ?? null}</Table.Td>
                ))}
              </Table.Tr>
            ))}
            {data && data.content.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={config.columns.length}>
                  <Text size="sm" c="dimmed" ta="center" py="md" data-empty>
                    {data.empty_desc}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {data && data.records_count > rows && (
        <Group justify="space-between" mt="sm">
          <Text size="xs" c="dimmed">
            {(page - 1) * rows + 1}–{Math.min(page * rows, data.records_count)} of{' '}
            {data.records_count.toLocaleString('en-US')}
          </Text>
          <nav aria-label={`${config.title_label} pages`}>
            <Pagination
              size="sm"
              total={pages}
              value={Math.min(page, pages)}
              onChange={setPage}
              siblings={1}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            />
          </nav>
        </Group>
      )}
    </Card>
  );
}
