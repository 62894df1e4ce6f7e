import { IconUsers } from '../../components/icons';
import { PlaceholderPage } from '../../components/PlaceholderPage';
import { usePageLinks } from '../../components/usePageLinks';

/** The users tab (/user/empty_table, optionally ?reseller_id=). */
export function UsersPage() {
  const { home } = usePageLinks();
  return (
    <PlaceholderPage
      title="Users"
      icon={<IconUsers />}
      summary="The people who can sign in to Lifeboat in your organisation and below it."
      parts={[
        'A searchable table of users with their level and MFA status',
        'Edit, details and delete actions per user',
      ]}
      links={[home]}
    />
  );
}
