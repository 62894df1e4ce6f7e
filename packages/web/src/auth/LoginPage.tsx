import type { SessionResponse } from '@lifeboat/contract';
import type { CSSProperties, ReactNode } from 'react';
import { IconDevice, IconRecover, IconUsers } from '../components/icons';
import { LifeboatMark } from '../components/LifeboatMark';
import { usePageTitle } from '../components/usePageTitle';
import { LoginForm } from './LoginForm';
import classes from './LoginPage.module.css';
import type { LoginState } from './loginState';
import { PlainAlert } from './plainFields';

// No router, Mantine or query cache here: the sign-in page is the first thing a browser loads
// and stays under its JavaScript budget (issue 18 point 19). Mantine's Stack and Text are
// written as their markup, drawn by Mantine's stylesheet.

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

const TEXT = 'mantine-focus-auto m_b6d8b162 mantine-Text-root';
const SMALL = { '--text-fz': 'var(--mantine-font-size-sm)', '--text-lh': 'var(--mantine-line-height-sm)' };

interface LoginPageProps {
  reason?: LoginState['reason'];
  onSignedIn: (session: SessionResponse) => void;
  /** Called when the form is first used (typed in, or sent): the app's code can start loading. */
  onUse?: () => void;
}

export function LoginPage({ reason, onSignedIn, onUse }: LoginPageProps) {
  usePageTitle('Sign in');

  return (
    <div className={classes.page}>
      <aside className={classes.brand} aria-label="About Lifeboat">
        <LifeboatMark size={40} nameSize="xl" inverted />
        <div
          className="m_6d731127 mantine-Stack-root"
          style={
            {
              '--stack-gap': 'var(--mantine-spacing-xl)',
              '--stack-align': 'stretch',
              '--stack-justify': 'flex-start',
              maxWidth: 'calc(27.5rem * var(--mantine-scale))',
            } as CSSProperties
          }
        >
          <p
            className={TEXT}
            style={{
              color: 'var(--mantine-color-white)',
              fontSize: 'calc(1.875rem * var(--mantine-scale))',
              fontWeight: 650,
              lineHeight: 1.2,
            }}
          >
            {TAGLINE}
          </p>
          <ul className={classes.points}>
            {POINTS.map((p) => (
              <li key={p.text} className={classes.point}>
                <span className={classes.pointIcon}>{p.icon}</span>
                <span className={TEXT} style={{ color: 'var(--mantine-color-blue-0)' }}>
                  {p.text}
                </span>
              </li>
            ))}
          </ul>
        </div>
        <p
          className={TEXT}
          data-size="sm"
          style={{ ...SMALL, color: 'var(--mantine-color-blue-1)' } as CSSProperties}
        >
          Self-hosted · your data stays on your servers
        </p>
      </aside>

      <main className={classes.main}>
        <div className={classes.column}>
          <div className={classes.compactBrand}>
            <LifeboatMark size={36} nameSize="xl" />
            <p
              className={TEXT}
              data-size="sm"
              style={{ ...SMALL, color: 'var(--mantine-color-dimmed)' } as CSSProperties}
            >
              {TAGLINE}
            </p>
          </div>
          {reason && (
            <PlainAlert color={reason === 'ended' ? 'orange' : 'blue'} role="status" compact>
              {NOTICES[reason]}
            </PlainAlert>
          )}
          <LoginForm onSignedIn={onSignedIn} onUse={onUse} />
          <p
            className={TEXT}
            data-size="sm"
            style={{ ...SMALL, color: 'var(--mantine-color-dimmed)', textAlign: 'center' } as CSSProperties}
          >
            Forgot your password? Ask an administrator of your organisation.
          </p>
        </div>
      </main>
    </div>
  );
}
