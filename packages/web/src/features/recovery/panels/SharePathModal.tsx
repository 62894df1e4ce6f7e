import { recoveryCalls } from '@lifeboat/contract';
import { Alert, Modal, Skeleton, Text } from '@mantine/core';
import { useCall } from '../../../api/useCall';
import { SharePaths } from '../steps/SharePaths';

/** Display the path of a local share (GET /share/display_cifs_share_path). */
export function SharePathModal({ shareId, onClose }: { shareId: number; onClose: () => void }) {
  const q = useCall(recoveryCalls.sharePath, { params: { shareId } });
  return (
    <Modal opened onClose={onClose} title={q.data?.dialogTitle ?? 'Share path'} size="lg">
      {q.isPending ? (
        <Skeleton h={80} />
      ) : q.error ? (
        <Alert color="red">The path could not be loaded: {q.error.message}</Alert>
      ) : q.data ? (
        <>
          <Text fw={600} mb={4}>
            {q.data.dialogHeader}
          </Text>
          <Text size="sm" c="dimmed" mb="sm">
            {q.data.dialogMsg}
          </Text>
          {q.data.ok && <SharePaths sharePath={q.data.smbPath} macSharePath={q.data.macSharePath} />}
        </>
      ) : null}
    </Modal>
  );
}
