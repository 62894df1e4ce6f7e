import type { SessionUser } from '@lifeboat/contract';
import { ActionIcon, Avatar, Box, Button, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { IconLock, IconLogout, IconReport } from '../components/icons';
import { levelName } from '../session/levels';

interface UserMenuProps {
  user: SessionUser;
  onSignOut: () => void;
  signingOut: boolean;
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]?.[0] ?? ''}${parts.at(-1)?.[0] ?? ''}` : name.slice(0, 2);
  return letters.toUpperCase();
}

/** Who is signed in and the way out: inline from 768 px, in a menu below. */
export function UserMenu({ user, onSignOut, signingOut }: UserMenuProps) {
  const level = levelName(user.level);
  return (
    <>
      <Group gap="md" wrap="nowrap" visibleFrom="sm">
        <Box ta="right" miw={0}>
          <Text size="sm" fw={600} lh={1.3} truncate="end" maw={220}>
            {user.name}
          </Text>
          <Text size="xs" c="dimmed" lh={1.3}>
            {level}
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
        <Menu position="bottom-end" width={240} shadow="md">
          <Menu.Target>
            <UnstyledButton
              aria-label={`Account of ${user.name}`}
              style={{ display: 'flex', borderRadius: '50%' }}
            >
              <Avatar color="blue" variant="filled" radius="xl" size={36}>
                {initials(user.name)}
              </Avatar>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Box px="sm" py={8}>
              <Text size="sm" fw={600}>
                {user.name}
              </Text>
              <Text size="xs" c="dimmed">
                {level} · {user.organisationName}
              </Text>
            </Box>
            <Menu.Divider />
            <Menu.Item component={Link} to="/account/security" leftSection={<IconLock size={16} />}>
              Security
            </Menu.Item>
            <Menu.Item component={Link} to="/audit" leftSection={<IconReport size={16} />}>
              Audit log
            </Menu.Item>
            <Menu.Item leftSection={<IconLogout size={16} />} onClick={onSignOut}>
              Sign out
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Box>
    </>
  );
}
