import { type ResellerRow, resellerForm, resellerFormWithDistributor } from '@lifeboat/contract';
import { Modal, Stack, Switch } from '@mantine/core';
import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { DialogButtons, FormErrorAlert } from '../entities/DialogParts';
import { OrgFields } from '../entities/OrgFields';
import { OrgPicker } from '../entities/OrgPicker';
import { useEntitySave } from '../entities/useEntitySave';

interface ResellerDialogProps {
  opened: boolean;
  /** The reseller to edit; null adds one. */
  reseller: ResellerRow | null;
  /** The provider's staff choose a new reseller's distributor; a distributor's is its own. */
  chooseDistributor: boolean;
  onClose: () => void;
  onSaved: (id: number) => void;
}

const EMPTY = { name: '', email: '', can_create_client: true, distributor_id: '' };

/**
 * Add or edit a reseller (distributors and the provider's staff), saved through
 * POST /api/v1/object/reseller/save as the client dialog saves a client.
 */
export function ResellerDialog({
  opened,
  reseller,
  chooseDistributor,
  onClose,
  onSaved,
}: ResellerDialogProps) {
  const editing = reseller !== null;
  const choose = !editing && chooseDistributor;
  const save = useEntitySave('reseller', onSaved);
  const { form, onSubmit, formError, saving, reset } = useSchemaForm(
    choose ? resellerFormWithDistributor : resellerForm,
    {
      defaultValues: EMPTY,
      inputs: choose
        ? ['name', 'email', 'can_create_client', 'distributor_id']
        : ['name', 'email', 'can_create_client'],
      send: ({ distributor_id, ...values }) =>
        save(editing ? { ...values, id: reseller.id } : { ...values, ...(choose ? { distributor_id } : {}) }),
    },
  );
  // Start from the stored values (or an empty form) each time the dialog opens.
  useEffect(() => {
    if (!opened) return;
    reset(
      reseller
        ? {
            name: reseller.name,
            email: reseller.email ?? '',
            can_create_client: reseller.can_create_client,
            distributor_id: '',
          }
        : EMPTY,
    );
  }, [opened, reseller, reset]);
  const noun = editing ? 'Edit reseller' : 'Add reseller';
  return (
    <Modal opened={opened} onClose={onClose} title={noun} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormErrorAlert title="The reseller was not saved" message={formError} />
          {choose && (
            <Controller
              control={form.control}
              name="distributor_id"
              render={({ field, fieldState }) => (
                <OrgPicker
                  kind="distributor"
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
          )}
          <OrgFields
            control={form.control}
            nameLabel="Reseller name"
            emailDescription="Where Lifeboat reaches the reseller."
          />
          <Controller
            control={form.control}
            name="can_create_client"
            render={({ field, fieldState }) => (
              <Switch
                label="May create clients"
                checked={field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
                error={fieldState.error?.message}
              />
            )}
          />
          <DialogButtons
            onCancel={onClose}
            saving={saving}
            label={editing ? 'Save changes' : 'Add reseller'}
          />
        </Stack>
      </form>
    </Modal>
  );
}
