import type { RecoveryFileEntry } from '@lifeboat/contract';
import { Alert, Checkbox, Group, ScrollArea, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { EntryLine } from './EntryLine';
import type { BrowserSource } from './source';

interface BrowserColumnProps {
  source: BrowserSource;
  path: string;
  /** The entry of this column that is open in the next column. */
  openPath: string | null;
  selected: ReadonlyMap<string, RecoveryFileEntry>;
  onOpen: (entry: RecoveryFileEntry) => void;
  onToggle: (entry: RecoveryFileEntry, on: boolean) => void;
  onHover: (entry: RecoveryFileEntry | null) => void;
}

/** One folder of the multi-column browser: check to select, click a folder to open it. */
export function BrowserColumn(p: BrowserColumnProps) {
  const q = useQuery({
    queryKey: [...p.source.key, 'list', p.path],
    queryFn: () => p.source.list(p.path),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const label = p.path === '' ? 'Restore point' : (p.path.split('/').pop() ?? p.path);
  return (
    <Stack
      gap={0}
      // Wide enough to read names (issue 18.14); on a phone a column nearly fills the screen.
      w={{ base: 'min(300px, 78vw)', sm: 300 }}
      miw={{ base: 'min(300px, 78vw)', sm: 300 }}
      style={{ borderRight: '1px solid var(--mantine-color-default-border)' }}
      role="group"
      aria-label={`Folder ${label}`}
    >
      <Text size="xs" fw={600} c="dimmed" px="xs" py={6} truncate>
        {label}
      </Text>
      <ScrollArea h={300} type="auto">
        {q.isPending && (
          <Stack gap={6} p="xs">
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} h={32} />
            ))}
          </Stack>
        )}
        {q.error && (
          <Alert color="red" m="xs" p="xs">
            {q.error.message}
          </Alert>
        )}
        {q.data?.length === 0 && (
          <Text size="sm" c="dimmed" p="xs">
            This folder is empty.
          </Text>
        )}
        {q.data?.map((e) => (
          <Group
            key={e.path}
            gap={6}
            wrap="nowrap"
            px="xs"
            py={3}
            bg={p.openPath === e.path ? 'var(--mantine-primary-color-light)' : undefined}
            onMouseEnter={() => p.onHover(e)}
            onMouseLeave={() => p.onHover(null)}
          >
            <Checkbox
              size="xs"
              aria-label={`Select ${e.name}`}
              checked={p.selected.has(e.path)}
              onChange={(ev) => p.onToggle(e, ev.currentTarget.checked)}
            />
            <UnstyledButton
              style={{ flex: 1, minWidth: 0 }}
              onClick={() => (e.type === 'folder' ? p.onOpen(e) : p.onToggle(e, !p.selected.has(e.path)))}
              onFocus={() => p.onHover(e)}
            >
              <EntryLine entry={e} />
            </UnstyledButton>
          </Group>
        ))}
      </ScrollArea>
    </Stack>
  );
}
