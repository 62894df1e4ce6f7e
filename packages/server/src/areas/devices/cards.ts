import {
  type DeviceAlertAnswer,
  type DeviceDetailsDataAnswer,
  type DeviceInfoAnswer,
  deviceTypeLabel,
  formatBytes,
  type GeoSummaryAnswer,
  type LocalCacheAnswer,
  type StorageSummaryAnswer,
} from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import { type Actor, parentOf, scoped } from '../../scope';
import { sourceStorage } from '../../sources/storage-text';
import { latestAutoVerify, urlParams } from './autoverify-info';
import { type Device, isD2C, isNas, isoOrNull, verificationOf } from './device';

// The device page's small cards (spec: dashboard-device-azure 2.4 'Cards', 3 'Device info' to
// 'Storage summaries'). Each presenter lists every field that leaves the server.

const ALERTS: Partial<Record<Device['health_status'], { title: string; message: string }>> = {
  TROUBLED: {
    title: 'Backups need attention',
    message: 'The last restore point is older than this system’s alert threshold.',
  },
  WARNED: {
    title: 'Backups are late',
    message: 'The last backup did not complete. Lifeboat keeps trying at the next scheduled time.',
  },
  PARKED: {
    title: 'This system is parked',
    message: 'Backups and alerts are paused for this system until it is unparked.',
  },
  NODATA: { title: 'No backups yet', message: 'This system has not sent a restore point yet.' },
  UNPROTECTED: { title: 'Not protected', message: 'No backup job is set up for this system.' },
};

export function presentAlert(d: Device): DeviceAlertAnswer {
  const base = ALERTS[d.health_status];
  if (!base) return { ok: true, alert: null };
  return { ok: true, alert: { title: base.title, message: d.health_reason ?? base.message } };
}

export const PARKED_TOOLTIP = 'Parked: backups and alerts are paused for this system.';

export async function presentInfo(db: Kysely<Database>, actor: Actor, d: Device): Promise<DeviceInfoAnswer> {
  const s = scoped(db, actor).within(
    parentOf(d, 'client', 'organisations'),
    parentOf(d, 'appliance', 'appliances'),
  );
  const [client, appliance, last] = await Promise.all([
    s.selectFrom('organisations').select('name').executeTakeFirst(),
    d.appliance_id === null ? undefined : s.selectFrom('appliances').select('name').executeTakeFirst(),
    isNas(d) ? undefined : latestAutoVerify(db, actor, d),
  ]);
  const parked = d.health_status === 'PARKED' || d.parked === 1;
  const hasThumbnail = last?.screenshot_seed != null;
  return {
    ok: true,
    id: Number(d.id),
    display_name: d.name,
    device_type: d.device_type,
    device_type_label: deviceTypeLabel(d.device_type),
    os_type: d.os_type,
    machine_health_icon: `health-${d.health_status.toLowerCase()}`,
    device_status: d.health_status,
    parked_tooltip_text: parked ? PARKED_TOOLTIP : null,
    has_thumbnail: hasThumbnail,
    autoverify_url_params: last && hasThumbnail ? urlParams(d, last.id) : null,
    image_placeholder: 'No image',
    is_nas: isNas(d),
    is_d2c: isD2C(d),
    verification: verificationOf(d),
    client_id: Number(d.client_id),
    reseller_id: Number(d.reseller_id),
    appliance_id: d.appliance_id === null ? null : Number(d.appliance_id),
    infolist: [
      {
        label: 'Client',
        data: client?.name ?? '',
        timedelta_info: null,
        with_link: `/client/details/${d.client_id}`,
      },
      appliance
        ? {
            label: 'Appliance',
            data: appliance.name,
            timedelta_info: null,
            with_link: `/appliance/details/${d.appliance_id}`,
          }
        : { label: 'Appliance', data: 'Direct-to-cloud', timedelta_info: null, with_link: null },
      {
        label: 'Last restore point',
        data: d.last_rp_at === null ? 'None yet' : new Date(Number(d.last_rp_at)).toISOString(),
        timedelta_info: d.last_rp_at === null ? null : Number(d.last_rp_at),
        with_link: null,
      },
      // A parked system's schedule is pushed a year out; what a person needs is that backups
      // are paused (spec 4: "Device status Parked shows a tooltip").
      parked
        ? {
            label: 'Next backup',
            data: 'Paused while the system is parked',
            timedelta_info: null,
            with_link: null,
          }
        : {
            label: 'Next backup',
            data: new Date(Number(d.next_backup_at)).toISOString(),
            timedelta_info: Number(d.next_backup_at),
            with_link: null,
          },
    ],
  };
}

