import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { entityKeys, fetchEntityList } from './entitiesApi';

interface ResellerPickerProps {
  value: string;
  onChange: (id: string) => void;
  error?: string;
}

/** Choose one of the resellers the user sees (searched on the server, 25 at a time). */
export function ResellerPicker({ value, onChange, error }: ResellerPickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const query = { rows: 25, search: debounced };
  const resellers = useQuery({
    queryKey: entityKeys.list('reseller', query),
    queryFn: ({ signal }) => fetchEntityList('reseller', query, signal),
  });
  return (
    <Select
      label="Reseller"
      description={error ? undefined : 'The reseller that looks after the new client.'}
      required
      searchable
      data={(resellers.data?.content ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={resellers.isPending ? 'Loading…' : 'No reseller matches'}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
