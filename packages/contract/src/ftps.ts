import { z } from 'zod';
import { jsonWhole } from './call';

// The second tool's FTPS export (spec: recovery-flow 2 'Second-tool steps', 3 'Second-tool device
// row' and 'FTPS credentials', 4 'FTPS export' and 'Recovery point selection', 5, 7 'Second tool
// (FTPS)'; inventory-reports-exports-security 3 'FTPS export record', 4, 7). The area is `ftps`
// in the contract, on the server and in the web app.

const id = jsonWhole(1, Number.MAX_SAFE_INTEGER, 'This must be an id (a whole number from 1).');
const text = (max: number) => z.string().max(max);

export const FTPS_FORMATS = ['VHD', 'VHDX', 'VMDK'] as const;
export type FtpsFormat = (typeof FTPS_FORMATS)[number];
/** The spec's export types; 'dynamic' grows as written, 'fixed' has the whole size at once. */
export const FTPS_EXPORT_TYPES = ['dynamic', 'fixed'] as const;
export type FtpsExportType = (typeof FTPS_EXPORT_TYPES)[number];
/** ffr: files and folders; disk: a virtual disk image. */
export const FTPS_TYPES = ['ffr', 'disk'] as const;
export type FtpsType = (typeof FTPS_TYPES)[number];

/** spec: recovery-flow 9, the status is polled every 5 seconds. */
export const FTPS_STATUS_POLL_MS = 5000;
/** How many folders and files one files-and-folders export may name. */
export const FTPS_MAX_PATHS = 50;
/** Where the wizard keeps the calendar's month (spec: recovery-flow 7, newOffset in a cookie). */
export const RB_OFFSET_COOKIE = 'rb_rp_offset';
/** The page listing FTP clients that speak explicit FTPS (exportComplete's link). */
export const FTP_CLIENTS_LINK = 'https://en.wikipedia.org/wiki/Comparison_of_FTP_client_software';

// --- Options and devices ------------------------------------------------------------------------

export const recoveryOptionsAnswer = z.object({
  cloud_vo: z.boolean(),
  ftps_export_ffr: z.boolean(),
  ftps_export_virtual_disk: z.boolean(),
  azure_direct_restore: z.boolean(),
  /** A system of a backup source holds a disk image that downloads as a virtual disk (no FTPS). */
  virtual_disk_download: z.boolean(),
});
export type RecoveryOptionsAnswer = z.infer<typeof recoveryOptionsAnswer>;

export const rbColumnsAnswer = z.object({
  columns: z.array(z.object({ key: z.string(), title: z.string(), sortable: z.boolean() })),
});
export type RbColumnsAnswer = z.infer<typeof rbColumnsAnswer>;

export const SYSTEM_OS_TYPES = ['WINDOWS', 'LINUX', 'MAC_OS_X', 'NAS'] as const;

export const rbDeviceRow = z.object({
  id: z.number(),
  psName: z.string(),
  applianceName: z.string(),
  systemType: z.string(),
  systemOsType: z.enum(SYSTEM_OS_TYPES),
  /** epoch ms of the newest cloud restore point; null when there is none. */
  latestCloudRp: z.number().nullable(),
  ftpsAllowed: z.boolean(),
  isPasswordProtected: z.boolean(),
});
export type RbDeviceRow = z.infer<typeof rbDeviceRow>;
export const rbDevicesAnswer = z.object({ data: z.array(rbDeviceRow) });

export type RbIneligibility = 'mac' | 'nas' | 'no_valid_system';

/**
 * spec: recovery-flow 5 'FTPS eligibility', dashboard-device-azure 5: macOS and NAS systems
 * cannot export virtual disks; a system without a valid protected system (ftpsAllowed false)
 * cannot export at all. null: selectable.
 */
export function rbIneligibility(
  row: Pick<RbDeviceRow, 'systemOsType' | 'ftpsAllowed'>,
  forDisk: boolean,
): RbIneligibility | null {
  if (forDisk && row.systemOsType === 'MAC_OS_X') return 'mac';
  if (forDisk && row.systemOsType === 'NAS') return 'nas';
  if (!row.ftpsAllowed) return 'no_valid_system';
  return null;
}

export const RB_INELIGIBLE_TEXT: Record<RbIneligibility, string> = {
  mac: 'macOS systems cannot be exported as a virtual disk.',
  nas: 'NAS systems cannot be exported as a virtual disk.',
  no_valid_system: 'This device has no valid protected system with a cloud restore point.',
};

// --- Password and restore points ---------------------------------------------------------------

export const verifyPsPasswordBody = z.object({ machine_id: id, password: text(256) });
export const verifyPsPasswordAnswer = z.object({ isPasswordCorrect: z.boolean() });

