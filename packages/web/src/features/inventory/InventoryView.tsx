import { INVENTORY_TYPES, type InventoryType, TABLE_SEARCH_MAX } from '@lifeboat/contract';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { IconAlert, IconDownload, IconSearch } from '../../components/icons';
import { PageHeader } from '../../components/PageHeader';
import { downloadHref, type InventoryFilter, useInventorySummary } from './api';
import { InventoryTable } from './InventoryTable';
import { InventoryTabs } from './InventoryTabs';
import { TYPE_LABELS } from './labels';

const SEARCH_DEBOUNCE_MS = 500;
const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

interface InventoryViewProps {
  title: string;
  eyebrow?: string;
  filter: InventoryFilter;
  defaultType?: InventoryType;
  extraActions?: ReactNode;
}

const isType = (v: string | null): v is InventoryType =>
  (INVENTORY_TYPES as readonly string[]).includes(v ?? '');

/** The device inventory: tabs by type, a name search, the CSV, the rows. Tab and search live in the url. */
export function InventoryView({
  title,
  eyebrow,
  filter,
  defaultType = 'PROTECTED',
  extraActions,
}: InventoryViewProps) {
  const [params, setParams] = useSearchParams();
  const summary = useInventorySummary(filter);
  const s = summary.data;
  // The virtualized tabs only when the server says so (spec: inventory 2).
  const types = INVENTORY_TYPES.filter(
    (t) =>
      (t !== 'VIRTUALIZED' || s?.showVirtualized) && (t !== 'VAULT_VIRTUALIZED' || s?.showVaultVirtualized),
  );
  const requested = params.get('tab');
  const wanted = isType(requested) ? requested : defaultType;
  const type: InventoryType = !s || types.includes(wanted) ? wanted : 'PROTECTED';
  const search = params.get('q') ?? '';
  const [text, setText] = useState(search);
  const [debounced] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);

  // Back/forward changes the url: the box follows it.
  useEffect(() => setText((t) => (t.trim() === search ? t : search)), [search]);
  useEffect(() => {
    if (debounced === search) return;
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (debounced) next.set('q', debounced);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [debounced, search, setParams]);

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
          s?.clientHealthLastCheck ? `Health last checked ${when.format(s.clientHealthLastCheck)}` : undefined
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
      <TextInput
        aria-label="Search devices by name"
        placeholder={`Search ${TYPE_LABELS[type].toLowerCase()} by name`}
        leftSection={<IconSearch size={16} />}
        value={text}
        maxLength={TABLE_SEARCH_MAX}
        onChange={(e) => setText(e.currentTarget.value)}
        maw={{ sm: 360 }}
      />
      <InventoryTable filter={filter} type={type} search={search} />
    </Stack>
  );
}
