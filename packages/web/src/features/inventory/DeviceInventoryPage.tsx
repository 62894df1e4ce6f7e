import { useSearchParams } from 'react-router';
import { parseId } from '../../routes/parseId';
import { InventoryView } from './InventoryView';

/** The devices tab (/devices/empty_table): the device inventory (spec: inventory 2). */
export function DeviceInventoryPage() {
  const [params] = useSearchParams();
  // Links from dashboards may narrow it to a reseller or a client (spec: dashboard 2.1).
  const resellerId = parseId(params.get('reseller_id') ?? undefined) ?? undefined;
  const clientId = parseId(params.get('client_id') ?? undefined) ?? undefined;
  return <InventoryView title="Devices" filter={{ resellerId, clientId }} />;
}
