import { OrgSettingsPage } from './OrgSettingsPage';

/** /settings/client_settings/view/{id}. */
export function ClientSettingsPage({ clientId }: { clientId: number }) {
  return <OrgSettingsPage level="client" id={clientId} />;
}
