import { OrgSettingsPage } from './OrgSettingsPage';

/** /settings/reseller_settings/view/{id}. */
export function ResellerSettingsPage({ resellerId }: { resellerId: number }) {
  return <OrgSettingsPage level="reseller" id={resellerId} />;
}
