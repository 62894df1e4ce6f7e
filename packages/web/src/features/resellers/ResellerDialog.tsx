import { type ResellerRow, resellerForm } from '@lifeboat/contract';
import { Modal, Stack, Switch } from '@mantine/core';
import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { DialogButtons, FormErrorAlert } from '../entities/DialogParts';
import { OrgFields } from '../entities/OrgFields';
import { useEntitySave } from '../entities/useEntitySave';

interface ResellerDialogProps {
  /** The reseller to edit; null keeps the dialog closed. */
  reseller: ResellerRow | null;
  onClose: () => void;
  onSaved: (id: number) => void;
}

const EMPTY = { name: '', email: '', can_create_client: false };

/** Edit a reseller (distributors and staff), saved through POST /api/v1/object/reseller/save. */
export function ResellerDialog({ reseller, onClose, onSaved }: ResellerDialogProps) {
  const save = useEntitySave('reseller', onSaved);
  const { form, onSubmit, formError, saving, reset } = useSchemaForm(resellerForm, {
    defaultValues: EMPTY,
    send: async (values) => {
      if (reseller) await save({ ...values, id: reseller.id });
    },
  });
  useEffect(() => {
    if (reseller)
      reset({
        name: reseller.name,
        email: reseller.email ?? '',
        can_create_client: reseller.can_create_client,
      });
  }, [reseller, reset]);
  return (
    <Modal opened={reseller !== null} onClose={onClose} title="Edit reseller" centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormErrorAlert title="The reseller was not saved" message={formError} />
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
          <DialogButtons onCancel={onClose} saving={saving} label="Save changes" />
        </Stack>
      </form>
    </Modal>
  );
}
