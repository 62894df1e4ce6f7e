import { z } from 'zod';
import { jsonWhole as whole } from './call';
import { CLOUD_LINK_EXPIRY_HOURS } from './recovery-rules';

// The recovery area's calls (spec: recovery-flow 7 'Discovery', 'Browsing and download',
// 'Shares'; inventory-reports-exports-security 7, local shares). Paths are the spec's.

export * from './recovery-rules';

const id = whole(1, Number.MAX_SAFE_INTEGER, 'This must be an id (a whole number from 1).');
/** An id, or 0 where the spec says '{applianceId or 0}' (recovery-flow 7, the cloud copy). */
const idOrZero = whole(0, Number.MAX_SAFE_INTEGER, 'This must be an id, or 0.');
/** The spec's 0/1 switches of POST /appliance/get (recovery-flow 7). */
const bit = z.union([z.literal(0), z.literal(1)], { error: 'This must be 0 or 1.' });
const text = (max: number) => z.string().max(max);

// --- Discovery ---------------------------------------------------------------------------

export const clientFeatureTypes = z.object({
  id: z.number(),
  name: z.string(),
  has_brc: z.number(),
  has_x360recover: z.number(),
  /** Appliance (local) restore is offered only when local devices exist. */
  has_local_devices: z.number(),
  /** The client has no protected first-tool systems at all. */
  non_protect_flow: z.number(),
});
export type ClientFeatureTypes = z.infer<typeof clientFeatureTypes>;

export const resellerClientRow = z.object({
  id: z.number(),
  name: z.string(),
  workstation_count: z.number(),
  server_count: z.number(),
  app_count: z.number(),
  machines_latest_schedule_rp_count: z.number(),
  has_brc: z.number(),
  has_x360recover: z.number(),
  /** Every system of the client is a Mac: not eligible for Azure (dashboard-device-azure 3, 5). */
  has_macos_only: z.number(),
  /** Set when the client cannot be chosen: why (spec: clientSelect tooltip). */
  no_rp_tooltip: z.string().nullable(),
});
export type ResellerClientRow = z.infer<typeof resellerClientRow>;
export const resellerClientsAnswer = z.object({
  table_data: z.object({
    columns: z.array(z.object({ key: z.string(), title: z.string() })),
    data: z.array(resellerClientRow),
    total: z.number(),
  }),
});
export type ResellerClientsAnswer = z.infer<typeof resellerClientsAnswer>;
export const resellerClientsQuery = z.object({
  search: text(128).optional(),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(100),
});

export const deviceGetBody = z.object({
  scopeBy: z.enum(['device']).default('device'),
  forDevice: id,
});
export const recoveryDevice = z.object({
  id: z.number(),
  name: z.string(),
  asid: z.string(),
  appliance_id: z.number().nullable(),
  appliance_name: z.string().nullable(),
  client_id: z.number(),
  client_name: z.string(),
  service_gen: z.number(),
  os_type: z.string(),
  device_type: z.string(),
  is_d2c: z.number(),
  state: z.string().nullable(),
  last_rp_at: z.number().nullable(),
});
export type RecoveryDevice = z.infer<typeof recoveryDevice>;
export const deviceGetAnswer = z.object({ list: z.array(recoveryDevice) });
export const devicesAnswer = z.object({ devices: z.array(recoveryDevice) });

export const applianceGetBody = z.object({
  scopeBy: z.enum(['client', 'appliance']),
  forClient: id.optional(),
  forAppliance: id.optional(),
  paging: z
    .object({
      offset: whole(0, 100_000, 'The offset must be a whole number from 0 to 100000.'),
      limit: whole(1, 100, 'The limit must be a whole number from 1 to 100.'),
    })
    .default({ offset: 0, limit: 100 }),
  devices_count: bit.default(1),
  offsited: bit.default(0),
  eligible_for_cifs_sharing: bit.default(0),
});
export const recoveryAppliance = z.object({
  id: z.number(),
  name: z.string(),
  sid: z.string(),
  model_name: z.string(),
  online: z.number(),
  devices_count: z.number(),
});
export type RecoveryAppliance = z.infer<typeof recoveryAppliance>;
export const applianceGetAnswer = z.object({ list: z.array(recoveryAppliance), total: z.number() });

