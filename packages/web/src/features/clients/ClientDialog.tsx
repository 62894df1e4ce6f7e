import { clientForm, clientFormWithReseller, entityCalls } from '@lifeboat/contract';
import { Alert, Modal, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { useCall } from '../../api/useCall';
import { IconAlert } from '../../components/icons';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { DialogButtons, FormErrorAlert } from '../entities/DialogParts';
import { OrgFields } from '../entities/OrgFields';
import { OrgPicker } from '../entities/OrgPicker';
import { useEntitySave } from '../entities/useEntitySave';

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

const EMPTY = { name: '', email: '', reseller_id: '' };

/**
 * Create or edit a client (spec: inventory-reports-exports-security 'Generic entity tables'),
 * saved through POST /api/v1/object/client/save. Owned by the entities area; used by the
 * clients tab and the dashboard's Add client.
 */
export function ClientDialog({ opened, onClose, resellerId, clientId, onSaved }: ClientDialogProps) {
  const editing = clientId !== undefined;
  const current = useCall(
    entityCalls.client,
    { params: { id: clientId ?? 0 } },
    { enabled: opened && editing, staleTime: 0 },
  );
  const choose = !editing && resellerId <= 0;
  const save = useEntitySave('client', onSaved);
  // Staff choose the reseller: an empty dialog flags it with the other missing fields (issue 18.16).
  const { form, onSubmit, formError, saving, reset } = useSchemaForm(
    choose ? clientFormWithReseller : clientForm,
    {
      defaultValues: EMPTY,
      inputs: choose ? ['name', 'email', 'reseller_id'] : ['name', 'email'],
      send: ({ name, email, reseller_id }) =>
        save(
          editing
            ? { name, email, id: clientId }
            : { name, email, reseller_id: choose ? reseller_id : resellerId },
        ),
    },
  );
  // Start from the stored values each time the dialog opens.
  useEffect(() => {
    if (!opened) return;
    if (!editing) reset(EMPTY);
    else if (current.data)
      reset({ name: current.data.name, email: current.data.email ?? '', reseller_id: '' });
  }, [opened, editing, current.data, reset]);
  const loading = editing && current.isPending;

  return (
    <Modal opened={opened} onClose={onClose} title={editing ? 'Edit client' : 'Add client'} centered>
      {current.isError ? (
        <Alert color="red" icon={<IconAlert size={18} />} title="The client could not be loaded">
          {current.error.message}
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <FormErrorAlert title="The client was not saved" message={formError} />
            {choose && (
              <Controller
                control={form.control}
                name="reseller_id"
                render={({ field, fieldState }) => (
                  <OrgPicker
                    kind="reseller"
                    value={field.value}
                    onChange={field.onChange}
                    error={fieldState.error?.message}
                  />
                )}
              />
            )}
            <OrgFields
              control={form.control}
              nameLabel="Client name"
              emailDescription="Optional: who to contact about this client's backups."
              loading={loading}
            />
            <DialogButtons
              onCancel={onClose}
              saving={saving}
              disabled={loading}
              label={editing ? 'Save changes' : 'Add client'}
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
