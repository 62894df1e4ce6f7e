import type { FtpsCredentials, FtpsExportRecord } from '@lifeboat/contract';
import { Alert, Button, Group, Modal, PasswordInput, Skeleton, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchFtpsCredentials } from '../ftps-api';
import { FtpsCredentialsTable } from '../steps/rb/FtpsCredentialsTable';

/**
 * An export's credentials (spec: inventory 5, 8): a protected export asks for its password first
 * and marks the field when the server says it is wrong.
 */
export function FtpsCredentialsModal({ record, onClose }: { record: FtpsExportRecord; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [wrong, setWrong] = useState<string | null>(null);
  const [credentials, setCredentials] = useState<FtpsCredentials | null>(null);
  const reveal = useMutation({
    mutationFn: (pw: string | null) => fetchFtpsCredentials(record.id, pw),
    onSuccess: (a) => {
      if (a.credentials) setCredentials(a.credentials);
      else setWrong(a.error ?? 'Password incorrect.');
    },
  });
  const { mutate } = reveal;
  // An unprotected export shows its credentials at once.
  useEffect(() => {
    if (!record.password_protected) mutate(null);
  }, [record.password_protected, mutate]);
  const asking = record.password_protected && credentials === null;
  return (
    <Modal opened onClose={onClose} title={`FTPS credentials: ${record.name}`} size="lg">
      <Stack gap="md">
        {asking ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              setWrong(null);
              reveal.mutate(password);
            }}
          >
            <Stack gap="md">
              <Text size="sm">
                {record.system_name} is password protected: enter its password to see the credentials.
              </Text>
              <PasswordInput
                label="System password"
                value={password}
                onChange={(e) => {
                  setPassword(e.currentTarget.value);
                  setWrong(null);
                }}
                error={wrong}
                aria-invalid={wrong !== null}
                data-autofocus
                autoComplete="off"
              />
              {reveal.error && <Alert color="red">{reveal.error.message}</Alert>}
              <Group justify="flex-end">
                <Button variant="default" onClick={onClose}>
                  Cancel
                </Button>
                <Button type="submit" disabled={password.length === 0} loading={reveal.isPending}>
                  Show credentials
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <>
            {reveal.isPending && <Skeleton h={160} />}
            {reveal.error && <Alert color="red">{reveal.error.message}</Alert>}
            {wrong && !record.password_protected && <Alert color="red">{wrong}</Alert>}
            {credentials && <FtpsCredentialsTable credentials={credentials} />}
            <Group justify="flex-end">
              <Button onClick={onClose}>Close</Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
