import { downloadTypeFor, type RecoveryFileEntry } from '@lifeboat/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  ScrollArea,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { mount } from '../api';
import type { Sent } from '../engine/state';
import { downloadTypeText } from '../format';
import { BrowserColumn } from './BrowserColumn';
import { BrowseSearch, columnsFor } from './BrowseSearch';
import { StepFooter } from './StepFooter';
import type { StepProps } from './types';
import { useSendOnce } from './useSendOnce';

/** browse: a multi-column browser over the point's files, with counters and a hover tray (spec: recovery-flow 2). */
export function BrowseStep({ state, dispatch }: StepProps) {
  const d = state.data;
  const applianceId = d.via === 'appliance' ? (d.device?.appliance_id ?? 0) : 0;
  const target = { applianceId, deviceId: d.device?.id ?? 0, jobId: d.job?.id ?? 0, drive: d.drive };
  const pointId = d.point?.id ?? 0;
  // A mount is a write: once per point, kept across Back and forward (steps/useSendOnce.ts).
  const keep = useCallback(
    (request: string, m: Sent<string> | null) => dispatch({ type: 'mounted', request, mount: m }),
    [dispatch],
  );
  const m = useSendOnce({
    request: JSON.stringify({ ...target, pointId }),
    sent: d.mount,
    keep,
    send: () => mount(target, pointId),
    accept: (answer) => answer.filemountUseId,
  });
  const mountId = m.answer;

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
  const searching = query.length >= 2;
  const selected = useMemo(() => new Map(d.restore.selected.map((e) => [e.path, e])), [d.restore.selected]);
  const files = d.restore.selected.filter((e) => e.type === 'file').length;
  const folders = d.restore.selected.length - files;
  const single = d.restore.selected.length === 1 && files === 1;

  const open = (level: number, e: RecoveryFileEntry) => setColumns([...columns.slice(0, level + 1), e.path]);
  const toggle = (e: RecoveryFileEntry, on: boolean) => {
    const next = new Map(selected);
    if (on) next.set(e.path, e);
    else next.delete(e.path);
    dispatch({ type: 'select', selected: [...next.values()] });
  };

  return (
    <Stack gap="sm">
      {m.error && (
        <Alert color="red" title="The restore point could not be opened">
          {m.error.message}
        </Alert>
      )}
      <TextInput
        placeholder="Search this restore point by name"
        aria-label="Search this restore point"
        value={search}
        maxLength={100}
        onChange={(e) => setSearch(e.currentTarget.value)}
        disabled={!mountId}
      />
      <Paper withBorder radius="md">
        {mountId && searching ? (
          <BrowseSearch
            applianceId={applianceId}
            mount={mountId}
            query={query}
            selected={selected}
            onToggle={toggle}
            onReveal={(e) => {
              setColumns(columnsFor(e));
              setSearch('');
            }}
          />
        ) : mountId ? (
          <ScrollArea type="auto" offsetScrollbars viewportRef={viewport}>
            <Group gap={0} wrap="nowrap" align="stretch">
              {columns.map((path, level) => (
                <BrowserColumn
                  key={path}
                  applianceId={applianceId}
                  mount={mountId}
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
          {d.device?.name} · {hover?.path ?? columns[columns.length - 1] ?? ''}
        </Text>
      </Paper>
      <Group gap="md" wrap="wrap">
        <Badge variant="light" size="lg">
          Files selected: {files}
        </Badge>
        <Badge variant="light" size="lg" color="grape">
          Folders selected: {folders}
        </Badge>
        {d.restore.selected.length > 0 && !single && (
          <SegmentedControl
            size="xs"
            aria-label="Download as"
            value={d.restore.archive}
            onChange={(v) => dispatch({ type: 'setArchive', archive: v === 'tar' ? 'tar' : 'zip' })}
            data={[
              { value: 'zip', label: 'Zip' },
              { value: 'tar', label: 'Tar' },
            ]}
          />
        )}
        {d.restore.selected.length > 0 && (
          <Text size="xs" c="dimmed">
            {downloadTypeText(downloadTypeFor(d.restore.selected, d.restore.archive))}
          </Text>
        )}
      </Group>
      <StepFooter state={state} dispatch={dispatch}>
        <Button disabled={d.restore.selected.length === 0} onClick={() => dispatch({ type: 'next' })}>
          Next
        </Button>
      </StepFooter>
    </Stack>
  );
}
