import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useCall } from '../../api/useCall';
import { useCurrentUser, useRight } from '../../session/session';
import { entityListCall } from '../entities/entitiesApi';

interface OrganisationPickerProps {
  value: string;
  onChange: (id: string) => void;
  error?: string;
}

/** Where a new user belongs: one's own organisation or one below it (the server checks scope). */
export function OrganisationPicker({ value, onChange, error }: OrganisationPickerProps) {
  const user = useCurrentUser();
  const canPickReseller = useRight('manage_resellers');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const query = { rows: 25, search: debounced.startsWith('Your organisation') ? '' : debounced };
  const input = { query: {}, form: query };
  // Organisations below one's own: a client's users have none, resellers only those who manage them.
  const clients = useCall(entityListCall('client'), input, { enabled: user.organisationKind !== 'client' });
  const resellers = useCall(entityListCall('reseller'), input, { enabled: canPickReseller });
  const own = { value: String(user.organisationId), label: `Your organisation (${user.organisationName})` };
  const data = [
    { group: 'Yours', items: [own] },
    ...(resellers.data?.content.length
      ? [
          {
            group: 'Resellers',
            items: resellers.data.content.map((r) => ({ value: String(r.id), label: r.name })),
          },
        ]
      : []),
    ...(clients.data?.content.length
      ? [
          {
            group: 'Clients',
            items: clients.data.content.map((c) => ({ value: String(c.id), label: c.name })),
          },
        ]
      : []),
  ];
  return (
    <Select
      label="Organisation"
      description={error ? undefined : "The user's level follows its organisation."}
      searchable
      data={data}
      value={value}
      onChange={(v) => v && onChange(v)}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage="No organisation matches"
      error={error}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