export const jobsBody = z.object({ deviceId: id, applianceId: idOrZero.default(0) });
export const recoveryJob = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(['SERVER_ALIVE_BMR', 'FILE']),
  drives: z.array(z.string()),
  info: z.string(),
});
export type RecoveryJob = z.infer<typeof recoveryJob>;
export const jobsAnswer = z.object({ jobs: z.array(recoveryJob) });

// --- Browsing and download -----------------------------------------------------------------

export const recoveryPointDay = z.object({
  /** YYYY-MM-DD, a day of the user's time zone (issue 24) */
  date: z.string(),
  points: z.array(z.object({ id: z.number(), ts: z.number() })),
  enabled: z.boolean(),
});
export type RecoveryPointDay = z.infer<typeof recoveryPointDay>;
export const recoveryPointsAnswer = z.object({
  /** null: the appliance did not answer (spec: recovery-flow 8, applianceOffline). */
  data: z
    .object({
      dates: z.array(recoveryPointDay),
      /** The centre day of the strip. */
      selected: z.string(),
      min: z.string().nullable(),
      max: z.string().nullable(),
      prev: z.string().nullable(),
      next: z.string().nullable(),
      total_points: z.number(),
    })
    .nullable(),
});
export type RecoveryPointsAnswer = z.infer<typeof recoveryPointsAnswer>;

/**
 * The point to open. The spec's mount sends no body and names the point on each files call
 * (recovery-flow 7): without one the newest point of the job there is opened, and a files call
 * naming another point of the job moves the session to it.
 */
export const mountBody = z.object({ recoveryPoint: id.optional() }).nullish();
export const mountAnswer = z.object({ filemountUseId: z.string() });

export const fileEntry = z.object({
  name: z.string(),
  path: z.string(),
  type: z.enum(['file', 'folder']),
  size: z.number(),
  modifiedAt: z.number(),
});
export type RecoveryFileEntry = z.infer<typeof fileEntry>;
export const filesBody = z.object({
  path: text(4096).default(''),
  recoveryPoint: id.optional(),
  filemountUseId: text(64),
});
export const filesAnswer = z.object({ path: z.string(), files: z.array(fileEntry) });
export const fileBody = z.object({ path: text(6000), filemountUseId: text(64) });
/** A search inside the restore point being browsed (issue 18.14): any part of a name, any case. */
export const searchFilesBody = z.object({
  filemountUseId: text(64),
  query: z.string().trim().min(2, 'Type at least 2 characters to search.').max(100),
});
export const searchFilesAnswer = z.object({
  files: z.array(fileEntry),
  /** The search stopped at its limits: more may match (narrow the words). */
  truncated: z.boolean(),
});
export const fileAnswer = z.object({ file: fileEntry });

export const insertDownloadBody = z.object({
  /** The console's browsing session; the spec's body has none (its ids name the point). */
  filemountUseId: text(64).optional(),
  appliance_id: idOrZero.default(0),
  device_id: id,
  job_id: id,
  restore_point: id,
  drive: text(256).nullable().default(null),
  /** One path, or several for a multi-selection. */
  path: z.union([text(4096), z.array(text(4096)).min(1).max(500)]),
  download_type: whole(1, 4, 'The download type must be 1, 2, 3 or 4.'),
  files_count: whole(0, 100_000, 'The count of files must be a whole number from 0 to 100000.'),
  folders_count: whole(0, 100_000, 'The count of folders must be a whole number from 0 to 100000.'),
});
export type InsertDownloadBody = z.input<typeof insertDownloadBody>;
export const insertDownloadAnswer = z.object({
  insert_result: z.boolean(),
  download_url: z.string(),
  name: z.string(),
  download_type: z.number(),
  created: z.number(),
  expired: z.number(),
});
export type InsertDownloadAnswer = z.infer<typeof insertDownloadAnswer>;

// --- Shares --------------------------------------------------------------------------------