export const rbPointOption = z.object({
  label: z.string(),
  value: z.string(),
  /** epoch ms of the point (none on the "choose" entry): the web app writes it in the user's zone. */
  ts: z.number().optional(),
});
export type RbPointOption = z.infer<typeof rbPointOption>;
export const rbRestorePointsAnswer = z.object({
  /** Days of the month (1..31) that have cloud points, in the user's time zone. */
  days: z.array(z.number()),
  /** Per day of month: its points, newest last; value '0' is the "choose a point" entry. */
  restorePoints: z.record(z.string(), z.array(rbPointOption)),
  /** Months back from the newest point's month to the one answered (the wizard keeps it in a cookie). */
  newOffset: z.number(),
});
export type RbRestorePointsAnswer = z.infer<typeof rbRestorePointsAnswer>;

/** Not in the spec: the folders and files of a point, for choosing what a files export holds. */
export const rbBrowseQuery = z.object({ path: text(1024).default('') });
export const rbBrowseAnswer = z.object({
  path: z.string(),
  entries: z.array(
    z.object({
      name: z.string(),
      type: z.enum(['file', 'folder']),
      size: z.number(),
      /** epoch ms of the entry's last change: the one file browser shows it on both tools. */
      modifiedAt: z.number(),
    }),
  ),
});
export type RbBrowseAnswer = z.infer<typeof rbBrowseAnswer>;

// --- Start and status --------------------------------------------------------------------------

export const ftpsStartBody = z.object({
  /** Folders and files of the point (files-and-folders export); absolute paths. */
  paths: z.array(text(1024).min(1)).max(FTPS_MAX_PATHS).default([]),
  /** The system's password, checked again when the system is password protected. */
  password: text(256).optional(),
});
export const ftpsStartAnswer = z.object({ export_uuid: z.string() });

/**
 * A virtual disk as a download (issue 25.5, docs/decisions.md 'Virtual disk download'): the disk
 * image a restore point of a backup source holds, converted when the link is opened.
 */
export const diskDownloadBody = z.object({
  /** VHD, VHDX or VMDK (any case). */
  format: text(16),
  /** dynamic or fixed (VHD and VHDX; VMDK ignores it). */
  export_type: text(16).optional(),
  /** The system's password, checked again when the system is password protected. */
  password: text(256).optional(),
});

export const FTPS_EXPORT_STATUSES = ['RUNNING', 'COMPLETED', 'ERROR'] as const;
export const ftpsStatusAnswer = z.object({
  status: z.enum(FTPS_EXPORT_STATUSES),
  export_id: z.number(),
  percent: z.number(),
  step: z.string().nullable(),
  rpInUseError: z.boolean(),
  isRecoverError: z.boolean(),
  error: z.string().nullable(),
});
export type FtpsStatusAnswer = z.infer<typeof ftpsStatusAnswer>;

// --- Credentials, feed and discard -------------------------------------------------------------

export const ftpsCredentials = z.object({
  host: z.string(),
  port: z.number(),
  login: z.string(),
  password: z.string(),
  expirationDays: z.number(),
  ftpClientsLink: z.string(),
});
export type FtpsCredentials = z.infer<typeof ftpsCredentials>;

export const ftpsCredentialsBody = z.object({ export_id: id, password: text(256).optional() });
export const ftpsCredentialsAnswer = z.object({
  /** A sentence when the export's password is wrong; the credentials otherwise. */
  error: z.string().optional(),
  credentials: ftpsCredentials.optional(),
});
export type FtpsCredentialsAnswer = z.infer<typeof ftpsCredentialsAnswer>;

export const FTPS_RECORD_STATUSES = [
  'running',
  'ready',
  'failed',
  'discarding',
  'discarded',
  'expired',
] as const;
export const ftpsExportRecord = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(FTPS_TYPES),
  format: z.string().nullable(),
  password_protected: z.boolean(),
  /** epoch seconds; null until the export is ready */
  expire: z.number().nullable(),
  status: z.enum(FTPS_RECORD_STATUSES),
  system_name: z.string(),
  client_name: z.string(),
  created_at: z.number(),
  size_bytes: z.number(),
});
export type FtpsExportRecord = z.infer<typeof ftpsExportRecord>;
export const ftpsRecordsAnswer = z.object({ records: z.array(ftpsExportRecord) });

export const ftpsDiscardAnswer = z.object({
  error: z.boolean(),
  message: z.object({ text: z.string(), info: z.string() }),
});
export type FtpsDiscardAnswer = z.infer<typeof ftpsDiscardAnswer>;

/** spec: inventory 4: expired or discarding exports show 'discarding' and no discard action. */
export function ftpsRecordView(r: Pick<FtpsExportRecord, 'status' | 'expire'>, nowMs: number) {
  const expired = r.status === 'expired' || (r.expire !== null && r.expire * 1000 <= nowMs);
  if (r.status === 'discarding' || (expired && r.status !== 'discarded'))
    return { label: 'discarding', canDiscard: false, canReveal: false } as const;
  if (r.status === 'discarded') return { label: 'discarded', canDiscard: false, canReveal: false } as const;
  if (r.status === 'failed') return { label: 'failed', canDiscard: true, canReveal: false } as const;
  if (r.status === 'running') return { label: 'running', canDiscard: false, canReveal: false } as const;
  return { label: 'ready', canDiscard: true, canReveal: true } as const;
}
