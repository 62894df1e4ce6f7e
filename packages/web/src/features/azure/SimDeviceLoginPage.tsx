import { type SimDeviceLoginAnswer, simDeviceLoginBody } from '@lifeboat/contract';
import { Alert, Badge, Box, Button, Center, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormTextInput } from '../../forms/FormTextInput';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { consentDeviceCode, lookupDeviceCode } from './api';

// /sim/azure/devicelogin: the simulator's stand-in for Microsoft's device login page
// (https://microsoft.com/devicelogin; dashboard-device-azure 4, two device-code sign-ins). A person
// types the code the wizard shows, picks an account of the simulated tenant and consents; the
// wizard sees the grant on its next check. Wrong, expired and used codes are refused as Microsoft
// refuses them. No console session is needed, as Microsoft's page knows none.

const SCOPE_TEXT = {
  manager: 'Azure Resource Manager: read your subscriptions, resource groups and storage accounts',
  storage: 'Azure Storage: write blobs to your storage accounts',
} as const;

type Found = SimDeviceLoginAnswer & { code: string };

export function SimDeviceLoginPage() {
  const [found, setFound] = useState<Found | null>(null);
  const [account, setAccount] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const sf = useSchemaForm(simDeviceLoginBody, {
    defaultValues: { user_code: '' },
    send: async ({ user_code }) => {
      const r = await lookupDeviceCode(user_code);
      if (!r.ok) {
        sf.form.setError('user_code', { message: r.message ?? "That code didn't work." });
        return;
      }
      setFound({ ...r, code: user_code });
      setAccount(r.accounts[0] ?? null);
    },
  });
  const consent = useMutation({
    mutationFn: () => consentDeviceCode(found?.code ?? '', account ?? ''),
    onSuccess: (r) => {
      if (r.ok) setDone(account);
      else {
        setFound(null);
        sf.form.setError('user_code', { message: r.message ?? "That code didn't work." });
      }
    },
  });
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)" py="xl" px="md">
      <Center>
        <Stack gap="md" w="100%" maw={460}>
          <Alert color="grape" title="Simulator" data-testid="sim-banner">
            This page stands in for Microsoft's device login page (microsoft.com/devicelogin): Lifeboat is
            running with a simulated Azure. No real Microsoft account is used.
          </Alert>
          <Paper withBorder radius="md" p="xl" shadow="xs">
            <Group gap="xs" mb="md">
              <Text fw={700}>Microsoft</Text>
              <Badge variant="light" color="grape">
                simulated
              </Badge>
            </Group>
            {done ? (
              <Stack gap="xs">
                <Title order={3}>You're signed in</Title>
                <Text size="sm" data-testid="sim-done">
                  You have signed in to Lifeboat on your other device as {done}. You may now close this window
                  and go back to the wizard.
                </Text>
              </Stack>
            ) : found?.ok && found.scope ? (
              <Stack gap="md">
                <Title order={3}>Pick an account</Title>
                <Radio.Group value={account} onChange={setAccount} label="Sign in as">
                  <Stack gap="xs" mt="xs">
                    {found.accounts.map((a) => (
                      <Radio key={a} value={a} label={a} />
                    ))}
                  </Stack>
                </Radio.Group>
                <Text size="sm">Lifeboat is asking for permission to use:</Text>
                <Text size="sm" fw={600}>
                  {SCOPE_TEXT[found.scope]}
                </Text>
                {consent.error && (
                  <Alert color="red" title="The consent was not recorded">
                    {consent.error.message}
                  </Alert>
                )}
                <Group justify="flex-end">
                  <Button variant="default" onClick={() => setFound(null)}>
                    Cancel
                  </Button>
                  <Button disabled={!account} loading={consent.isPending} onClick={() => consent.mutate()}>
                    Accept
                  </Button>
                </Group>
              </Stack>
            ) : (
              <form onSubmit={sf.onSubmit} noValidate>
                <Stack gap="md">
                  <Title order={3}>Enter code</Title>
                  <Text size="sm">Enter the code displayed in Lifeboat to allow access.</Text>
                  {sf.formError && (
                    <Alert color="red" title="The code could not be checked">
                      {sf.formError}
                    </Alert>
                  )}
                  <FormTextInput
                    control={sf.form.control}
                    name="user_code"
                    label="Code"
                    autoComplete="off"
                    autoFocus
                  />
                  <Group justify="flex-end">
                    <Button type="submit" loading={sf.saving}>
                      Next
                    </Button>
                  </Group>
                </Stack>
              </form>
            )}
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}
