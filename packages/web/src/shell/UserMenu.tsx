import type { SessionUser } from '@lifeboat/contract';
import { Avatar, Box, Button, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconLogout } from '../components/icons';
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
            <Menu.Item leftSection={<IconLogout size={16} />} onClick={onSignOut}>
              Sign out
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Box>
    </>
  );
}
