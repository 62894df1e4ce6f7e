import { reminderDue, securityCalls } from '@lifeboat/contract';
import { Alert, Button, Group, Text } from '@mantine/core';
import { Link, Navigate, useLocation } from 'react-router';
import { useCall, useCallMutation } from '../../api/useCall';
import { IconLock } from '../../components/icons';
import { MFA_STATUS_FRESH, SECURITY_PATH } from './securityQueries';

/** A user whose reseller requires MFA and who has none is led to the setup (issue 17.1). */
export function MfaGate() {
  const status = useCall(securityCalls.mfaStatus, {}, MFA_STATUS_FRESH);
  const { pathname } = useLocation();
  if (status.data?.required && !status.data.enabled && pathname !== SECURITY_PATH) {
    return <Navigate to={SECURITY_PATH} replace />;
  }
  return null;
}

/**
 * The MFA reminder (spec: inventory-reports-exports-security 4): shown once more than 3 days have
 * passed since showTime while it is active; 'Remind me later' posts update_reminder.
 */
export function MfaReminder() {
  const { pathname } = useLocation();
  const reminder = useCall(securityCalls.reminderTemplate, {}, { staleTime: 10 * 60_000 });
  const later = useCallMutation(securityCalls.updateReminder, {
    invalidates: [securityCalls.reminderTemplate],
  });
  const r = reminder.data;
  const template = r?.template;
  // spec 4: due once more than 3 days have passed since showTime, on the browser's clock.
  const due =
    r && template && reminderDue({ showTime: r.showTime, active: r.active, mfaEnabled: false }, Date.now());
  if (!due || pathname === SECURITY_PATH) return null;
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconLock size={20} />}
      title="Turn on multi-factor authentication"
      mb="lg"
      role="status"
      aria-label="MFA reminder"
    >
      <Text size="sm" mb="xs">
        {template}
      </Text>
      <Group gap="sm">
        <Button component={Link} to={SECURITY_PATH} size="xs">
          Set up MFA
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={() => later.mutate({ json: { reminder: {} } })}
          loading={later.isPending}
        >
          Remind me later
        </Button>
      </Group>
    </Alert>
  );
}
