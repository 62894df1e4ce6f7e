import type { DashboardFilterConfig, DashboardOwner, DashboardTable } from '@lifeboat/contract';
import { dashboardCalls } from '@lifeboat/contract';
import { Loader, MultiSelect } from '@mantine/core';
import { useState } from 'react';
import { useCall } from '../../api/useCall';

/** One filter of a table, its options from the filter's loadValuesUrl (spec 3). */
export function TableFilter({
  filter,
  owner,
  table,
  ownerId,
  value,
  onChange,
  tableTitle,
}: {
  filter: DashboardFilterConfig;
  owner: DashboardOwner;
  table: DashboardTable;
  ownerId: number;
  value: string[];
  onChange: (values: string[]) => void;
  tableTitle: string;
}) {
  // Options are not needed for the first paint: they load when the filter is first used.
  const [wanted, setWanted] = useState(false);
  const { data, isFetching, error } = useCall(
    dashboardCalls.owner[owner].filterValues[table],
    { params: { key: filter.key, id: ownerId } },
    { staleTime: 5 * 60_000, enabled: wanted || value.length > 0 },
  );
  return (
    <MultiSelect
      aria-label={`${tableTitle}: ${filter.label}`}
      placeholder={value.length ? undefined : filter.label}
      data={data?.options ?? []}
      value={value}
      onChange={onChange}
      searchable={(data?.options.length ?? 0) > 8}
      clearable
      onDropdownOpen={() => setWanted(true)}
      onFocus={() => setWanted(true)}
      rightSection={isFetching ? <Loader size={12} /> : undefined}
      nothingFoundMessage={isFetching ? 'Loading…' : 'Nothing found'}
      error={error ? 'Could not load the options.' : undefined}
      w={{ base: '100%', xs: 200 }}
      size="xs"
      comboboxProps={{ withinPortal: true }}
      data-filter={filter.key}
    />
  );
}
