import { ENTITY_PAGE_SIZES, type EntityListAnswer } from '@lifeboat/contract';
import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import type { TableUrlState } from './useTableUrlState';

const fmt = new Intl.NumberFormat('en-US');

/** "1-10 of 1,000+" and the page buttons; a capped count shows "+" (the server stopped counting). */
export function TablePager({
  answer,
  state,
  noun,
}: {
  answer: EntityListAnswer<unknown>;
  state: TableUrlState;
  noun: string;
}) {
  const first = (answer.page - 1) * answer.rows + 1;
  const last = first + answer.content.length - 1;
  const total = `${fmt.format(answer.records_count)}${answer.records_count_capped ? '+' : ''}`;
  // Past the cap there may be more pages: offer the next one while this page is full.
  const counted = Math.max(1, Math.ceil(answer.records_count / answer.rows));
  const pages =
    answer.records_count_capped && answer.content.length === answer.rows
      ? Math.max(counted, answer.page + 1)
      : counted;
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {answer.content.length > 0 ? `${fmt.format(first)}–${fmt.format(last)} of ${total} ${noun}` : ''}
      </Text>
      <Group gap="sm" wrap="wrap">
        <NativeSelect
          aria-label="Rows per page"
          size="xs"
          value={String(state.rows)}
          onChange={(e) => state.setRows(Number(e.currentTarget.value))}
          data={ENTITY_PAGE_SIZES.map((n) => ({ value: String(n), label: `${n} per page` }))}
        />
        {pages > 1 && (
          <Pagination
            size="sm"
            total={pages}
            value={Math.min(state.page, pages)}
            onChange={state.setPage}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
          />
        )}
      </Group>
    </Group>
  );
}
