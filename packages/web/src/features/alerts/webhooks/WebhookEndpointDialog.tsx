import {
  type WebhookEndpoint,
  type WebhookSecretAnswer,
  webhookCalls,
  webhookEndpointForm,
} from '@lifeboat/contract';
import { Modal, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../../api/call';
import { invalidateCalls } from '../../../api/useCall';
import { FormTextInput } from '../../../forms/FormTextInput';
import { useSchemaForm } from '../../../forms/useSchemaForm';
import { DialogButtons, FormErrorAlert } from '../../entities/DialogParts';

// Add a webhook endpoint or change its name and address (issue 27.4). A new endpoint's secret is
// handed to onCreated, which shows it once.

interface Props {
  resellerId: number;
  opened: boolean;
  endpoint?: WebhookEndpoint;
  onClose: () => void;
  onCreated: (answer: WebhookSecretAnswer) => void;
}

const EMPTY = { name: '', url: '' };

export function WebhookEndpointDialog({ resellerId, opened, endpoint, onClose, onCreated }: Props) {
  const qc = useQueryClient();
  const { form, onSubmit, formError, saving, reset } = useSchemaForm(webhookEndpointForm, {
    defaultValues: EMPTY,
    send: async (v) => {
      if (endpoint)
        await call(webhookCalls.update, {
          params: { id: endpoint.id },
          json: { ...v, enabled: endpoint.enabled },
        });
      else onCreated(await call(webhookCalls.create, { params: { id: resellerId }, json: v }));
      await invalidateCalls(qc, [webhookCalls.list]);
      onClose();
    },
  });
  useEffect(() => {
    if (opened) reset(endpoint ? { name: endpoint.name, url: endpoint.url } : EMPTY);
  }, [opened, endpoint, reset]);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={endpoint ? 'Edit webhook endpoint' : 'Add webhook endpoint'}
      centered
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormErrorAlert title="The endpoint was not saved" message={formError} />
          <FormTextInput control={form.control} name="name" label="Name" required maxLength={100} />
          <FormTextInput
            control={form.control}
            name="url"
            label="Address"
            description="Where each alert is posted, such as https://psa.example.com/hooks/lifeboat."
            required
            maxLength={2000}
          />
          <DialogButtons
            onCancel={onClose}
            saving={saving}
            label={endpoint ? 'Save endpoint' : 'Add endpoint'}
          />
        </Stack>
      </form>
    </Modal>
  );
}
