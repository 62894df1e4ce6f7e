import {
  callPath,
  type DashboardSystemRow,
  dashboardCalls,
  healthColour,
  resolveThreshold,
  storageLevel,
  type ThresholdRow,
} from '@lifeboat/contract';
import { sourceStorage } from '../../sources/storage-text';
import { formatBytes, minutesText, plural, timeAgo } from './format';
import type { SystemPageRow } from './ps-table';
import { withinThreshold } from './rollup';

// Every cell of a protected-system row (spec: dashboard-device-azure 3 'Protected-system row').

export interface SystemExtras {
  firstJob: Map<number, { id: number; name: string }>;
  inUse: Map<number, number>;
  verify: Map<
    number,
    { status: string; rpTakenAt: number; endedAt: number; hasShot: boolean; repositoryCheck: boolean }
  >;
  vaults: Map<number, { vault_id: number; vault_name: string; type: string }[]>;
  appliances: Map<number, { name: string; type: string }>;
  thresholds: ThresholdRow[];
}

/** Vaults named in the cell before the "+n more" link. */
const MAX_VAULTS_SHOWN = 1;

const HEALTH_TEXT: Record<string, string> = {
  TROUBLED: 'Troubled: the last backups failed or the newest restore point is older than its threshold.',
  WARNED:
    'Warning: a recent backup did not complete; the newest restore point is still within its threshold.',
  NORMAL: 'Healthy: backups complete and restore points are recent.',
  NODATA: 'No data yet: the system has not reported a backup.',
  PARKED: 'Parked: this system is not backed up and raises no alerts until it is unparked.',
  UNPROTECTED: 'Unprotected: no backup job is set up for this system.',
};

export function presentSystem(r: SystemPageRow, x: SystemExtras, now: number): DashboardSystemRow {
  const id = Number(r.id);
  const resellerId = Number(r.reseller_id);
  const isNas = r.device_type === 'nas';
  const lastRpAt = r.last_rp_at === null ? null : Number(r.last_rp_at);
  const job = x.firstJob.get(id) ?? null;
  const threshold = resolveThreshold(
    { id, client_id: Number(r.client_id), reseller_id: resellerId, device_type: r.device_type },
    x.thresholds,
  );
  const inUse = x.inUse.get(id) ?? 0;
  const verify = x.verify.get(id);
  const vaults = x.vaults.get(id) ?? [];
  const appliance = r.appliance_id === null ? null : (x.appliances.get(Number(r.appliance_id)) ?? null);
  const localTotal = Number(r.local_total_bytes);
  const poolPercent = localTotal > 0 ? Math.round((Number(r.local_used_bytes) / localTotal) * 1000) / 10 : 0;
  const onAppliance = r.appliance_id !== null && appliance !== null;
  // A system read from a backup source (restic) is stored in its repository.
  const fromSource = r.source_id !== null ? sourceStorage(Number(r.cloud_used_bytes)) : null;
  const health = r.health_status;
  const reason = r.health_reason?.trim();

  return {
    id,
    name: r.name,
    icon: r.device_type === 'nas' ? 'nas' : r.device_type === 'workstation' ? 'workstation' : 'server',
    agent_version: r.agent_version,
    is_brc: Number(r.service_gen) === 2,
    device_type: r.device_type,
    reseller_id: resellerId,
    client_id: Number(r.client_id),
    client_name: r.client_name,
    health_status: health,
    health_icon: healthColour(health),
    health_support_text: reason
      ? `${HEALTH_TEXT[health]?.split(':')[0] ?? health}: ${reason}`
      : (HEALTH_TEXT[health] ?? health),
    pool_used_size:
      fromSource?.figure ?? formatBytes(onAppliance ? Number(r.pool_used_bytes) : Number(r.cloud_used_bytes)),
    storage_pool_icon: onAppliance ? storageLevel(poolPercent) : 'cloud',
    pool_status: onAppliance ? storageLevel(poolPercent) : 'normal',
    show_pool_status: onAppliance && localTotal > 0,
    storage_pool_support_text: onAppliance
      ? `Appliance storage: ${formatBytes(Number(r.local_used_bytes))} of ${formatBytes(localTotal)} used (${poolPercent}%).`
      : (fromSource?.sentence ?? 'Backed up directly to the cloud: no appliance storage pool.'),
    storage_info_desc: onAppliance
      ? `On ${appliance?.name}`
      : fromSource
        ? 'restic repository'
        : 'Direct to cloud',
    version: r.agent_version,
    need_update_version: Number(r.need_update) === 1,
    version_icon: Number(r.need_update) === 1 ? 'update' : 'current',
    update_available: Number(r.need_update) === 1,
    restore_points_in_use_count: inUse,
    restore_points_in_use_text: inUse === 0 ? 'None in use' : `${plural(inUse, 'restore point')} in use`,
    autoverify: {
      available: !isNas && verify !== undefined,
      last_rp: verify ? verify.rpTakenAt : null,
      has_thumbnail: !isNas && verify?.hasShot === true,
      icon: verify ? (verify.status === 'success' ? 'success' : 'failure') : 'none',
      last_rp_text: verify
        ? `${verifyWord(verify.status === 'success', verify.repositoryCheck)} ${timeAgo(verify.endedAt, now)}`
        : '',
      unavailable_text: isNas ? 'AutoVerify is not available for NAS devices.' : 'Not verified yet.',
      thumbnail_url:
        !isNas && verify?.hasShot
          ? callPath(dashboardCalls.psThumbnail.path, { id: resellerId, psId: id, lastRp: verify.rpTakenAt })
          : null,
    },
    last_rp: {
      has_rp: lastRpAt !== null,
      schedule_id: job?.id ?? null,
      schedule_name: job?.name ?? null,
      time_ago: lastRpAt === null ? '' : timeAgo(lastRpAt, now),
      is_alerted: Number(r.parked) !== 1 && !withinThreshold(lastRpAt, threshold, now),
      rp_info:
        lastRpAt === null
          ? 'No restore point yet.'
          : `Newest restore point ${new Date(lastRpAt).toISOString().slice(0, 16).replace('T', ' ')} UTC` +
            (threshold === null ? '; alerts are off.' : `; alert after ${minutesText(threshold)}.`),
      no_jobs_text: job ? '' : 'No backup job is set up.',
    },
    vault: {
      vault_id: vaults[0]?.vault_id ?? null,
      vault_info: vaults,
      appliance:
        onAppliance && appliance
          ? { appliance_id: Number(r.appliance_id), appliance_name: appliance.name, type: appliance.type }
          : null,
      has_extra_vaults: vaults.length > MAX_VAULTS_SHOWN,
      max_vaults_count: MAX_VAULTS_SHOWN,
      extra_vaults_text: vaults.length > MAX_VAULTS_SHOWN ? `+${vaults.length - MAX_VAULTS_SHOWN} more` : '',
    },
  };
}

/** "Verified 2 hours ago"; a backup source's repository check says so. */
function verifyWord(ok: boolean, repositoryCheck: boolean): string {
  if (repositoryCheck) return ok ? 'Repository checked' : 'Repository check failed';
  return ok ? 'Verified' : 'Failed';
}
