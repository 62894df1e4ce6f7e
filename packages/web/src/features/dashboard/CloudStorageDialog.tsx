import { Modal, Text } from '@mantine/core';

/** The cloud storage explanation of block 2 (spec 2.1, 2.2), opened from its row. */
export function CloudStorageDialog({
  opened,
  title,
  text,
  onClose,
}: {
  opened: boolean;
  title: string;
  text: string;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <Text size="sm">{text}</Text>
    </Modal>
  );
}
