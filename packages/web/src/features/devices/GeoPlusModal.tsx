import type { DeviceActionsAnswer } from '@lifeboat/contract';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useRef } from 'react';

interface Props {
  actions: DeviceActionsAnswer;
  /** The value asked for, or null when closed. */
  target: boolean | null;
  onConfirm: (value: boolean) => void;
  onClose: () => void;
}

/** Geo-plus switch confirmation (spec 2.3, 4 'Geo-plus'). */
export function GeoPlusModal({ actions, target, onConfirm, onClose }: Props) {
  // The modal fades out after `target` goes back to null: it keeps saying what was asked until it
  // is gone, instead of turning into the opposite question (and button) while it closes.
  const asked = useRef(false);
  if (target !== null) asked.current = target;
  const on = asked.current;
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={on ? 'Switch on geo-plus?' : 'Switch off geo-plus?'}
    >
      <Text size="sm">{on ? actions.geoModal.enable : actions.geoModal.disable}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color={on ? 'blue' : 'red'} onClick={() => target !== null && onConfirm(target)}>
          {on ? 'Switch on' : 'Switch off'}
        </Button>
      </Group>
    </Modal>
  );
}
