import type { SessionUser } from '@lifeboat/contract';
import { Box, Menu, Text } from '@mantine/core';
import { Link } from 'react-router';
import { IconLock, IconLogout, IconReport } from '../components/icons';
import { timeZoneLabel } from '../format/dateTime';
import { AccountButton } from './AccountButton';

export interface AccountMenuProps {
  user: SessionUser;
  level: string;
  onSignOut: () => void;
}

/** Who is signed in and the way out, in a menu below 768 px (loaded by LazyAccountMenu). */
export function AccountMenu({
  user,
  level,
  onSignOut,
  defaultOpened,
}: AccountMenuProps & { defaultOpened: boolean }) {
  return (
    <Menu position="bottom-end" width={240} shadow="md" defaultOpened={defaultOpened}>
      <Menu.Target>
        <AccountButton name={user.name} />
      </Menu.Target>
      <Menu.Dropdown>
        <Box px="sm" py={8}>
          <Text size="sm" fw={600}>
            {user.name}
          </Text>
          <Text size="xs" c="dimmed">
            {level} · {user.organisationName}
          </Text>
          <Text size="xs" c="dimmed">
            Times in {timeZoneLabel()}
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
  );
}
