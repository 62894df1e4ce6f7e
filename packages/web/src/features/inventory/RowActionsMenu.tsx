import {
  type DeviceRow,
  type RowAction,
  SERVICE_GEN,
  VM_ACTION_LABELS,
  type VmAction,
} from '@lifeboat/contract';
import { ActionIcon, Button, Group, Menu, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { IconDevice, IconDots, IconRecover } from '../../components/icons';
import { useRecoveryWizard } from '../recovery/wizardEntry';
import { detailsPath } from './labels';

const MENU_LABELS: Record<RowAction, string> = {
  details: 'Details',
  recover: 'Recover',
  ...Object.fromEntries(Object.entries(VM_ACTION_LABELS).map(([k, v]) => [k, `${v} virtual machine`])),
} as Record<RowAction, string>;

interface RowActionsMenuProps {
  row: DeviceRow;
  onVmAction: (row: DeviceRow, action: VmAction) => void;
  busy: boolean;
}

/** The row's menu: exactly the actions the server allowed for it (spec: inventory 2, 4). */
export function RowActionsMenu({ row, onVmAction, busy }: RowActionsMenuProps) {
  const navigate = useNavigate();
  const wizard = useRecoveryWizard();
  const [confirmDiscard, setConfirmDiscard] = useState(false);

  const run = (action: RowAction) => {
    if (action === 'details') navigate(detailsPath(row));
    // spec: recovery-flow 2, generation 2 starts at locateVirtualization, generation 4 at typeRB.
    else if (action === 'recover')
      wizard.open({
        kind: 'device',
        deviceId: row.id,
        startStep: row.service_gen === SERVICE_GEN.FIRST ? 'locateVirtualization' : 'typeRB',
      });
    else if (action === 'discard_vm') setConfirmDiscard(true);
    else onVmAction(row, action);
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${row.name}`} loading={busy}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {row.actions.map((a) => (
            <Menu.Item
              key={a}
              onClick={() => run(a)}
              c={a === 'discard_vm' ? 'red.9' : undefined}
              disabled={busy && a !== 'details'}
              leftSection={
                a === 'details' ? (
                  <IconDevice size={16} />
                ) : a === 'recover' ? (
                  <IconRecover size={16} />
                ) : null
              }
            >
              {MENU_LABELS[a]}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Modal
        opened={confirmDiscard}
        onClose={() => setConfirmDiscard(false)}
        title="Discard the virtual machine?"
        centered
      >
        <Text size="sm">
          The virtual machine of <b>{row.name}</b> is powered off and every change made inside it since it was
          started is lost. The backups themselves are not touched.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirmDiscard(false)}>
            Keep it
          </Button>
          <Button
            color="red"
            onClick={() => {
              setConfirmDiscard(false);
              onVmAction(row, 'discard_vm');
            }}
          >
            Discard
          </Button>
        </Group>
      </Modal>
    </>
  );
}
