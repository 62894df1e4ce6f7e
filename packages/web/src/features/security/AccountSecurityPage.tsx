import { disableMfaBody, securityCalls } from '@lifeboat/contract';
import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../api/call';
import { invalidateCalls, useCall } from '../../api/useCall';
import { IconLock } from '../../components/icons';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { FormPasswordInput } from '../../forms/FormPasswordInput';
import { FormTextInput } from '../../forms/FormTextInput';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { FormErrorAlert } from '../entities/DialogParts';
import { ApiKeysCard } from './ApiKeysCard';
import { MfaSetup } from './MfaSetup';
import { MFA_STATUS_FRESH } from './securityQueries';
import { TimeZoneCard } from './TimeZoneCard';

/** Turning MFA off: the password and a current code (or a recovery code). */
function TurnOff() {
  const client = useQueryClient();
  const { form, onSubmit, formError, saving } = useSchemaForm(disableMfaBody, {
    defaultValues: { password: '', code: '' },
    send: async (v) => {
      await call(securityCalls.disableMfa, { json: v });
      await invalidateCalls(client, ['security']);
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm" maw={360}>
        <Title order={2} fz="h4">
          Turn MFA off
        </Title>
        <FormErrorAlert title="MFA is still on" message={formError} />
        <FormPasswordInput
          control={form.control}
          name="password"
          label="Password"
          autoComplete="current-password"
        />
        <FormTextInput
          control={form.control}
          name="code"
          label="Code from the app"
          description="Or one of your recovery codes."
          autoComplete="one-time-code"
        />
        <Group>
          <Button type="submit" color="red" variant="light" loading={saving}>
            Turn MFA off
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /account/security: the signed-in user's MFA (issue 17.1) and time zone (issue 24). */
export function AccountSecurityPage() {
  const status = useCall(securityCalls.mfaStatus, {}, MFA_STATUS_FRESH);
  const navigate = useNavigate();
  // MFA is on from the moment the code is saved, while the recovery codes are still on screen
  // (the status is fetched again only after "I have saved them").
  const [enabledNow, setEnabledNow] = useState(false);
  if (status.isPending) return <PageLoader />;
  if (status.isError) return <Alert color="red">{status.error.message}</Alert>;
  const s = status.data;
  const on = s.enabled || enabledNow;
  return (
    <Stack gap="lg">
      <PageHeader
        title="Sign-in security"
        eyebrow="Your account"
        subtitle="Multi-factor authentication (MFA)"
      />
      {s.required && !on && (
        <Alert color="orange" variant="light" icon={<IconLock size={20} />} title="MFA is required">
          Your organisation requires multi-factor authentication. Set it up to continue.
        </Alert>
      )}
      <Card withBorder padding="lg" radius="md" maw={720}>
        <Stack gap="md">
          <Group gap="sm">
            <Text fw={600}>Multi-factor authentication</Text>
            <Badge color={on ? 'green' : 'gray'} variant="light" data-testid="mfa-state">
              {on ? 'On' : 'Off'}
            </Badge>
          </Group>
          {s.enabled && !enabledNow ? (
            <>
              <Text size="sm">
                Signing in asks for a code from your authenticator app. Recovery codes left:{' '}
                <strong>{s.recoveryCodesLeft}</strong>.
              </Text>
              {!s.required && <TurnOff />}
            </>
          ) : (
            <MfaSetup onEnabled={() => setEnabledNow(true)} onDone={() => navigate('/')} />
          )}
        </Stack>
      </Card>
      <TimeZoneCard />
      <ApiKeysCard />
    </Stack>
  );
}
