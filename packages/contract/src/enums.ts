// Enumerations shared by server, fleet and web (spec: section 3 and 4 of each document).

export const ORG_KINDS = ['provider', 'distributor', 'reseller', 'client'] as const;
export type OrgKind = (typeof ORG_KINDS)[number];

export const HEALTH = ['TROUBLED', 'WARNED', 'NORMAL', 'PARKED', 'NODATA', 'UNPROTECTED'] as const;
export type Health = (typeof HEALTH)[number];

export const DEVICE_TYPES = ['server', 'workstation', 'nas'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

export const OS_TYPES = ['WINDOWS', 'LINUX', 'MAC_OS_X', 'NAS'] as const;
export type OsType = (typeof OS_TYPES)[number];

export const JOB_TYPES = ['SERVER_ALIVE_BMR', 'FILE'] as const;
export type JobType = (typeof JOB_TYPES)[number];

/** Job run statuses (spec: dashboard-device-azure 4 'Job status'). */
export const JOB_STATUSES = [
  'IDLE',
  'RUNNING',
  'RESUME',
  'COMPLETED',
  'FAILED',
  'MISSED',
  'PAUSED',
  'MANUALLY_PAUSED',
] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const JOB_KINDS = ['Backup', 'Replication'] as const;
export const BACKUP_TYPES = ['Initial', 'Incremental', 'Full'] as const;

export const SVA_JOB_STATUSES = ['Offline', 'Running', 'Stopped'] as const;
export type SvaJobStatus = (typeof SVA_JOB_STATUSES)[number];

export const VAULT_TYPES = ['cloud', 'private'] as const;
export type VaultType = (typeof VAULT_TYPES)[number];

export const LOCAL_CACHE_STATUSES = ['SUCCESSFUL', 'FAILED', 'WARNED'] as const;

export const OPERATION_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type OperationStatus = (typeof OPERATION_STATUSES)[number];
