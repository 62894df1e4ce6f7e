import { entityCalls } from '@lifeboat/contract';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useCall } from '../../api/useCall';
import { entityListCall } from '../entities/entitiesApi';

/**
 * The Alerts page's client filter: a search over the clients the user sees (the clients table's
 * own call, ten at a time), and the chosen client's name when the page opens with one in the url.
 */
export function ClientFilter({ value, onChange }: { value: string; onChange: (id: string | null) => void }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const query = { page: 1, rows: 10, search: debounced };
  const list = useCall(
    entityListCall('client'),
    { query: {}, form: query },
    { placeholderData: keepPreviousData },
  );
  const chosen = useCall(entityCalls.client, { params: { id: Number(value) } }, { enabled: value !== '' });
  const data = (list.data?.content ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  if (value && chosen.data && !data.some((d) => d.value === value))
    data.unshift({ value, label: chosen.data.name });
  return (
    <Select
      label="Client"
      placeholder="Every client"
      searchable
      clearable
      data={data}
      value={value || null}
      onChange={onChange}
      onSearchChange={setSearch}
      nothingFoundMessage="No client by that name"
      w={220}
    />
  );
}
