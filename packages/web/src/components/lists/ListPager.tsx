import { type ListPage, pageCount } from '@lifeboat/contract';
import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import type { ListState } from './useListState';

const fmt = new Intl.NumberFormat('en-US');

/** "1–10 of 1,000+": a capped total shows "+" (the server stopped counting). */
export function rangeText(p: ListPage<unknown>, noun: string): string {
  if (p.rows.length === 0) return '';
  const first = (p.page - 1) * p.rowsPerPage + 1;
  const last = first + p.rows.length - 1;
  return `${fmt.format(first)}–${fmt.format(last)} of ${fmt.format(p.total)}${p.capped ? '+' : ''} ${noun}`.trim();
}

interface ListPagerProps {
  page: ListPage<unknown>;
  state: Pick<ListState, 'page' | 'rows' | 'setPage' | 'setRows'>;
  /** What the rows are, after the count: "clients". */
  noun: string;
  /** Names the page buttons' navigation: "Clients pages". */
  label: string;
  /** Rows per page to offer; none: the server fixes them (the dashboard's tables). */
  sizes?: readonly number[];
  /** Nothing at all while one page holds every row (spec: dashboard 2.2). */
  hideWhenOnePage?: boolean;
}

/** The one footer of every paged table: the range shown, the page buttons, rows per page. */
export function ListPager({ page, state, noun, label, sizes, hideWhenOnePage }: ListPagerProps) {
  const pages = pageCount(page);
  if (hideWhenOnePage && pages <= 1 && page.page <= 1) return null;
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" mt="xs">
      <Text size="sm" c="dimmed" aria-live="polite">
        {rangeText(page, noun)}
      </Text>
      <Group gap="sm" wrap="wrap">
        {sizes && (
          <NativeSelect
            aria-label="Rows per page"
            size="xs"
            value={String(state.rows)}
            onChange={(e) => state.setRows(Number(e.currentTarget.value))}
            data={sizes.map((n) => ({ value: String(n), label: `${n} per page` }))}
          />
        )}
        {pages > 1 && (
          <nav aria-label={label}>
            <Pagination
              size="sm"
              total={pages}
              value={Math.min(state.page, pages)}
              onChange={state.setPage}
              siblings={1}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
            />
          </nav>
        )}
      </Group>
    </Group>
  );
}
