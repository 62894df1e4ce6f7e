import { LEVEL, type OrgKind } from '@lifeboat/contract';
import { Stack } from '@mantine/core';
import { useCurrentUser } from '../../session/session';
import { RolesSection } from './RolesSection';
import { UserTablePage } from './UserTablePage';

/** Levels of the users in the users tab, by where the user's organisation stands in the tree. */
const LEVELS_SEEN: Record<OrgKind, number[]> = {
  client: [LEVEL.CLIENT],
  reseller: [LEVEL.RESELLER, LEVEL.CLIENT],
  provider: [LEVEL.DISTRIBUTOR, LEVEL.STAFF, LEVEL.RESELLER, LEVEL.CLIENT],
  distributor: [LEVEL.DISTRIBUTOR, LEVEL.RESELLER, LEVEL.CLIENT],
};

/** The users tab (/user/empty_table, optionally ?reseller_id=). */
export function UsersPage() {
  const user = useCurrentUser();
  const levels = LEVELS_SEEN[user.organisationKind];
  return (
    <Stack gap="xl">
      <UserTablePage
        entity="user"
        title="Users"
        subtitle={
          user.organisationKind === 'client'
            ? 'The people of your organisation who can sign in to Lifeboat.'
            : 'The people who can sign in to Lifeboat in your organisation and below it.'
        }
        levels={levels}
      />
      <RolesSection levels={levels} />
    </Stack>
  );
}