export const unmountOption = z.object({ value: z.number(), label: z.string() });
export const exposeShareAnswer = z.object({
  ok: z.boolean(),
  try_vhdx: z.boolean().optional(),
  error: z.string().optional(),
  title: z.string().optional(),
  /** The system already has a share open: revoke it first (revokeMount). */
  exposed_share_id: z.number().optional(),
  shareId: z.number().optional(),
  waitShare: z.boolean().optional(),
  sharePath: z.string().optional(),
  macSharePath: z.string().optional(),
  unmountOptions: z.array(unmountOption).optional(),
  unmountDefault: z.number().optional(),
});
export type ExposeShareAnswer = z.infer<typeof exposeShareAnswer>;

export const checkShareAnswer = z.object({
  status: z.enum([
    'EXPOSE_SHARE_PENDING',
    'EXPOSE_SHARE_ACTIVE',
    'EXPOSE_SHARE_FAILED',
    'EXPOSE_SHARE_ENDED',
  ]),
  sharePath: z.string(),
  macSharePath: z.string(),
  expireTime: z.number().nullable(),
  error: z.string().nullable(),
});
export type CheckShareAnswer = z.infer<typeof checkShareAnswer>;

export const setShareTtlAnswer = z.object({ ok: z.boolean(), newExpireTime: z.number() });
export const shareDialogAnswer = z.object({
  ok: z.boolean(),
  dialogTitle: z.string(),
  dialogMsg: z.string(),
});
export const sharePathAnswer = z.object({
  ok: z.boolean(),
  dialogTitle: z.string(),
  dialogHeader: z.string(),
  dialogMsg: z.string(),
  smbPath: z.string(),
  macSharePath: z.string(),
});
export type SharePathAnswer = z.infer<typeof sharePathAnswer>;
export const editExpireDialogAnswer = z.object({
  html: z.string(),
  expireTime: z.number().nullable(),
  /** Seconds until expireTime on the server's clock (the browser's may be off). */
  remainingSeconds: z.number().nullable(),
  choices: z.array(unmountOption),
  defaultIndex: z.number(),
});
export type EditExpireDialogAnswer = z.infer<typeof editExpireDialogAnswer>;

/** The mount expiry editor's form: the chosen unmount option, in seconds (inventory 9). */
export const shareExpiryForm = z.object({
  seconds: z
    .string()
    .regex(/^\d{1,9}$/, 'Choose when the share unmounts.')
    .transform(Number)
    .pipe(z.number().int().positive('Choose when the share unmounts.')),
});

export const localShare = z.object({
  id: z.number(),
  share_id: z.number(),
  device_name: z.string(),
  appliance_name: z.string(),
  client_name: z.string(),
  share_path: z.string(),
  status: z.enum(['exposing', 'active']),
  created_at: z.number(),
  expire_time: z.number().nullable(),
});
export type LocalShare = z.infer<typeof localShare>;
export const localSharesAnswer = z.object({ local_shares: z.array(localShare) });

export const cloudShare = z.object({
  id: z.number(),
  name: z.string(),
  device_name: z.string(),
  client_id: z.number(),
  client_name: z.string(),
  download_type: z.number(),
  files_count: z.number(),
  folders_count: z.number(),
  created: z.number(),
  expire_time: z.number(),
  /** What the link holds, so two rows are never alike (issue 18.15): the first chosen names, */
  paths: z.array(z.string()),
  /** the bytes of every file under them (at least, when `size_at_least`), */
  size: z.number(),
  size_at_least: z.boolean(),
  /** and who made it ('' when the user is gone). */
  created_by: z.string(),
});
export type CloudShare = z.infer<typeof cloudShare>;
export const cloudSharesAnswer = z.object({ cloud_shares: z.array(cloudShare), now: z.number() });
export const cloudLinkExpiryBody = z.object({
  hours: z.number().refine((h) => (CLOUD_LINK_EXPIRY_HOURS as readonly number[]).includes(h), {
    message: `Choose one of ${CLOUD_LINK_EXPIRY_HOURS.join(', ')} hours.`,
  }),
});
export const cloudLinkExpiryAnswer = z.object({ ok: z.boolean(), expire_time: z.number() });
export const cloudLinkAnswer = z.object({
  ok: z.boolean(),
  download_url: z.string(),
  name: z.string(),
  expire_time: z.number(),
});
export type CloudLinkAnswer = z.infer<typeof cloudLinkAnswer>;
export const expireDialogAnswer = z.object({ title: z.string(), message: z.string(), confirm: z.string() });
export const okAnswer = z.object({ ok: z.boolean() });
