import { Modal, Text } from '@mantine/core';

export interface ClientDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The reseller the new client belongs to. */
  resellerId: number;
  /** Set to edit an existing client; absent to create one. */
  clientId?: number;
  /** Called with the saved client's id once the server has stored it. */
  onSaved: (clientId: number) => void;
}

/**
 * Create or edit a client (spec: inventory-reports-exports-security 'Generic entity tables'),
 * saved through POST /api/v1/object/client/save. Owned by the entities area; used by the
 * clients tab and the dashboard's Add client. This first version only holds the interface.
 */
export function ClientDialog({ opened, onClose }: ClientDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add client">
      <Text>Client creation is being built.</Text>
    </Modal>
  );
}
