import type { ResellerRow } from '@lifeboat/contract';
import { Modal, Stack, Switch } from '@mantine/core';
import { type FormEvent, useEffect } from 'react';
import { DialogButtons, FormErrorAlert } from '../entities/DialogParts';
import { OrgFields } from '../entities/OrgFields';
import { useEntityForm } from '../entities/useEntityForm';

interface ResellerDialogProps {
  /** The reseller to edit; null keeps the dialog closed. */
  reseller: ResellerRow | null;
  onClose: () => void;
  onSaved: (id: number) => void;
}

const EMPTY = { name: '', email: '', can_create_client: false };

/** Edit a reseller (distributors and staff), saved through POST /api/v1/object/reseller/save. */
export function ResellerDialog({ reseller, onClose, onSaved }: ResellerDialogProps) {
  const form = useEntityForm('reseller', EMPTY, onSaved);
  const { reset } = form;
  useEffect(() => {
    if (reseller)
      reset({
        name: reseller.name,
        email: reseller.email ?? '',
        can_create_client: reseller.can_create_client,
      });
  }, [reseller, reset]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (reseller) form.submit({ id: reseller.id });
  };
  return (
    <Modal opened={reseller !== null} onClose={onClose} title="Edit reseller" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormErrorAlert title="The reseller was not saved" message={form.formError} />
          <OrgFields
            form={form}
            nameLabel="Reseller name"
            emailDescription="Where Lifeboat reaches the reseller."
          />
          <Switch
            label="May create clients"
            checked={form.values.can_create_client}
            onChange={(e) => form.setValue('can_create_client', e.currentTarget.checked)}
          />
          <DialogButtons onCancel={onClose} saving={form.saving} label="Save changes" />
        </Stack>
      </form>
    </Modal>
  );
}
