import { useDeviceCard } from './api';
import { DeviceCard, Fact } from './DeviceCard';
import { formatDate } from './format';

/** Device details (spec 2.4): added, OS, hostname, package, agent (D2C only), licence when allowed. */
export function DeviceDetailsBlock({ deviceId }: { deviceId: number }) {
  const { card } = useDeviceCard(deviceId, 'get_device_details_data');
  const d = card?.data;
  const l = card?.lang ?? {};
  return (
    <DeviceCard title={l.title ?? 'Details'} ready={!!d} skeletonRows={4} testId="device-details">
      {d && (
        <>
          <Fact label={l.added ?? 'Added'}>{formatDate(d.added)}</Fact>
          <Fact label={l.os ?? 'Operating system'}>{d.os}</Fact>
          <Fact label={l.hostname ?? 'Host name'}>{d.hostname}</Fact>
          <Fact label={l.package ?? 'Package'}>{d.package}</Fact>
          {d.agent !== null && <Fact label={l.agent ?? 'Agent version'}>{d.agent}</Fact>}
          {d.show_license && d.license !== null && <Fact label={l.license ?? 'Licence'}>{d.license}</Fact>}
        </>
      )}
    </DeviceCard>
  );
}
