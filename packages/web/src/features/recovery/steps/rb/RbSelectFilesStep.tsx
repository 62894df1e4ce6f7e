import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Checkbox,
  Group,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchRbBrowse, ftpsKeys } from '../../ftps-api';
import { EntryIcon } from '../EntryIcon';
import { StepFooter } from '../StepFooter';
import type { StepProps } from '../types';
import { useStartExport } from './useStartExport';

const join = (dir: string, name: string) => (dir ? `${dir}/${name}` : name);

/** rbSelectFiles: the folders and files a files-and-folders export holds (docs/decisions.md). */
export function RbSelectFilesStep(props: StepProps) {
  const { state, dispatch } = props;
  const rb = state.data.rb;
  const [dir, setDir] = useState('');
  const q = useQuery({
    queryKey: ftpsKeys.browse(rb.device?.id ?? 0, rb.point?.id ?? 0, dir),
    queryFn: () => fetchRbBrowse(rb.device?.id ?? 0, rb.point?.id ?? 0, dir),
    placeholderData: (prev) => prev,
  });
  const start = useStartExport(props);
  const toggle = (path: string, on: boolean) => {
    // A refusal (a selection past the export's limits) is about the old selection.
    start.reset();
    dispatch({ type: 'rbSetPaths', paths: on ? [...rb.paths, path] : rb.paths.filter((p) => p !== path) });
  };
  const crumbs = dir ? dir.split('/') : [];
  return (
    <Stack gap="sm">
      <Breadcrumbs>
        <Anchor component="button" onClick={() => setDir('')}>
          Restore point
        </Anchor>
        {crumbs.map((c, i) => (
          <Anchor
            key={crumbs.slice(0, i + 1).join('/')}
            component="button"
            onClick={() => setDir(crumbs.slice(0, i + 1).join('/'))}
          >
            {c}
          </Anchor>
        ))}
      </Breadcrumbs>
      {q.error && <Alert color="red">{q.error.message}</Alert>}
      <ScrollArea.Autosize mah={320}>
        {q.isPending ? (
          <Skeleton h={200} />
        ) : (
          <Stack gap={4} data-testid="rb-entries">
            {q.data?.entries.map((e) => {
              const path = join(dir, e.name);
              return (
                <Group key={path} gap="sm" wrap="nowrap">
                  <Checkbox
                    aria-label={`Export ${e.name}`}
                    checked={rb.paths.includes(path)}
                    onChange={(ev) => toggle(path, ev.currentTarget.checked)}
                  />
                  {e.type === 'folder' ? (
                    <UnstyledButton onClick={() => setDir(path)} data-testid="rb-folder">
                      <Group gap={6} wrap="nowrap">
                        <EntryIcon folder />
                        <Text size="sm" fw={500}>
                          {e.name}
                        </Text>
                      </Group>
                    </UnstyledButton>
                  ) : (
                    <Group gap={6} wrap="nowrap">
                      <EntryIcon folder={false} />
                      <Text size="sm">{e.name}</Text>
                    </Group>
                  )}
                </Group>
              );
            })}
          </Stack>
        )}
      </ScrollArea.Autosize>
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" data-testid="rb-selected">
          {rb.paths.length} selected
        </Text>
        <Text size="xs" c="dimmed">
          An export holds up to 4 GB and 20,000 files and folders.
        </Text>
      </Group>
      {start.error && (
        <Alert color="red" role="alert" data-testid="rb-start-error">
          {start.error.message}
        </Alert>
      )}
      <StepFooter state={state} dispatch={dispatch}>
        <Button disabled={rb.paths.length === 0} loading={start.isPending} onClick={() => start.mutate()}>
          Start the export
        </Button>
      </StepFooter>
    </Stack>
  );
}
