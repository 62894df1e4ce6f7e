import { sourceCalls, sourceForm, toAddSourceBody } from '@lifeboat/contract';
import { Alert, Button, Code, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';
import { CopyAction } from '../../components/CopyAction';
import { FormPasswordInput } from '../../forms/FormPasswordInput';
import { FormTextInput } from '../../forms/FormTextInput';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { DialogButtons, FormErrorAlert } from '../entities/DialogParts';
import { sourceKeys } from './sourcesQueries';

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
  const [tested, setTested] = useState<{ ok: boolean; sentence: string } | null>(null);
  const [testing, setTesting] = useState(false);
  const { form, onSubmit, formError, setFormError, saving, reset } = useSchemaForm(sourceForm, {
    defaultValues: EMPTY,
    send: async (v) => {
      await call(sourceCalls.add, { params: { id: clientId }, json: toAddSourceBody(v) });
      await qc.invalidateQueries({ queryKey: sourceKeys.client(clientId) });
      onClose();
    },
  });
  useEffect(() => {
    if (!opened) return;
    reset(EMPTY);
    setTested(null);
  }, [opened, reset]);
  const test = async () => {
    setTested(null);
    setFormError(null);
    if (!(await form.trigger(['location', 'password']))) return;
    setTesting(true);
    try {
      const v = form.getValues();
      const { kind, location, password, env } = toAddSourceBody({ ...v, name: v.name || 'test' });
      setTested(
        await call(sourceCalls.test, { params: { id: clientId }, json: { kind, location, password, env } }),
      );
    } catch (err) {
      const field = err instanceof ApiError ? err.fields?.location : undefined;
      if (field) form.setError('location', { message: field });
      else setFormError(err instanceof Error ? err.message : 'The repository could not be tested.');
    } finally {
      setTesting(false);
    }
  };
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
          {tested && (
            <Alert
              color={tested.ok ? 'green' : 'red'}
              title={tested.ok ? 'Connection works' : 'Connection failed'}
              role="status"
            >
              {tested.sentence}
            </Alert>
          )}
          <Group justify="space-between" wrap="wrap">
            <Button variant="light" onClick={test} loading={testing} disabled={saving}>
              Test connection
            </Button>
            <DialogButtons onCancel={onClose} saving={saving} label="Add source" />
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
