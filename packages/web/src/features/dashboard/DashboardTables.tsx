import {
  type DashboardApplianceRow,
  type DashboardPageData,
  type DashboardSystemRow,
  type DashboardTable,
  type DashboardVaultRow,
  dashboardCalls,
  type EntityBlockConfig,
  toggleQuickFilter,
} from '@lifeboat/contract';
import { Group, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { callKey, invalidateCalls, useCallMutation } from '../../api/useCall';
import { lazyDialog } from '../../components/lazyDialog';
import { readList, writeList } from '../../components/lists/listUrl';
import { OpenAlertsLink } from '../alerts/OpenAlertsLink';
import { TABLE_CALLS } from './dashboardApi';
import { EntityTable } from './EntityTable';
import { applianceCells, vaultCells } from './entityCells';
import { QuickFilters } from './QuickFilters';
import { RefreshControl } from './RefreshControl';
import { systemCells } from './systemCells';
import { HEALTH_KEY, tableOptions } from './tableOptions';

// The sidebar (and its dialogs) loads when a device is first opened (issue 18 point 19).
const DeviceSidebar = lazyDialog(
  () => import('../devices/DeviceSidebar').then((m) => m.DeviceSidebar),
  (p) => p.deviceId !== null,
);

/**
 * Blocks 6-8 of the dashboard, also the client page's tables: quick filters acting on the three
 * tables' health filters together, the refresh timer, and the tables themselves.
 */
export function DashboardTables({ page }: { page: DashboardPageData }) {
  const ownerId = page.owner === 'reseller' ? page.reseller_id : (page.client_id ?? 0);
  const client = useQueryClient();
  // The new period shows at once; the page data is not read again for it.
  const save = useCallMutation(dashboardCalls.updateRefreshRate, {
    invalidates: [],
    onSuccess: (answer) =>
      client.setQueryData<DashboardPageData>(
        callKey(dashboardCalls.owner[page.owner].pageData, { params: { id: ownerId } }),
        (old) => (old ? { ...old, refresh_period: answer.refresh_period } : old),
      ),
  });
  const [params, setParams] = useSearchParams();
  // The quick filters read and write each table's health filter in the url (tableOptions).
  // Without the appliance table the quick filters act on the two tables shown.
  const tables: [DashboardTable, EntityBlockConfig][] = [
    ['protected_systems', page.protected_system],
    ...(page.has_appliances ? [['appliances', page.appliance] as [DashboardTable, EntityBlockConfig]] : []),
    ['vaults', page.vault],
  ];
  const shown = tables.map(
    ([t, config]) => readList(params, tableOptions(t, config)).filters[HEALTH_KEY] ?? [],
  );
  // One url change for every table: a toggle is one step back.
  const toggle = (status: string) => {
    const next = toggleQuickFilter(shown, status);
    setParams((cur) =>
      tables.reduce(
        (acc, [t, config], i) =>
          writeList(acc, tableOptions(t, config), { filters: { [HEALTH_KEY]: next[i] ?? [] } }),
        cur,
      ),
    );
  };
  const [device, setDevice] = useState<number | null>(null);
  const [lastRefresh, setLastRefresh] = useState(() => Date.now());
  const cells = useMemo(() => systemCells(setDevice), []);

  // When the timer ends, the three tables reload (spec 4 'Quick filters').
  useEffect(() => {
    const timer = window.setInterval(() => {
      void invalidateCalls(client, TABLE_CALLS);
      setLastRefresh(Date.now());
    }, page.refresh_period * 60_000);
    return () => window.clearInterval(timer);
  }, [client, page.refresh_period]);

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <QuickFilters filters={page.filters} tables={shown} onToggle={toggle} />
          <OpenAlertsLink clientId={page.owner === 'client' ? ownerId : undefined} />
        </Group>
        <RefreshControl
          period={page.refresh_period}
          lastRefresh={lastRefresh}
          saving={save.isPending}
          onPeriodChange={(m) => save.mutateAsync({ params: { minutes: String(m) } })}
          onRefreshAll={() => {
            void invalidateCalls(client, ['dashboard']);
            setLastRefresh(Date.now());
          }}
        />
      </Group>
      <EntityTable<DashboardSystemRow>
        owner={page.owner}
        table="protected_systems"
        config={page.protected_system}
        ownerId={ownerId}
        cells={cells}
      />
      {page.has_appliances && (
        <EntityTable<DashboardApplianceRow>
          owner={page.owner}
          table="appliances"
          config={page.appliance}
          ownerId={ownerId}
          cells={applianceCells}
        />
      )}
      <EntityTable<DashboardVaultRow>
        owner={page.owner}
        table="vaults"
        config={page.vault}
        ownerId={ownerId}
        cells={vaultCells}
      />
      <DeviceSidebar deviceId={device} onClose={() => setDevice(null)} />
    </Stack>
  );
}
