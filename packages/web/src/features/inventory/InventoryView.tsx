import { INVENTORY_TYPES, type InventoryType, inventoryCalls } from '@lifeboat/contract';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useCall } from '../../api/useCall';
import { IconAlert, IconDownload } from '../../components/icons';
import { SearchBox } from '../../components/lists/SearchBox';
import { useListState } from '../../components/lists/useListState';
import { PageHeader } from '../../components/PageHeader';
import { formatDateTime } from '../../format/dateTime';
import { downloadHref, type InventoryFilter, scopeQuery } from './api';
import { InventoryTable } from './InventoryTable';
import { InventoryTabs } from './InventoryTabs';
import { TYPE_LABELS } from './labels';

interface InventoryViewProps {
  title: string;
  eyebrow?: string;
  filter: InventoryFilter;
  defaultType?: InventoryType;
  extraActions?: ReactNode;
}

const isType = (v: string | null): v is InventoryType =>
  (INVENTORY_TYPES as readonly string[]).includes(v ?? '');

/**
 * The device inventory: tabs by type, a name search, the CSV, the rows. Tab and search live in the
 * url (the search through the one list state); rows load 40 at a time as the user scrolls
 * (spec: inventory 2), so there is no pager.
 */
export function InventoryView({
  title,
  eyebrow,
  filter,
  defaultType = 'PROTECTED',
  extraActions,
}: InventoryViewProps) {
  const [params, setParams] = useSearchParams();
  const summary = useCall(inventoryCalls.summary, { query: scopeQuery(filter) }, { staleTime: 10_000 });
  const s = summary.data;
  // The virtualized tabs only when the server says so (spec: inventory 2).
  const types = INVENTORY_TYPES.filter(
    (t) =>
      (t !== 'VIRTUALIZED' || s?.showVirtualized) && (t !== 'VAULT_VIRTUALIZED' || s?.showVaultVirtualized),
  );
  const requested = params.get('tab');
  const wanted = isType(requested) ? requested : defaultType;
  const type: InventoryType = !s || types.includes(wanted) ? wanted : 'PROTECTED';
  const list = useListState();
  const search = list.search;

  const selectTab = (t: InventoryType) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set('tab', t);
      return next;
    });

  return (
    <Stack gap="md">
      <PageHeader
        title={title}
        eyebrow={eyebrow}
        subtitle={
          s?.clientHealthLastCheck
            ? `Health last checked ${formatDateTime(s.clientHealthLastCheck)}`
            : undefined
        }
        actions={
          <Group gap="xs">
            {extraActions}
            <Button
              component="a"
              href={downloadHref(filter, type)}
              download
              variant="default"
              leftSection={<IconDownload size={16} />}
            >
              Download CSV
            </Button>
          </Group>
        }
      />
      {summary.isError && (
        <Alert color="red" icon={<IconAlert size={18} />} title="The device counts could not be loaded">
          <Text size="sm">{summary.error.message}</Text>
        </Alert>
      )}
      <InventoryTabs types={types} value={type} counters={s?.typeCounters} onChange={selectTab} />
      <SearchBox
        label="Search devices by name"
        placeholder={`Search ${TYPE_LABELS[type].toLowerCase()} by name`}
        value={search}
        onSearch={list.setSearch}
      />
      <InventoryTable filter={filter} type={type} search={search} />
    </Stack>
  );
}
