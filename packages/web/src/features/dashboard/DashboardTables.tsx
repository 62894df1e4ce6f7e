import {
  type DashboardApplianceRow,
  type DashboardPageData,
  type DashboardSystemRow,
  type DashboardVaultRow,
  toggleQuickFilter,
} from '@lifeboat/contract';
import { Group, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { DeviceSidebar } from '../devices/DeviceSidebar';
import { dashboardKeys, useSaveRefreshRate } from './dashboardApi';
import { EntityTable } from './EntityTable';
import { applianceCells, vaultCells } from './entityCells';
import { QuickFilters } from './QuickFilters';
import { RefreshControl } from './RefreshControl';
import { systemCells } from './systemCells';

/**
 * Blocks 6-8 of the dashboard, also the client page's tables: quick filters acting on the three
 * tables' health filters together, the refresh timer, and the tables themselves.
 */
export function DashboardTables({ page }: { page: DashboardPageData }) {
  const ownerId = page.owner === 'reseller' ? page.reseller_id : (page.client_id ?? 0);
  const client = useQueryClient();
  const save = useSaveRefreshRate(page.owner, ownerId);
  const [health, setHealth] = useState<string[][]>([[], [], []]);
  const [device, setDevice] = useState<number | null>(null);
  const [lastRefresh, setLastRefresh] = useState(() => Date.now());
  const cells = useMemo(() => systemCells(setDevice), []);

  // When the timer ends, the three tables reload (spec 4 'Quick filters').
  useEffect(() => {
    const timer = window.setInterval(() => {
      void client.invalidateQueries({ queryKey: dashboardKeys.tables() });
      setLastRefresh(Date.now());
    }, page.refresh_period * 60_000);
    return () => window.clearInterval(timer);
  }, [client, page.refresh_period]);

  const setOne = (i: number) => (values: string[]) =>
    setHealth((h) => h.map((v, j) => (j === i ? values : v)));
  // Without the appliance table the quick filters act on the two tables shown.
  const shown = page.has_appliances ? health : [health[0] ?? [], health[2] ?? []];
  const toggle = (status: string) => {
    const next = toggleQuickFilter(shown, status);
    setHealth(page.has_appliances ? next : [next[0] ?? [], health[1] ?? [], next[1] ?? []]);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <QuickFilters filters={page.filters} tables={shown} onToggle={toggle} />
        <RefreshControl
          period={page.refresh_period}
          lastRefresh={lastRefresh}
          saving={save.isPending}
          onPeriodChange={(m) => save.mutateAsync(m)}
          onRefreshAll={() => {
            void client.invalidateQueries({ queryKey: dashboardKeys.all });
            setLastRefresh(Date.now());
          }}
        />
      </Group>
      <EntityTable<DashboardSystemRow>
        config={page.protected_system}
        ownerId={ownerId}
        health={health[0] ?? []}
        onHealthChange={setOne(0)}
        cells={cells}
      />
      {page.has_appliances && (
        <EntityTable<DashboardApplianceRow>
          config={page.appliance}
          ownerId={ownerId}
          health={health[1] ?? []}
          onHealthChange={setOne(1)}
          cells={applianceCells}
        />
      )}
      <EntityTable<DashboardVaultRow>
        config={page.vault}
        ownerId={ownerId}
        health={health[2] ?? []}
        onHealthChange={setOne(2)}
        cells={vaultCells}
      />
      <DeviceSidebar deviceId={device} onClose={() => setDevice(null)} />
    </Stack>
  );
}
