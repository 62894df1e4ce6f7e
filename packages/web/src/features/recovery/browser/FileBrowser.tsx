import type { RecoveryFileEntry } from '@lifeboat/contract';
import { Badge, Group, Paper, ScrollArea, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { BrowserColumn } from './BrowserColumn';
import { BrowseSearch } from './BrowseSearch';
import { type BrowserSource, columnsFor, selectionText, selectionTotals } from './source';

// The one file browser of both tools (spec: recovery-flow 2 browse: a multi-column browser, the
// 'Files selected' and 'Folders selected' counters, a hover tray with the device and path).
// Every entry shows its size and last change; the selection's size shows before anything starts.

export interface FileBrowserProps {
  /** null while the point is being opened. */
  source: BrowserSource | null;
  /** The device's name, for the hover tray. */
  deviceName: string;
  selected: readonly RecoveryFileEntry[];
  onSelect: (selected: RecoveryFileEntry[]) => void;
  /** The tool's own line under the counters (how it downloads, the export's limits). */
  children?: ReactNode;
}

export function FileBrowser(p: FileBrowserProps) {
  const [columns, setColumns] = useState<string[]>(['']);
  const viewport = useRef<HTMLDivElement>(null);
  // Keep the folder just opened in view, as a column browser does.
  useEffect(() => {
    if (columns.length > 0)
      viewport.current?.scrollTo({ left: viewport.current.scrollWidth, behavior: 'smooth' });
  }, [columns]);
  const [hover, setHover] = useState<RecoveryFileEntry | null>(null);
  // A search inside the point (issue 18.14); spec: recovery-flow 9, filter input debounce 500 ms.
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 500);
  const source = p.source;
  const searching = source?.search !== undefined && query.length >= 2;
  const selected = useMemo(() => new Map(p.selected.map((e) => [e.path, e])), [p.selected]);
  const totals = selectionTotals(p.selected);

  const open = (level: number, e: RecoveryFileEntry) => setColumns([...columns.slice(0, level + 1), e.path]);
  const toggle = (e: RecoveryFileEntry, on: boolean) => {
    const next = new Map(selected);
    if (on) next.set(e.path, e);
    else next.delete(e.path);
    p.onSelect([...next.values()]);
  };

  return (
    <Stack gap="sm" data-testid="file-browser">
      {source?.search && (
        <TextInput
          placeholder="Search this restore point by name"
          aria-label="Search this restore point"
          value={search}
          maxLength={100}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
      )}
      <Paper withBorder radius="md">
        {source?.search && searching ? (
          <BrowseSearch
            sourceKey={source.key}
            search={source.search}
            query={query}
            selected={selected}
            onToggle={toggle}
            onReveal={(e) => {
              setColumns(columnsFor(e));
              setSearch('');
            }}
          />
        ) : source ? (
          <ScrollArea type="auto" offsetScrollbars viewportRef={viewport}>
            <Group gap={0} wrap="nowrap" align="stretch">
              {columns.map((path, level) => (
                <BrowserColumn
                  key={path}
                  source={source}
                  path={path}
                  openPath={columns[level + 1] ?? null}
                  selected={selected}
                  onOpen={(e) => open(level, e)}
                  onToggle={toggle}
                  onHover={setHover}
                />
              ))}
            </Group>
          </ScrollArea>
        ) : (
          <Skeleton h={330} />
        )}
        <Text
          size="xs"
          c="dimmed"
          px="sm"
          py={6}
          truncate
          style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
          data-testid="hover-tray"
        >
          {p.deviceName} · {hover?.path ?? columns[columns.length - 1] ?? ''}
        </Text>
      </Paper>
      <Group gap="md" wrap="wrap">
        <Badge variant="light" size="lg">
          Files selected: {totals.files}
        </Badge>
        <Badge variant="light" size="lg" color="grape">
          Folders selected: {totals.folders}
        </Badge>
        {p.selected.length > 0 && (
          <Text size="sm" data-testid="selection-size">
            {selectionText(totals)}
          </Text>
        )}
        {p.children}
      </Group>
    </Stack>
  );
}
