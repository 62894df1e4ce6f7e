import { Alert, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { IconDevice, IconRecover, IconUsers } from '../components/icons';
import { LifeboatMark } from '../components/LifeboatMark';
import { usePageTitle } from '../components/usePageTitle';
import { LoginForm } from './LoginForm';
import classes from './LoginPage.module.css';
import { readLoginState } from './loginState';

const TAGLINE = 'The backup and recovery console for service providers and their clients.';

const POINTS: { icon: ReactNode; text: string }[] = [
  { icon: <IconDevice size={20} />, text: 'See the backup health of every protected system at a glance.' },
  {
    icon: <IconRecover size={20} />,
    text: 'Recover files, disks or whole machines: on site, in the cloud or in Azure.',
  },
  { icon: <IconUsers size={20} />, text: 'One console for distributors, resellers and their clients.' },
];

const NOTICES = {
  ended: 'Your session has ended. Sign in again to continue.',
  'signed-out': 'You have signed out.',
} as const;

export function LoginPage() {
  usePageTitle('Sign in');
  const { reason } = readLoginState(useLocation().state);

  return (
    <div className={classes.page}>
      <aside className={classes.brand} aria-label="About Lifeboat">
        <LifeboatMark size={40} nameSize="xl" inverted />
        <Stack gap="xl" maw={440}>
          <Text c="white" fz={30} lh={1.2} fw={650}>
            {TAGLINE}
          </Text>
          <ul className={classes.points}>
            {POINTS.map((p) => (
              <li key={p.text} className={classes.point}>
                <span className={classes.pointIcon}>{p.icon}</span>
                <Text component="span" c="blue.0">
                  {p.text}
                </Text>
              </li>
            ))}
          </ul>
        </Stack>
        <Text size="sm" c="blue.1">
          Self-hosted · your data stays on your servers
        </Text>
      </aside>

      <main className={classes.main}>
        <div className={classes.column}>
          <div className={classes.compactBrand}>
            <LifeboatMark size={36} nameSize="xl" />
            <Text c="dimmed" size="sm">
              {TAGLINE}
            </Text>
          </div>
          {reason && (
            <Alert color={reason === 'ended' ? 'orange' : 'blue'} variant="light" role="status" py="sm">
              {NOTICES[reason]}
            </Alert>
          )}
          <LoginForm />
          <Text size="sm" c="dimmed" ta="center">
            Forgot your password? Ask an administrator of your organisation.
          </Text>
        </div>
      </main>
    </div>
  );
}
