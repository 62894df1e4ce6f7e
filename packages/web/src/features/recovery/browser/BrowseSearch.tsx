import type { RecoveryFileEntry } from '@lifeboat/contract';
import { Alert, Checkbox, Group, ScrollArea, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { EntryLine } from './EntryLine';

interface BrowseSearchProps {
  /** Query key prefix of the point (BrowserSource.key). */
  sourceKey: readonly unknown[];
  search: (query: string) => Promise<{ files: RecoveryFileEntry[]; truncated: boolean }>;
  /** At least two characters, trimmed and debounced by the browser. */
  query: string;
  selected: ReadonlyMap<string, RecoveryFileEntry>;
  onToggle: (entry: RecoveryFileEntry, on: boolean) => void;
  /** Show a folder (or a file's folder) in the column browser. */
  onReveal: (entry: RecoveryFileEntry) => void;
}

/** The entries of the restore point whose name holds the words (issue 18.14), to select or reveal. */
export function BrowseSearch(p: BrowseSearchProps) {
  const q = useQuery({
    queryKey: [...p.sourceKey, 'search', p.query],
    queryFn: () => p.search(p.query),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <ScrollArea h={330} type="auto" aria-label="Search results">
      {q.isPending && (
        <Stack gap={6} p="xs" aria-busy="true">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} h={32} />
          ))}
        </Stack>
      )}
      {q.error && (
        <Alert color="red" m="xs" title="The search did not work">
          {q.error.message}
        </Alert>
      )}
      {q.data?.files.length === 0 && (
        <Text size="sm" c="dimmed" p="sm">
          Nothing in this restore point has “{p.query}” in its name.
        </Text>
      )}
      {q.data?.files.map((e) => (
        <Group key={e.path} gap={6} wrap="nowrap" px="xs" py={4} data-testid="search-result">
          <Checkbox
            size="xs"
            aria-label={`Select ${e.name}`}
            checked={p.selected.has(e.path)}
            onChange={(ev) => p.onToggle(e, ev.currentTarget.checked)}
          />
          <UnstyledButton style={{ flex: 1, minWidth: 0 }} onClick={() => p.onReveal(e)} title={e.path}>
            <EntryLine entry={e} detail={e.path} />
          </UnstyledButton>
        </Group>
      ))}
      {q.data?.truncated && (
        <Text size="xs" c="dimmed" p="sm">
          Only the first matches are shown: add words to narrow the search.
        </Text>
      )}
    </ScrollArea>
  );
}
