import { AZURE_POLL_MS, type AzureScope, azureCalls } from '@lifeboat/contract';
import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call } from '../../../api/call';
import { callKey } from '../../../api/useCall';
import { resetAzureSession } from '../api';
import type { AzureWizard } from '../useAzureWizard';
import { DeviceCodeBox } from './DeviceCodeBox';

/**
 * A device code: each sign-in round (a changed account) asks for a new one, so the round
 * extends the call's key; the input is only the scope.
 */
function codeQuery(scope: AzureScope, round: number) {
  const input = { params: { scope } };
  return {
    queryKey: [...callKey(azureCalls.authData, input), round],
    queryFn: () => call(azureCalls.authData, input),
  };
}

/**
 * The cloud login step (dashboard-device-azure 4, 9): two device-code sign-ins, resource manager
 * then storage (storage disabled until the manager access is granted); check_refresh_token is
 * polled every 3 s while the step is open; signed in, it says who with a change-account button.
 */
export function LoginStep({ w, visible }: { w: AzureWizard; visible: boolean }) {
  const [round, setRound] = useState(0);
  const [storageRound, setStorageRound] = useState(0);
  const signedIn = w.sel.login !== null;
  const wanted = visible && !signedIn && w.sel.restorePoint !== null;
  const manager = useQuery({
    ...codeQuery('manager', round),
    enabled: wanted,
    staleTime: Number.POSITIVE_INFINITY,
    // A code belongs to this visit's session: never shown again from the cache.
    gcTime: 0,
    retry: false,
  });
  const check = useQuery({
    queryKey: [...callKey(azureCalls.checkToken), round, storageRound],
    queryFn: () => call(azureCalls.checkToken),
    enabled: wanted && manager.data !== undefined,
    refetchInterval: AZURE_POLL_MS,
  });
  const managerGranted = check.data?.success === true;
  const storage = useQuery({
    ...codeQuery('storage', storageRound),
    enabled: wanted && managerGranted && storageRound > 0,
    staleTime: Number.POSITIVE_INFINITY,
    // A code belongs to this visit's session: never shown again from the cache.
    gcTime: 0,
    retry: false,
  });
  const { choose } = w;
  const login = check.data?.tokenCreated ? (check.data.user?.login ?? null) : null;
  useEffect(() => {
    if (login && !signedIn) void choose('login', login, login, null);
  }, [login, signedIn, choose]);

  const changeAccount = async () => {
    try {
      await resetAzureSession();
    } catch (e) {
      console.error('Error resetting the Azure session.', e);
      return;
    }
    w.clearLogin();
    setStorageRound(0);
    setRound((r) => r + 1);
  };

  if (signedIn)
    return (
      <Group justify="space-between" wrap="wrap">
        <Text>
          Authenticated as <b data-testid="azure-account">{w.sel.login}</b>
        </Text>
        <Button variant="default" onClick={() => void changeAccount()}>
          Change account
        </Button>
      </Group>
    );
  const failed = manager.error ?? storage.error;
  return (
    <Stack gap="md">
      {failed && (
        <Alert color="red" title="The sign-in code could not be loaded">
          {failed.message}
        </Alert>
      )}
      {manager.data?.knowledge_base_text && <Text size="sm">{manager.data.knowledge_base_text}</Text>}
      {manager.isPending ? (
        <Skeleton h={120} />
      ) : (
        manager.data &&
        (managerGranted ? (
          <Text size="sm" c="teal" data-testid="manager-granted">
            Resource manager access granted{check.data?.user ? ` for ${check.data.user.login}` : ''}.
          </Text>
        ) : (
          <DeviceCodeBox
            title="1. Grant access to Azure Resource Manager"
            code={manager.data}
            receivedAt={manager.dataUpdatedAt}
            expired={check.data?.manager === 'expired'}
            onRegenerate={() => setRound((r) => r + 1)}
          />
        ))
      )}
      {storage.data ? (
        <DeviceCodeBox
          title="2. Grant access to Azure Storage"
          code={storage.data}
          receivedAt={storage.dataUpdatedAt}
          expired={check.data?.storage === 'expired'}
          onRegenerate={() => setStorageRound((r) => r + 1)}
        />
      ) : (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            2. Then grant access to Azure Storage, where the disks are written.
          </Text>
          <Button
            disabled={!managerGranted}
            loading={storage.isFetching}
            onClick={() => setStorageRound((r) => r + 1)}
          >
            Grant storage access
          </Button>
        </Group>
      )}
    </Stack>
  );
}
