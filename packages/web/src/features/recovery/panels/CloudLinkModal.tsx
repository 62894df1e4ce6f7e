import type { CloudShare } from '@lifeboat/contract';
import { Alert, Anchor, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { expireCloudLink, fetchExpireDialog, loadCloudLink } from '../api';

interface CloudLinkModalProps {
  share: CloudShare;
  onClose: () => void;
  onExpired: () => void;
}

/** Edit or expire a cloud share: its link (load_cloud_link), then the expire confirmation. */
export function CloudLinkModal({ share, onClose, onExpired }: CloudLinkModalProps) {
  const link = useQuery({
    queryKey: ['recovery', 'cloud-link', share.id],
    queryFn: () => loadCloudLink(share.id),
    staleTime: 0,
  });
  const [confirming, setConfirming] = useState(false);
  const dialog = useQuery({
    queryKey: ['recovery', 'expire-dialog'],
    queryFn: fetchExpireDialog,
    enabled: confirming,
  });
  const expire = useMutation({
    mutationFn: () => expireCloudLink(share.id),
    onSuccess: () => {
      onExpired();
      onClose();
    },
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={confirming ? (dialog.data?.title ?? 'Expire this link?') : share.name}
    >
      {confirming ? (
        <Stack gap="md">
          <Text size="sm">{dialog.data?.message ?? 'The link stops working at once.'}</Text>
          {expire.error && <Alert color="red">{expire.error.message}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button color="red" loading={expire.isPending} onClick={() => expire.mutate()}>
              {dialog.data?.confirm ?? 'Expire link'}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          {link.isPending ? (
            <Skeleton h={20} />
          ) : link.error ? (
            // spec: recovery-flow 8, a cloud share link failure shows error text on the link.
            <Text c="red" size="sm" role="alert">
              The link could not be loaded: {link.error.message}
            </Text>
          ) : link.data?.ok ? (
            <Anchor href={link.data.download_url} download={link.data.name}>
              Download {link.data.name}
            </Anchor>
          ) : (
            <Text c="dimmed" size="sm">
              This link has expired.
            </Text>
          )}
          <Text size="xs" c="dimmed">
            Link valid until {new Date(share.expire_time).toLocaleString()}.
          </Text>
          <Group justify="flex-end">
            <Button color="red" variant="light" onClick={() => setConfirming(true)}>
              Expire now…
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
