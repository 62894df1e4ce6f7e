import { azurePasswordForm, type RbDeviceRow } from '@lifeboat/contract';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { FormPasswordInput } from '../../../forms/FormPasswordInput';
import { useSchemaForm } from '../../../forms/useSchemaForm';
import { FormErrorAlert } from '../../entities/DialogParts';
import { verifyAzurePassword } from '../api';

/**
 * spec 5: a password-protected system needs its password before it is chosen. Submit is disabled
 * while the password is empty or a check runs; a wrong one says "Password incorrect." until the
 * person types again.
 */
export function PasswordModal({
  device,
  onClose,
  onCorrect,
}: {
  device: RbDeviceRow | null;
  onClose: () => void;
  onCorrect: (device: RbDeviceRow) => void;
}) {
  const sf = useSchemaForm(azurePasswordForm, {
    defaultValues: { password: '' },
    send: async ({ password }) => {
      if (!device) return;
      const r = await verifyAzurePassword(device.id, password);
      if (r.isPasswordCorrect) onCorrect(device);
      else sf.form.setError('password', { message: 'Password incorrect.' });
    },
  });
  const { reset } = sf;
  useEffect(() => {
    if (device) reset({ password: '' });
  }, [device, reset]);
  const empty = sf.form.watch('password') === '';
  return (
    <Modal opened={device !== null} onClose={onClose} title="Password protected system">
      <form onSubmit={sf.onSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            {device?.psName} is password protected. Enter its password to restore it to Azure.
          </Text>
          <FormErrorAlert title="The password could not be checked" message={sf.formError} />
          <FormPasswordInput control={sf.form.control} name="password" label="System password" autoFocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={empty} loading={sf.saving}>
              Submit
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
