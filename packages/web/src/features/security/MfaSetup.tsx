import { MFA_CODE_MIN, securityCalls } from '@lifeboat/contract';
import { Alert, Box, Button, Code, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { call } from '../../api/call';
import { invalidateCalls } from '../../api/useCall';
import { IconAlert } from '../../components/icons';

// spec: inventory-reports-exports-security 2 'MFA screens' (QR code, code input, save), 5 (the
// code enables Save from 4 characters), 7 (generate_secret_key, init_user_with_mfa), 8 (the
// errors.mfa_save text in the completion error area).

function QrCode({ size, path, label }: { size: number; path: string; label: string }) {
  const q = 4; // the quiet zone every reader expects
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`${-q} ${-q} ${size + 2 * q} ${size + 2 * q}`}
      width={220}
      height={220}
      shapeRendering="crispEdges"
      style={{ background: '#fff', display: 'block' }}
    >
      <path d={path} fill="#000" />
    </svg>
  );
}

/** Setup: start, scan or type the secret, enter a code, keep the recovery codes. */
export function MfaSetup({ onEnabled, onDone }: { onEnabled?: () => void; onDone?: () => void }) {
  const client = useQueryClient();
  const [code, setCode] = useState('');
  const [saveError, setSaveError] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const start = useMutation({ mutationFn: () => call(securityCalls.generateSecret) });
  const save = useMutation({
    mutationFn: (c: string) => call(securityCalls.initWithMfa, { json: { code: c, mfa_save_only: 1 } }),
    onSuccess: (a) => {
      if (a.is_error) {
        setSaveError(a.errors?.mfa_save ?? 'MFA was not saved. Try again.');
        return;
      }
      setSaveError(null);
      // The status is refreshed when the person has kept the codes: refreshing now would replace
      // this screen (MFA is on) before they could read them.
      setRecoveryCodes(a.recoveryCodes ?? []);
      onEnabled?.();
    },
    onError: (err) => setSaveError(err.message),
  });

  if (recoveryCodes) {
    return (
      <Stack gap="sm">
        <Alert color="green" variant="light" role="status" title="MFA is on">
          From now on, signing in asks for a code from your authenticator app.
        </Alert>
        <Title order={2} fz="h4">
          Your recovery codes
        </Title>
        <Text size="sm">
          Each code signs you in once if you lose your phone. Keep them somewhere safe: they are shown only
          now.
        </Text>
        <Box
          component="ul"
          role="list"
          aria-label="Recovery codes"
          data-testid="recovery-codes"
          p={0}
          m={0}
          style={{ listStyle: 'none', columns: 2 }}
        >
          {recoveryCodes.map((c) => (
            <li key={c}>
              <Code fz="md">{c}</Code>
            </li>
          ))}
        </Box>
        <Group>
          <Button
            onClick={() => {
              void invalidateCalls(client, ['security']);
              onDone?.();
            }}
          >
            I have saved them
          </Button>
        </Group>
      </Stack>
    );
  }

  if (!start.data) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          Multi-factor authentication asks for a code from an app on your phone (any authenticator app) after
          your password.
        </Text>
        {start.error && (
          <Alert color="red" variant="light" role="alert" icon={<IconAlert size={20} />}>
            {start.error.message}
          </Alert>
        )}
        <Button onClick={() => start.mutate()} loading={start.isPending}>
          Set up MFA
        </Button>
      </Stack>
    );
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (code.trim().length < MFA_CODE_MIN || save.isPending) return;
    save.mutate(code.trim());
  };
  const { qr, secret } = start.data;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <List type="ordered" size="sm" spacing={4}>
          <List.Item>Scan the QR code with your authenticator app, or type the key below.</List.Item>
          <List.Item>Enter the code the app shows, and save.</List.Item>
        </List>
        <Group align="flex-start" gap="lg" wrap="wrap">
          <QrCode size={qr.size} path={qr.path} label="QR code of the MFA secret" />
          <Stack gap={4} miw={0}>
            <Text size="sm" fw={600} id="mfa-secret-label">
              Key
            </Text>
            <Code
              fz="md"
              aria-labelledby="mfa-secret-label"
              data-testid="mfa-secret"
              style={{ overflowWrap: 'anywhere' }}
            >
              {secret}
            </Code>
            <Text size="xs" c="dimmed">
              Time-based, 6 digits, every 30 seconds.
            </Text>
          </Stack>
        </Group>
        <TextInput
          label="Code from the app"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={8}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ''))}
          maw={220}
        />
        {saveError && (
          <Alert color="red" variant="light" role="alert" icon={<IconAlert size={20} />}>
            {saveError}
          </Alert>
        )}
        <Group>
          <Button type="submit" disabled={code.trim().length < MFA_CODE_MIN} loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