export function presentDetailsData(d: Device, actor: Actor): DeviceDetailsDataAnswer {
  // spec 2.4: agent for direct-to-cloud only, licence only when allowed (reseller staff and up).
  const showLicense = actor.rights.has('edit_protection');
  return {
    ok: true,
    data: {
      added: Number(d.created_at),
      os: d.os_name,
      hostname: d.hostname,
      package: d.package_name,
      agent: isD2C(d) ? d.agent_version : null,
      license: showLicense ? d.license_name : null,
      show_license: showLicense,
    },
    lang: {
      title: 'Details',
      added: 'Added',
      os: 'Operating system',
      hostname: 'Host name',
      package: 'Package',
      agent: 'Agent version',
      license: 'Licence',
    },
  };
}

export function presentGeo(d: Device): GeoSummaryAnswer {
  const enabled = d.geo_enabled === 1;
  const status = enabled ? (d.geo_status ?? 'PENDING') : 'DISABLED';
  return {
    ok: true,
    data: {
      status,
      enabled,
      replication_progress: Number(d.geo_replication_progress),
      last_primary_rp: d.geo_last_primary_rp_at === null ? null : Number(d.geo_last_primary_rp_at),
      last_redundant_rp: d.geo_last_redundant_rp_at === null ? null : Number(d.geo_last_redundant_rp_at),
      inherited: d.geo_inherited === 1,
      in_progress: enabled && status !== 'SYNCED',
      support_url: '/home/support',
    },
  };
}

export function presentLocalCache(d: Device): LocalCacheAnswer {
  // spec 5: the local cache section is hidden for NAS devices.
  if (isNas(d)) return { ok: false, message: 'NAS devices have no local cache.' };
  const enabled = d.local_cache_enabled === 1;
  const at = (v: number | null) => (v === null ? null : Number(v));
  return {
    ok: true,
    enabled,
    verification_status: enabled ? d.local_cache_status : null,
    last_verified_at: enabled ? at(d.local_cache_last_verified_at) : null,
    last_verified_at_dt: enabled ? isoOrNull(d.local_cache_last_verified_at) : null,
    last_successfully_verified_at: enabled ? at(d.local_cache_last_success_at) : null,
    last_successfully_verified_at_dt: enabled ? isoOrNull(d.local_cache_last_success_at) : null,
    path: enabled ? d.local_cache_path : null,
  };
}

export type StorageKind = 'local' | 'cloud' | 'private';

export function presentStorage(d: Device, kind: StorageKind): StorageSummaryAnswer {
  const used = Number(
    kind === 'local'
      ? d.local_used_bytes
      : kind === 'cloud'
        ? d.cloud_used_bytes
        : d.private_vault_used_bytes,
  );
  // A restic system's backups are in its repository: its figure, or why there is none.
  if (kind === 'cloud' && d.source_id !== null)
    return {
      ok: true,
      show_block: true,
      machine_usage_text: sourceStorage(used).sentence,
      used_bytes: used,
      local_percent: null,
    };
  if (kind !== 'local')
    return {
      ok: true,
      show_block: used > 0,
      machine_usage_text: `${formatBytes(used)} used by this system`,
      used_bytes: used,
      local_percent: null,
    };
  const total = Number(d.local_total_bytes);
  const percent = total > 0 ? Math.min(100, Math.round((used / total) * 1000) / 10) : 0;
  return {
    ok: true,
    show_block: used > 0 || total > 0,
    machine_usage_text:
      total > 0 ? `${formatBytes(used)} of ${formatBytes(total)}` : `${formatBytes(used)} used`,
    used_bytes: used,
    local_percent: percent,
  };
}
