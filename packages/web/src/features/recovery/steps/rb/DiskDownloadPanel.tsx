import { Alert, Anchor, Button, Paper, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { CopyAction } from '../../../../components/CopyAction';
import { formatDateTime } from '../../../../format/dateTime';
import { prepareDiskDownload } from '../../ftps-api';
import { StepFooter } from '../StepFooter';
import type { StepProps } from '../types';

/**
 * exportVirtualDisk for a download (a backup source's disk image, docs/decisions.md 'Virtual disk
 * download'): a link that converts the image when it is opened, kept 7 days like every download.
 */
export function DiskDownloadPanel({ state, dispatch, close }: StepProps) {
  const rb = state.data.rb;
  const prepare = useMutation({
    mutationFn: () =>
      prepareDiskDownload({
        machineId: rb.device?.id ?? 0,
        restorePoint: rb.point?.id ?? 0,
        format: rb.format,
        exportType: rb.exportType,
        password: rb.password,
      }),
  });
  const link = prepare.data;
  return (
    <Stack gap="md">
      <Text size="sm">
        {rb.device?.psName} · restore point {rb.point?.label} · {rb.format} ({rb.exportType}), downloaded in
        the browser
      </Text>
      {prepare.error && (
        <Alert color="red" title="The download could not be prepared">
          {prepare.error.message}
        </Alert>
      )}
      {link && (
        <Paper withBorder radius="md" p="md">
          <Stack gap="xs">
            <Anchor href={link.download_url} download={link.name} fw={600} data-testid="download-link">
              Download {link.name}
            </Anchor>
            <Text size="sm" c="dimmed">
              The disk is converted when the link is opened: the download starts after a moment, longer for a
              large disk. The link works until {formatDateTime(link.expired)} (7 days).
            </Text>
            <CopyAction
              value={new URL(link.download_url, window.location.origin).toString()}
              what="the download link"
              text="Copy link"
              copiedText="Link copied"
            />
          </Stack>
        </Paper>
      )}
      <StepFooter state={state} dispatch={dispatch}>
        {link ? (
          <Button onClick={close}>Done</Button>
        ) : (
          <Button loading={prepare.isPending} onClick={() => prepare.mutate()}>
            Prepare the download
          </Button>
        )}
      </StepFooter>
    </Stack>
  );
}
