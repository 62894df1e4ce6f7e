import { LEVEL } from '@lifeboat/contract';
import { useCurrentUser } from '../../session/session';
import { UserTablePage } from './UserTablePage';

/** Levels a user can see in the users tab, by its own level. */
const LEVELS_SEEN: Record<number, number[]> = {
  [LEVEL.CLIENT]: [LEVEL.CLIENT],
  [LEVEL.RESELLER]: [LEVEL.RESELLER, LEVEL.CLIENT],
  [LEVEL.STAFF]: [LEVEL.DISTRIBUTOR, LEVEL.STAFF, LEVEL.RESELLER, LEVEL.CLIENT],
  [LEVEL.DISTRIBUTOR]: [LEVEL.DISTRIBUTOR, LEVEL.RESELLER, LEVEL.CLIENT],
};

/** The users tab (/user/empty_table, optionally ?reseller_id=). */
export function UsersPage() {
  const user = useCurrentUser();
  return (
    <UserTablePage
      entity="user"
      title="Users"
      subtitle={
        user.level === LEVEL.CLIENT
          ? 'The people of your organisation who can sign in to Lifeboat.'
          : 'The people who can sign in to Lifeboat in your organisation and below it.'
      }
      levels={LEVELS_SEEN[user.level] ?? []}
    />
  );
}
