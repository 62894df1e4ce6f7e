import { useCurrentUser } from '../../session/session';
import { UserTablePage } from '../users/UserTablePage';

/** The admin tab (/admin/admin/admin_index): the provider's own staff logins. */
export function AdminPage() {
  const user = useCurrentUser();
  return (
    <UserTablePage
      entity="admin_user"
      title="Admin"
      subtitle="The provider's own staff who can sign in to Lifeboat."
      levels={[]}
      organisationId={user.organisationId}
    />
  );
}
