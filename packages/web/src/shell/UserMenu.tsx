import type { SessionUser } from '@lifeboat/contract';
import { ActionIcon, Box, Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { IconLock, IconLogout, IconReport } from '../components/icons';
import { timeZoneLabel } from '../format/dateTime';
import { levelName } from '../session/levels';
import { LazyAccountMenu } from './LazyAccountMenu';

interface UserMenuProps {
  user: SessionUser;
  onSignOut: () => void;
  signingOut: boolean;
}

/** Who is signed in and the way out: inline from 768 px, in a menu below (LazyAccountMenu). */
export function UserMenu({ user, onSignOut, signingOut }: UserMenuProps) {
  const level = levelName(user.level);
  return (
    <>
      <Group gap="md" wrap="nowrap" visibleFrom="sm">
        <Box ta="right" miw={0}>
          <Text size="sm" fw={600} lh={1.3} truncate="end" maw={220}>
            {user.name}
          </Text>
          <Text size="xs" c="dimmed" lh={1.3} data-testid="user-time-zone">
            {level} · {timeZoneLabel()}
          </Text>
        </Box>
        {/* Words from 1200 px; icons between 768 and 1200 px so the organisation name keeps its room. */}
        <Group gap={4} wrap="nowrap" visibleFrom="lg">
          <Button
            component={Link}
            to="/account/security"
            variant="subtle"
            size="sm"
            leftSection={<IconLock size={16} />}
          >
            Security
          </Button>
          <Button
            component={Link}
            to="/audit"
            variant="subtle"
            size="sm"
            leftSection={<IconReport size={16} />}
          >
            Audit log
          </Button>
        </Group>
        <Group gap={4} wrap="nowrap" hiddenFrom="lg">
          <ActionIcon
            component={Link}
            to="/account/security"
            variant="subtle"
            size="lg"
            aria-label="Security"
          >
            <IconLock size={18} />
          </ActionIcon>
          <ActionIcon component={Link} to="/audit" variant="subtle" size="lg" aria-label="Audit log">
            <IconReport size={18} />
          </ActionIcon>
        </Group>
        <Button
          variant="default"
          size="sm"
          leftSection={<IconLogout size={16} />}
          onClick={onSignOut}
          loading={signingOut}
        >
          Sign out
        </Button>
      </Group>

      <Box hiddenFrom="sm">
        <LazyAccountMenu user={user} level={level} onSignOut={onSignOut} />
      </Box>
    </>
  );
}
