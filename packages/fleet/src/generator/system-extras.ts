import { driveLayout } from '../world/layout';
import { HOUR, MINUTE, TB } from './plan-types';
import type { Rng } from './rng';
import type { SystemSpec } from './system-spec';

// The smaller facts of a system row: its jobs, storage, geo-plus and local cache.

export interface JobSpec {
  name: string;
  type: 'SERVER_ALIVE_BMR' | 'FILE';
  drives: string[];
}

/** Jobs over the machine's real drives (the world browses the same layout). */
export function jobsFor(rng: Rng, s: SystemSpec, seed: number): JobSpec[] {
  if (s.profile === 'unprotected') return [];
  const drives = driveLayout({ seed, os_type: s.osType, device_type: s.deviceType });
  if (s.osType === 'NAS') return [{ name: 'NAS shares', type: 'FILE', drives }];
  if (s.osType === 'MAC_OS_X')
    return [{ name: 'Mac files', type: 'FILE', drives: ['/Users', '/Applications'] }];
  const image = s.deviceType === 'server' ? 'Server image' : 'Workstation image';
  const jobs: JobSpec[] = [{ name: image, type: 'SERVER_ALIVE_BMR', drives }];
  // Some Windows file servers also keep a file-level job of their shares.
  if (s.osType === 'WINDOWS' && drives.includes('D:') && s.deviceType === 'server' && rng.chance(0.3)) {
    jobs.push({ name: 'File shares', type: 'FILE', drives: ['D:'] });
  }
  return jobs;
}

export interface Storage {
  localUsed: number;
  localTotal: number;
  cloudUsed: number;
  privateUsed: number;
  cacheEnabled: boolean;
}

/** Drawn before the appliance row, which needs the sum of its systems' local usage. */
export function drawStorage(rng: Rng, s: SystemSpec, behind: boolean, linkedPrivate: boolean): Storage {
  const p = s.protectedBytes;
  const empty = s.profile === 'nodata' || s.profile === 'unprotected';
  const cacheEnabled = !behind && s.gen === 4 && s.osType !== 'NAS' && !s.vaultOnly && rng.chance(0.45);
  const localUsed = empty
    ? 0
    : behind
      ? p * rng.between(1.3, 2.2)
      : cacheEnabled
        ? p * rng.between(1, 1.2)
        : 0;
  return {
    localUsed: Math.round(localUsed),
    localTotal: cacheEnabled ? Math.ceil((p * rng.between(1.6, 4)) / TB) * TB : 0,
    cloudUsed: empty || s.vaultOnly ? 0 : Math.round(p * rng.between(1.1, 1.8)),
    privateUsed: empty || !linkedPrivate ? 0 : Math.round(p * rng.between(1.2, 1.6)),
    cacheEnabled,
  };
}

export interface Geo {
  geo_enabled: 0 | 1;
  geo_inherited: 0 | 1;
  geo_status: string | null;
  geo_replication_progress: number;
  geo_last_primary_rp_at: number | null;
  geo_last_redundant_rp_at: number | null;
}

export function drawGeo(rng: Rng, s: SystemSpec, hasCloud: boolean, lastRpAt: number | null): Geo {
  if (s.gen !== 4 || !hasCloud || lastRpAt === null || !rng.chance(0.25)) {
    return {
      geo_enabled: 0,
      geo_inherited: 0,
      geo_status: null,
      geo_replication_progress: 0,
      geo_last_primary_rp_at: null,
      geo_last_redundant_rp_at: null,
    };
  }
  const status = rng.weighted<string>([
    ['SYNCED', 70],
    ['REPLICATING', 20],
    ['PENDING', 10],
  ]);
  const lag = status === 'SYNCED' ? 0 : rng.int(1, 4) * s.intervalMinutes * MINUTE;
  return {
    geo_enabled: 1,
    geo_inherited: rng.chance(0.5) ? 1 : 0,
    geo_status: status,
    geo_replication_progress: status === 'SYNCED' ? 100 : status === 'REPLICATING' ? rng.int(5, 95) : 0,
    geo_last_primary_rp_at: lastRpAt,
    geo_last_redundant_rp_at: status === 'PENDING' && rng.chance(0.5) ? null : lastRpAt - lag,
  };
}

export interface LocalCache {
  local_cache_enabled: 0 | 1;
  local_cache_status: 'SUCCESSFUL' | 'FAILED' | 'WARNED' | null;
  local_cache_last_verified_at: number | null;
  local_cache_last_success_at: number | null;
  local_cache_path: string | null;
}

export function drawLocalCache(
  rng: Rng,
  s: SystemSpec,
  enabled: boolean,
  now: number,
  code: string,
): LocalCache {
  if (!enabled) {
    return {
      local_cache_enabled: 0,
      local_cache_status: null,
      local_cache_last_verified_at: null,
      local_cache_last_success_at: null,
      local_cache_path: null,
    };
  }
  const status = rng.weighted<'SUCCESSFUL' | 'FAILED' | 'WARNED'>([
    ['SUCCESSFUL', 85],
    ['WARNED', 10],
    ['FAILED', 5],
  ]);
  const verified = now - rng.int(1, 26) * HOUR;
  const path =
    s.osType === 'WINDOWS'
      ? rng.chance(0.5)
        ? 'D:\\LifeboatCache'
        : `\\\\NAS01-${code}\\BackupCache\\${s.hostname}`
      : s.osType === 'LINUX'
        ? '/mnt/backup-cache'
        : '/Volumes/Backup Cache';
  return {
    local_cache_enabled: 1,
    local_cache_status: status,
    local_cache_last_verified_at: verified,
    local_cache_last_success_at: status === 'SUCCESSFUL' ? verified : verified - rng.int(1, 6) * 24 * HOUR,
    local_cache_path: path,
  };
}
