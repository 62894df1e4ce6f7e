import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useCall } from '../../api/useCall';
import { entityListCall } from './entitiesApi';

interface OrgPickerProps {
  /** Which organisations to choose from: the new client's reseller, the new reseller's distributor. */
  kind: 'reseller' | 'distributor';
  value: string;
  onChange: (id: string) => void;
  error?: string;
}

const WORDS = {
  reseller: { label: 'Reseller', description: 'The reseller that looks after the new client.' },
  distributor: { label: 'Distributor', description: 'The distributor the new reseller works with.' },
} as const;

/** Choose one of the organisations of a kind the user sees (searched on the server, 25 at a time). */
export function OrgPicker({ kind, value, onChange, error }: OrgPickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const query = { rows: 25, search: debounced };
  const orgs = useCall(entityListCall(kind), { query: {}, form: query });
  const words = WORDS[kind];
  return (
    <Select
      label={words.label}
      description={error ? undefined : words.description}
      required
      searchable
      data={(orgs.data?.content ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={orgs.isPending ? 'Loading…' : `No ${kind} matches`}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
