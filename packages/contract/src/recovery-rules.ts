// The recovery area's constants and pure rules, apart from its schemas so the web app can use
// them without pulling in zod (spec: recovery-flow 3, 4, 9).

/** spec: recovery-flow 9, the restore screen shows its link after this delay. */
export const RESTORE_LINK_DELAY_MS = 1500;
/** spec: recovery-flow 4 'File download type', the link expires 7 days after creation. */
export const DOWNLOAD_LINK_TTL_MS = 7 * 86_400_000;
/**
 * issue 18.15: 'Edit or expire' sets a cloud link's end to one of these, counted from now; at most
 * the link's whole life (recovery-flow 4: 7 days), so no link lives longer than the spec allows.
 */
export const CLOUD_LINK_EXPIRY_HOURS = [1, 24, 72, 168] as const;
/** spec: recovery-flow 9, share unmount slider 0..9, default 5. */
export const SHARE_SLIDER = { min: 0, max: 9, default: 5 } as const;
/** spec: recovery-flow 9, the day strip of setRecoveryPoint. */
export const RECOVERY_DAY_STRIP = 7;
/** spec: recovery-flow 2 setDevice, rows in these states cannot be chosen. */
export const FAILOVER_TEST_STATES = [
  'FAILOVER_TEST_VM_RUNNING',
  'FAILOVER_TEST_VM_PAUSED',
  'FAILOVER_TEST_VM_READY',
] as const;
/** A selection or folder download never packs more than this many files. */
export const DOWNLOAD_MAX_FILES = 2000;

/** spec: recovery-flow 3, download type codes. */
export const DOWNLOAD_TYPE = { FILE: 1, ZIP: 2, TAR: 3, MULTI_TAR: 4 } as const;
export type DownloadType = (typeof DOWNLOAD_TYPE)[keyof typeof DOWNLOAD_TYPE];

export type ArchiveFormat = 'zip' | 'tar';

/**
 * spec: recovery-flow 4 'File download type'. One file downloads as itself (1); anything else is
 * packed: a zip (2), or a tar of one folder (3) or of several items (4, multi-selection tar).
 */
export function downloadTypeFor(
  items: ReadonlyArray<{ type: 'file' | 'folder' }>,
  archive: ArchiveFormat,
): DownloadType {
  const only = items.length === 1 ? items[0] : undefined;
  if (only?.type === 'file') return DOWNLOAD_TYPE.FILE;
  if (archive === 'zip') return DOWNLOAD_TYPE.ZIP;
  return only ? DOWNLOAD_TYPE.TAR : DOWNLOAD_TYPE.MULTI_TAR;
}

export const SHARE_STATUS = {
  PENDING: 'EXPOSE_SHARE_PENDING',
  ACTIVE: 'EXPOSE_SHARE_ACTIVE',
  FAILED: 'EXPOSE_SHARE_FAILED',
  ENDED: 'EXPOSE_SHARE_ENDED',
} as const;
