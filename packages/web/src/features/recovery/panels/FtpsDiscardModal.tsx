import { type FtpsDiscardAnswer, type FtpsExportRecord, ftpsCalls } from '@lifeboat/contract';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { invalidateCalls } from '../../../api/useCall';
import { discardFtpsExport } from '../ftps-api';

/**
 * Discard an export after a confirmation (spec: inventory 4, 8): confirm -> discarding -> the
 * feed shows it discarding then discarded; a refusal shows the failed text and the server's info.
 */
export function FtpsDiscardModal({ record, onClose }: { record: FtpsExportRecord; onClose: () => void }) {
  const qc = useQueryClient();
  const [failed, setFailed] = useState<FtpsDiscardAnswer['message'] | null>(null);
  const run = useMutation({
    mutationFn: () => discardFtpsExport(record.id),
    onSuccess: (a) => {
      void invalidateCalls(qc, [ftpsCalls.ffrRecords, ftpsCalls.diskRecords]);
      if (a.error) {
        setFailed(a.message);
        return;
      }
      notifications.show({ color: 'gray', title: a.message.text, message: a.message.info });
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} title="Discard this export?">
      <Stack gap="md">
        <Text size="sm">
          {record.name} of {record.system_name}: its FTPS login stops working and its files are deleted. This
          cannot be undone.
        </Text>
        {failed && (
          <Alert color="red" title={`Failed: ${failed.text}`} data-testid="ftps-discard-failed">
            {failed.info}
          </Alert>
        )}
        {run.error && <Alert color="red">{run.error.message}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {failed ? 'Close' : 'Cancel'}
          </Button>
          {!failed && (
            <Button color="red" loading={run.isPending} onClick={() => run.mutate()}>
              {run.isPending ? 'Discarding' : 'Discard export'}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
