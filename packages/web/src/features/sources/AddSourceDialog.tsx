import { sourceCalls, sourceForm, toAddSourceBody } from '@lifeboat/contract';
import { Alert, Code, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../api/call';
import { invalidateCalls } from '../../api/useCall';
import { CopyAction } from '../../components/CopyAction';
import { FormPasswordInput } from '../../forms/FormPasswordInput';
import { FormTextInput } from '../../forms/FormTextInput';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { FormErrorAlert } from '../entities/DialogParts';
import { ConnectionTestRow, useConnectionTest } from './ConnectionTest';

// Add a restic repository as a backup source of a client (issue 25.4): its location, password and
// optional S3 keys, checked by the contract's rules as typed; "Test connection" opens it and says
// in a sentence what is wrong before anything is saved.

const EMPTY = { name: '', location: '', password: '', s3_access_key: '', s3_secret_key: '' };

interface Props {
  clientId: number;
  opened: boolean;
  onClose: () => void;
  /** False when the console's server cannot run restic: the dialog says how to install it. */
  resticInstalled: boolean;
}

const INSTALL = 'apt-get install restic';

export function AddSourceDialog({ clientId, opened, onClose, resticInstalled }: Props) {
  const qc = useQueryClient();
  const { form, onSubmit, formError, setFormError, saving, reset } = useSchemaForm(sourceForm, {
    defaultValues: EMPTY,
    send: async (v) => {
      await call(sourceCalls.add, { params: { id: clientId }, json: toAddSourceBody(v) });
      await invalidateCalls(qc, [sourceCalls.list]);
      onClose();
    },
  });
  const { tested, testing, test, clear } = useConnectionTest({
    validate: () => form.trigger(['location', 'password']),
    run: () => {
      const v = form.getValues();
      const { kind, location, password, env } = toAddSourceBody({ ...v, name: v.name || 'test' });
      return call(sourceCalls.test, { params: { id: clientId }, json: { kind, location, password, env } });
    },
    setLocationError: (message) => form.setError('location', { message }),
    setFormError,
  });
  useEffect(() => {
    if (!opened) return;
    reset(EMPTY);
    clear();
  }, [opened, reset, clear]);
  return (
    <Modal opened={opened} onClose={onClose} title="Add backup source" centered size="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            A restic repository of this client. Its systems, restore points and health appear on this page
            after the first sync, then every 15 minutes.
          </Text>
          {!resticInstalled && (
            <Alert color="yellow" title="restic is not installed on the console’s server">
              <Stack gap="xs">
                <Text size="sm">
                  The console reads repositories with restic. Its operator installs it on the server with this
                  command, then repositories can be tested and added:
                </Text>
                <Group gap="xs" wrap="nowrap">
                  <Code>{INSTALL}</Code>
                  <CopyAction value={INSTALL} what="the install command" look="icon" />
                </Group>
              </Stack>
            </Alert>
          )}
          <FormErrorAlert title="The source was not added" message={formError} />
          <FormTextInput control={form.control} name="name" label="Name" required maxLength={100} />
          <FormTextInput
            control={form.control}
            name="location"
            label="Repository location"
            description="A folder on the console's server, such as /srv/restic/harbor, or an s3:, rest: or sftp: address where the operator allows it."
            required
            maxLength={1024}
          />
          <FormPasswordInput control={form.control} name="password" label="Repository password" required />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <FormTextInput
              control={form.control}
              name="s3_access_key"
              label="S3 access key"
              description="Only for an s3: repository."
            />
            <FormPasswordInput
              control={form.control}
              name="s3_secret_key"
              label="S3 secret key"
              description="Kept encrypted, never shown again."
            />
          </SimpleGrid>
          <ConnectionTestRow
            tested={tested}
            testing={testing}
            saving={saving}
            onTest={test}
            onCancel={onClose}
            label="Add source"
          />
        </Stack>
      </form>
    </Modal>
  );
}
