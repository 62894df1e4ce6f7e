import { Alert, Modal, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { IconAlert } from '../../components/icons';
import { DialogButtons, FormErrorAlert } from '../entities/DialogParts';
import { entityKeys, fetchClient } from '../entities/entitiesApi';
import { OrgFields } from '../entities/OrgFields';
import { ResellerPicker } from '../entities/ResellerPicker';
import { useEntityForm } from '../entities/useEntityForm';

export interface ClientDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The reseller the new client belongs to; 0 lets the user choose one (staff, distributors). */
  resellerId: number;
  /** Set to edit an existing client; absent to create one. */
  clientId?: number;
  /** Called with the saved client's id once the server has stored it. */
  onSaved: (clientId: number) => void;
}

const EMPTY = { name: '', email: '' };

/**
 * Create or edit a client (spec: inventory-reports-exports-security 'Generic entity tables'),
 * saved through POST /api/v1/object/client/save. Owned by the entities area; used by the
 * clients tab and the dashboard's Add client.
 */
export function ClientDialog({ opened, onClose, resellerId, clientId, onSaved }: ClientDialogProps) {
  const editing = clientId !== undefined;
  const current = useQuery({
    queryKey: entityKeys.client(clientId ?? 0),
    queryFn: ({ signal }) => fetchClient(clientId as number, signal),
    enabled: opened && editing,
    staleTime: 0,
  });
  const form = useEntityForm('client', EMPTY, onSaved);
  const [picked, setPicked] = useState('');
  const choose = !editing && resellerId <= 0;
  const { reset } = form;
  // Start from the stored values each time the dialog opens.
  useEffect(() => {
    if (!opened) return;
    if (!editing) {
      reset(EMPTY);
      setPicked('');
    } else if (current.data) reset({ name: current.data.name, email: current.data.email ?? '' });
  }, [opened, editing, current.data, reset]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.submit(editing ? { id: clientId } : { reseller_id: choose ? picked : resellerId });
  };
  const loading = editing && current.isPending;

  return (
    <Modal opened={opened} onClose={onClose} title={editing ? 'Edit client' : 'Add client'} centered>
      {current.isError ? (
        <Alert color="red" icon={<IconAlert size={18} />} title="The client could not be loaded">
          {current.error.message}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <FormErrorAlert title="The client was not saved" message={form.formError} />
            {choose && <ResellerPicker value={picked} onChange={setPicked} error={form.errors.reseller_id} />}
            <OrgFields
              form={form}
              nameLabel="Client name"
              emailDescription="Optional: who to contact about this client's backups."
              loading={loading}
              extraError={choose ? undefined : form.errors.reseller_id}
            />
            <DialogButtons
              onCancel={onClose}
              saving={form.saving}
              disabled={loading}
              label={editing ? 'Save changes' : 'Add client'}
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
