import { recoveryCalls as c, type ResellerClientRow } from '@lifeboat/contract';
import { Badge, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../api/client';
import { callQuery, useCall } from '../../../api/useCall';
import { type AutoMode, autoClient, clientSelectable } from '../engine/rules';
import { ChoiceTable, type Column } from './ChoiceTable';
import { StepFooter } from './StepFooter';
import type { StepProps } from './types';

// spec: recovery-flow 2 clientSelect. The database id stays out of sight (issue 18.11); each row
// says in words whether it can be recovered and, if not, why (issue 18.14).
const NO_POINTS = 'No restore points yet.';
const COLUMNS: Column<ResellerClientRow>[] = [
  { key: 'name', title: 'Client', render: (r) => <Text fw={500}>{r.name}</Text> },
  {
    key: 'rp',
    title: 'Recovery',
    render: (r) =>
      clientSelectable(r) ? (
        <Badge color="green" variant="light" size="sm">
          Can be recovered
        </Badge>
      ) : (
        <Stack gap={2}>
          <Badge color="gray" variant="light" size="sm">
            No restore points
          </Badge>
          <Text size="xs" c="dimmed" maw={260}>
            {r.no_rp_tooltip ?? NO_POINTS}
          </Text>
        </Stack>
      ),
  },
  { key: 'ws', title: 'Workstations', render: (r) => r.workstation_count, wide: true },
  { key: 'srv', title: 'Servers', render: (r) => r.server_count, wide: true },
  { key: 'app', title: 'Appliances', render: (r) => r.app_count, wide: true },
];
/** clientSelect: a reseller picks the client (spec: recovery-flow 2, flow 'general reseller'). */
export function ClientSelectStep({ state, dispatch }: StepProps) {
  const entry = state.data.entry;
  const resellerId = entry.kind === 'reseller' ? entry.resellerId : 0;
  const qc = useQueryClient();
  const [search, setSearch] = useState('');
  // spec: recovery-flow 9, filter input debounce 500 ms.
  const [debounced] = useDebouncedValue(search.trim(), 500);
  const clients = useCall(
    c.resellerClients,
    { params: { resellerId }, query: { search: debounced || undefined } },
    { placeholderData: keepPreviousData },
  );
  const [chooseError, setChooseError] = useState<string | null>(null);
  const autoDone = useRef(false);

  const choose = async (row: ResellerClientRow, auto?: AutoMode) => {
    setChooseError(null);
    try {
      const f = await qc.fetchQuery(callQuery(c.clientFeatureTypes, { params: { clientId: row.id } }));
      dispatch({ type: 'chooseClient', client: f, auto });
    } catch (err) {
      setChooseError(err instanceof ApiError ? err.message : 'This client could not be opened.');
    }
  };

  const data = clients.data?.table_data;
  useEffect(() => {
    if (!data || autoDone.current || state.direction !== 'forward' || debounced) return;
    autoDone.current = true;
    const auto = data.total === data.data.length ? autoClient(data.data) : null;
    if (auto) void choose(auto.row, auto.mode);
  });

  return (
    <>
      <Text size="sm" c="dimmed" mb="sm">
        Choose the client whose backups you want to recover from.
      </Text>
      {(data?.total ?? 0) > 8 || debounced ? (
        <TextInput
          placeholder="Search clients by name"
          aria-label="Search clients"
          value={search}
          maxLength={128}
          onChange={(e) => setSearch(e.currentTarget.value)}
          mb="sm"
        />
      ) : null}
      {chooseError && (
        <Text c="red" size="sm" mb="sm" role="alert">
          {chooseError}
        </Text>
      )}
      <ChoiceTable
        label="clients"
        rows={data?.data}
        columns={COLUMNS}
        rowKey={(r) => r.id}
        disabledReason={(r) => (clientSelectable(r) ? null : (r.no_rp_tooltip ?? NO_POINTS))}
        onChoose={(r) => void choose(r)}
        loading={clients.isPending}
        error={clients.error}
        onRetry={() => void clients.refetch()}
        empty={debounced ? 'No client matches this search.' : 'This reseller has no clients yet.'}
      />
      <StepFooter state={state} dispatch={dispatch} />
    </>
  );
}
