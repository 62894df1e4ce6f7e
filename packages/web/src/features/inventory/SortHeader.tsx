import { Table, UnstyledButton } from '@mantine/core';
import { nextSort, type SortKey, type SortState } from './sortRows';

interface SortHeaderProps {
  label: string;
  sortKey: SortKey;
  /** null: this table is not sortable (server order). */
  sort: SortState | null;
  onSort: (next: SortState) => void;
  visibleFrom?: 'sm' | 'md';
}

/** A column header that sorts the loaded rows on the client (virtualized tabs, spec: inventory 2). */
export function SortHeader({ label, sortKey, sort, onSort, visibleFrom }: SortHeaderProps) {
  if (!sort) return <Table.Th visibleFrom={visibleFrom}>{label}</Table.Th>;
  const active = sort.key === sortKey;
  return (
    <Table.Th
      visibleFrom={visibleFrom}
      aria-sort={active ? (sort.desc ? 'descending' : 'ascending') : 'none'}
    >
      <UnstyledButton fw={700} fz="sm" onClick={() => onSort(nextSort(sort, sortKey))}>
        {label} {active ? (sort.desc ? '↓' : '↑') : ''}
      </UnstyledButton>
    </Table.Th>
  );
}
