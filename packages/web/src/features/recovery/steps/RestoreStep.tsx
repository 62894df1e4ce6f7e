import { downloadTypeFor, type InsertDownloadAnswer, RESTORE_LINK_DELAY_MS } from '@lifeboat/contract';
import { Alert, Anchor, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { CopyAction } from '../../../components/CopyAction';
import { formatDateTime } from '../../../format/dateTime';
import { insertDownloadSession } from '../api';
import type { Sent } from '../engine/state';
import { StepFooter } from './StepFooter';
import type { StepProps } from './types';
import { useSendOnce } from './useSendOnce';

const TYPE_TEXT: Record<number, string> = {
  1: 'the file itself',
  2: 'a zip archive',
  3: 'a tar archive of the folder',
  4: 'a tar archive of the selection',
};

/** restore: creates the download session and shows its link after 1.5 s (spec: recovery-flow 2, 9). */
export function RestoreStep({ state, dispatch, close }: StepProps) {
  const d = state.data;
  const r = d.restore;
  const files = r.selected.filter((e) => e.type === 'file').length;
  const type = downloadTypeFor(r.selected, r.archive);
  const body = {
    filemountUseId: d.mount?.answer ?? '',
    appliance_id: d.via === 'appliance' ? (d.device?.appliance_id ?? 0) : 0,
    device_id: d.device?.id ?? 0,
    job_id: d.job?.id ?? 0,
    restore_point: d.point?.id ?? 0,
    drive: d.drive,
    path: r.selected.length === 1 ? (r.selected[0]?.path ?? '') : r.selected.map((e) => e.path),
    download_type: type,
    files_count: files,
    folders_count: r.selected.length - files,
  };
  // A download session is a write: one per selection, kept across Back and forward (steps/useSendOnce.ts).
  const keep = useCallback(
    (request: string, download: Sent<InsertDownloadAnswer> | null) =>
      dispatch({ type: 'downloadPrepared', request, download }),
    [dispatch],
  );
  const session = useSendOnce({
    request: JSON.stringify(body),
    sent: d.download,
    keep,
    send: () => insertDownloadSession(body),
    accept: (answer) => answer,
  });
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setReady(true), RESTORE_LINK_DELAY_MS);
    return () => clearTimeout(t);
  }, []);
  const link = session.answer && ready ? session.answer : null;
  const absolute = link ? new URL(link.download_url, window.location.origin).toString() : '';

  return (
    <Stack gap="md">
      <Text size="sm">
        {r.selected.length === 1 ? r.selected[0]?.name : `${r.selected.length} items`} from {d.device?.name},
        downloaded as {TYPE_TEXT[type]}.
      </Text>
      {session.error ? (
        <Alert color="red" title="The download could not be prepared">
          {session.error.message}
        </Alert>
      ) : link ? (
        <Paper withBorder radius="md" p="md">
          <Stack gap="xs">
            <Anchor href={link.download_url} download={link.name} fw={600} data-testid="download-link">
              Download {link.name}
            </Anchor>
            <Text size="sm" c="dimmed">
              The link works until {formatDateTime(link.expired)} (7 days) for people who may see this device.
            </Text>
            <CopyAction value={absolute} what="the download link" text="Copy link" copiedText="Link copied" />
          </Stack>
        </Paper>
      ) : (
        <Center py="lg">
          <Group gap="sm">
            <Loader size="sm" aria-label="Preparing the download" />
            <Text c="dimmed">Preparing your download…</Text>
          </Group>
        </Center>
      )}
      <StepFooter state={state} dispatch={dispatch}>
        <Button onClick={close} disabled={!link && !session.error}>
          Done
        </Button>
      </StepFooter>
    </Stack>
  );
}
