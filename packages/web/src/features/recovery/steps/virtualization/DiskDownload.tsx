import { Alert, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { sizeText } from '../../format';
import { diskImageUrl } from './api';

type Download =
  | { phase: 'idle' }
  | { phase: 'loading'; received: number; total: number }
  | { phase: 'done'; total: number; fileName: string }
  | { phase: 'failed'; message: string };

/** The file name of an attachment (RFC 5987 filename*=UTF-8''...). */
function attachmentName(header: string | null, fallback: string): string {
  const m = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '');
  return m?.[1] ? decodeURIComponent(m[1]) : fallback;
}

/** Reads the image with its progress, then hands it to the browser as a file. */
async function fetchImage(url: string, onProgress: (received: number, total: number) => void) {
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok || !res.body) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? 'The disk image could not be downloaded.');
  }
  const total = Number(res.headers.get('content-length') ?? 0);
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.length;
    onProgress(received, total);
  }
  return {
    blob: new Blob(parts as BlobPart[]),
    total: received,
    fileName: attachmentName(res.headers.get('content-disposition'), 'disk'),
  };
}

/** The exported disk's download, with its size and progress (the image is sparse: small to fetch). */
export function DiskDownload({ shareId, format }: { shareId: number; format: string }) {
  const [state, setState] = useState<Download>({ phase: 'idle' });
  const start = async () => {
    setState({ phase: 'loading', received: 0, total: 0 });
    try {
      const img = await fetchImage(diskImageUrl(shareId), (received, total) =>
        setState({ phase: 'loading', received, total }),
      );
      const href = URL.createObjectURL(img.blob);
      const a = document.createElement('a');
      a.href = href;
      a.download = img.fileName;
      a.click();
      setTimeout(() => URL.revokeObjectURL(href), 60_000);
      setState({ phase: 'done', total: img.total, fileName: img.fileName });
    } catch (err) {
      setState({ phase: 'failed', message: err instanceof Error ? err.message : String(err) });
    }
  };
  const percent =
    state.phase === 'loading' && state.total > 0 ? Math.round((state.received / state.total) * 100) : 0;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm">
            Or download the {format} file directly: it is sparse, so only the used blocks travel.
          </Text>
          <Button variant="light" loading={state.phase === 'loading'} onClick={() => void start()}>
            Download {format}
          </Button>
        </Group>
        {state.phase === 'loading' && (
          <Stack gap={4}>
            <Progress value={percent} aria-label="Download progress" animated />
            <Text size="xs" c="dimmed">
              {sizeText(state.received)}
              {state.total ? ` of ${sizeText(state.total)} (${percent}%)` : ''}
            </Text>
          </Stack>
        )}
        {state.phase === 'done' && (
          <Text size="sm" c="teal" data-testid="disk-downloaded">
            Downloaded {state.fileName} ({sizeText(state.total)}).
          </Text>
        )}
        {state.phase === 'failed' && (
          <Alert color="red" title="The download failed">
            {state.message}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
