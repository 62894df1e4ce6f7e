import type { TableFilterConfig } from '@lifeboat/contract';
import { MultiSelect } from '@mantine/core';
import { useFilterValues } from './dashboardApi';

/** One filter of a table, its options from the filter's loadValuesUrl (spec 3). */
export function TableFilter({
  filter,
  value,
  onChange,
  tableTitle,
}: {
  filter: TableFilterConfig;
  value: string[];
  onChange: (values: string[]) => void;
  tableTitle: string;
}) {
  const { data, isPending, error } = useFilterValues(filter.loadValuesUrl);
  return (
    <MultiSelect
      aria-label={`${tableTitle}: ${filter.label}`}
      placeholder={value.length ? undefined : filter.label}
      data={data?.options ?? []}
      value={value}
      onChange={onChange}
      searchable={(data?.options.length ?? 0) > 8}
      clearable
      disabled={isPending}
      error={error ? 'Could not load the options.' : undefined}
      w={{ base: '100%', xs: 200 }}
      size="xs"
      comboboxProps={{ withinPortal: true }}
      data-filter={filter.key}
    />
  );
}
