import { Table, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ListState } from './useListState';

interface SortableThProps {
  column: string;
  label: ReactNode;
  /** The table's state; a column the server does not sort by is a plain header. */
  state: Pick<ListState, 'sort' | 'toggleSort'>;
  sortable: boolean;
  visibleFrom?: 'xs' | 'sm' | 'md' | 'lg';
  ta?: 'left' | 'right';
}

/** A column header that asks the server for its order; aria-sort tells which way it is. */
export function SortableTh({ column, label, state, sortable, visibleFrom, ta }: SortableThProps) {
  if (!sortable || !state.sort) {
    return (
      <Table.Th visibleFrom={visibleFrom} ta={ta}>
        {label}
      </Table.Th>
    );
  }
  const active = state.sort.column === column;
  const desc = state.sort.dir === 'desc';
  return (
    <Table.Th
      visibleFrom={visibleFrom}
      ta={ta}
      aria-sort={active ? (desc ? 'descending' : 'ascending') : 'none'}
    >
      <UnstyledButton fw={700} fz="sm" onClick={() => state.toggleSort(column)} data-sort={column}>
        {label}
        <span aria-hidden="true">{active ? (desc ? ' ↓' : ' ↑') : ''}</span>
      </UnstyledButton>
    </Table.Th>
  );
}
