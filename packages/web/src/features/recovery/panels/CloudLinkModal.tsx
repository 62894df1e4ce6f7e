import { CLOUD_LINK_EXPIRY_HOURS, type CloudShare, recoveryCalls } from '@lifeboat/contract';
import { Alert, Anchor, Button, Divider, Group, Modal, Select, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useCall } from '../../../api/useCall';
import { formatDateTime } from '../../../format/dateTime';
import { expireCloudLink, setCloudLinkExpiry } from '../api';

interface CloudLinkModalProps {
  share: CloudShare;
  onClose: () => void;
  /** The link's end moved or the link ended: the panels reload. */
  onChanged: () => void;
}

const hoursLabel = (h: number) =>
  h < 24 ? `${h} hour${h === 1 ? '' : 's'}` : `${h / 24} day${h === 24 ? '' : 's'}`;
const CHOICES = CLOUD_LINK_EXPIRY_HOURS.map((h) => ({
  value: String(h),
  label: `${hoursLabel(h)} from now`,
}));

/**
 * Edit or expire a cloud share (spec: recovery-flow 2 'Activity panels'): its link, a new end
 * (issue 18.15) and, after a confirmation, expiring it now; each change confirmed with a toast.
 */
export function CloudLinkModal({ share, onClose, onChanged }: CloudLinkModalProps) {
  const link = useCall(recoveryCalls.loadCloudLink, { params: { shareId: share.id } }, { staleTime: 0 });
  const [confirming, setConfirming] = useState(false);
  const [hours, setHours] = useState<string>('24');
  const dialog = useCall(recoveryCalls.expireCloudLinkDialog, {}, { enabled: confirming });
  const done = (title: string, message: string) => {
    notifications.show({ color: 'teal', title, message });
    onChanged();
    onClose();
  };
  const expire = useMutation({
    mutationFn: () => expireCloudLink(share.id),
    onSuccess: () => done('Link expired', `The link to ${share.name} no longer works.`),
  });
  const extend = useMutation({
    mutationFn: () => setCloudLinkExpiry(share.id, Number(hours)),
    onSuccess: (a) =>
      done('Expiry changed', `The link to ${share.name} now works until ${formatDateTime(a.expire_time)}.`),
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
            Link valid until {formatDateTime(share.expire_time)}.
          </Text>
          <Divider />
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label="Change the expiry"
              data={CHOICES}
              value={hours}
              onChange={(v) => v && setHours(v)}
              allowDeselect={false}
              w={220}
              data-testid="cloud-expiry-select"
            />
            <Button variant="light" loading={extend.isPending} onClick={() => extend.mutate()}>
              Save expiry
            </Button>
          </Group>
          {extend.error && <Alert color="red">{extend.error.message}</Alert>}
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
