import type { SessionUser } from '@lifeboat/contract';
import { Box, Text } from '@mantine/core';
import { Link } from 'react-router';
import { LifeboatMark } from '../components/LifeboatMark';
import { landingPath } from '../routes/tabPaths';
import { useSignOut } from '../session/session';
import classes from './Shell.module.css';
import { UserMenu } from './UserMenu';

/** The top bar: the mark (a link home), the organisation, and the signed-in user. */
export function ShellBar({ user }: { user: SessionUser }) {
  const signOut = useSignOut();
  // Once the session is cleared, RequireSession shows the login page with a "signed out" note.
  const onSignOut = () => signOut.mutate();

  return (
    <div className={classes.bar}>
      <Link
        to={landingPath(user)}
        aria-label="Lifeboat home"
        style={{ textDecoration: 'none', flex: 'none' }}
      >
        <Box visibleFrom="xs">
          <LifeboatMark size={30} />
        </Box>
        <Box hiddenFrom="xs">
          <LifeboatMark size={30} withName={false} />
        </Box>
      </Link>
      <div className={classes.org}>
        <span className={classes.divider} aria-hidden="true" />
        <Text size="sm" fw={600} c="gray.8" truncate="end" title={user.organisationName}>
          {user.organisationName}
        </Text>
      </div>
      <UserMenu user={user} onSignOut={onSignOut} signingOut={signOut.isPending} />
    </div>
  );
}
