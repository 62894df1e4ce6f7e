import type { DeviceActionsAnswer } from '@lifeboat/contract';
import { Button, Group, Modal, Text } from '@mantine/core';

interface Props {
  actions: DeviceActionsAnswer;
  /** The value asked for, or null when closed. */
  target: boolean | null;
  onConfirm: (value: boolean) => void;
  onClose: () => void;
}

/** Geo-plus switch confirmation (spec 2.3, 4 'Geo-plus'). */
export function GeoPlusModal({ actions, target, onConfirm, onClose }: Props) {
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target ? 'Switch on geo-plus?' : 'Switch off geo-plus?'}
    >
      <Text size="sm">{target ? actions.geoModal.enable : actions.geoModal.disable}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color={target ? 'blue' : 'red'} onClick={() => target !== null && onConfirm(target)}>
          {target ? 'Switch on' : 'Switch off'}
        </Button>
      </Group>
    </Modal>
  );
}
