import { z } from 'zod';
import { HEALTH } from './enums';

export * from './device-jobs';
export * from './device-thresholds';

// spec: dashboard-device-azure 3 and 7 'Device details'. Every card call answers `ok`; a card whose
// answer is ok false stays in its loading skeleton (spec 8).

/** POST /device/start_cloud_autoverify (form: id) -> success */
/** A form's values are text: the route reads the device id from it (anything else is a 404). */
export const startCloudAutoVerifyBody = z.object({ id: z.string().max(32) });
export const startCloudAutoVerifyAnswer = z.union([
  z.object({ success: z.literal(true), operation_id: z.number().int() }),
  z.object({ success: z.literal(false), message: z.string() }),
]);
export type StartCloudAutoVerifyAnswer = z.infer<typeof startCloudAutoVerifyAnswer>;

const notOk = z.object({ ok: z.literal(false), message: z.string() });

/** GET /device/get_device_alert/{deviceId}: null alert when nothing needs attention. */
export const deviceAlertAnswer = z.object({
  ok: z.literal(true),
  alert: z.object({ title: z.string(), message: z.string() }).nullable(),
});
export type DeviceAlertAnswer = z.infer<typeof deviceAlertAnswer>;

export const infoItem = z.object({
  label: z.string(),
  data: z.string(),
  /** Epoch ms the data refers to, shown as "x ago"; null when not a time. */
  timedelta_info: z.number().nullable(),
  /** Path of a page the data links to, or null. */
  with_link: z.string().nullable(),
});

/**
 * What verifies a system's backups: the first tool's AutoVerify boots it from a
 * restore point (a screen to show); a backup source's repository check reads its repository back.
 */
export const VERIFICATIONS = ['autoverify', 'repository_check'] as const;
export type Verification = (typeof VERIFICATIONS)[number];

/** GET /device/get_device_details_info/{deviceId} */
export const deviceInfoAnswer = z.object({
  ok: z.literal(true),
  id: z.number().int(),
  display_name: z.string(),
  device_type: z.string(),
  device_type_label: z.string(),
  os_type: z.string(),
  machine_health_icon: z.string(),
  device_status: z.enum(HEALTH),
  parked_tooltip_text: z.string().nullable(),
  has_thumbnail: z.boolean(),
  autoverify_url_params: z.string().nullable(),
  image_placeholder: z.string(),
  is_nas: z.boolean(),
  is_d2c: z.boolean(),
  verification: z.enum(VERIFICATIONS),
  client_id: z.number().int(),
  reseller_id: z.number().int(),
  appliance_id: z.number().int().nullable(),
  infolist: z.array(infoItem),
});
export type DeviceInfoAnswer = z.infer<typeof deviceInfoAnswer>;

export const autoVerifyColumn = z.object({ key: z.string(), label: z.string() });
export const autoVerifyRow = z.object({
  id: z.number().int(),
  rp: z.number(),
  started_at: z.number(),
  ended_at: z.number(),
  status: z.enum(['success', 'failure']),
  result: z.string(),
});

/** GET /device/get_device_autoverify_info/{deviceId} (ok false for NAS: the block is hidden). */
export const deviceAutoVerifyInfoAnswer = z.union([
  z.object({
    ok: z.literal(true),
    tableData: z.array(autoVerifyRow),
    tableColumns: z.array(autoVerifyColumn),
    has_thumbnail: z.boolean(),
    url_params: z.string().nullable(),
    is_d2c: z.boolean(),
    verification: z.enum(VERIFICATIONS),
  }),
  notOk,
]);
export type DeviceAutoVerifyInfoAnswer = z.infer<typeof deviceAutoVerifyInfoAnswer>;

export const autoVerifyData = z.object({
  verification: z.enum(VERIFICATIONS),
  autoverify_status: z.enum(['success', 'failure']),
  autoverify_result: z.string(),
  start_time: z.number(),
  end_time: z.number(),
  heartbeat: z.boolean(),
  system_boot_check: z.string(),
  vss_status: z.string(),
  chkdsk_status: z.string(),
  autoverify_is_advanced_mode: z.boolean(),
  has_thumbnail: z.boolean(),
  autoverify_last_rp: z.number(),
  autoverify_url_params: z.string().nullable(),
  target_info: z.object({ target_type: z.string(), target_link: z.string(), target_link_text: z.string() }),
});
export type AutoVerifyData = z.infer<typeof autoVerifyData>;

/** GET /device/get_last_autoverify_data/{psId} -> ok, data, message */
export const lastAutoVerifyAnswer = z.object({
  ok: z.boolean(),
  data: autoVerifyData.nullable(),
  message: z.string().nullable(),
});
export type LastAutoVerifyAnswer = z.infer<typeof lastAutoVerifyAnswer>;

/** GET /device/get_device_health_history/{deviceId}: segments over the last week. */
export const deviceHealthHistoryAnswer = z.object({
  ok: z.literal(true),
  health_history: z.object({
    health_history_json: z.array(
      z.object({
        timestart: z.number(),
        health: z.string(),
        reason: z.string().nullable(),
        description: z.string().nullable(),
      }),
    ),
  }),
  time_cutoff: z.number(),
  now: z.number(),
});
export type DeviceHealthHistoryAnswer = z.infer<typeof deviceHealthHistoryAnswer>;

/** GET /device/get_geo_summary/{deviceId} -> ok, data */
export const geoSummaryAnswer = z.object({
  ok: z.literal(true),
  data: z.object({
    status: z.string(),
    enabled: z.boolean(),
    replication_progress: z.number(),
    last_primary_rp: z.number().nullable(),
    last_redundant_rp: z.number().nullable(),
    inherited: z.boolean(),
    in_progress: z.boolean(),
    support_url: z.string(),
  }),
});
export type GeoSummaryAnswer = z.infer<typeof geoSummaryAnswer>;

/** GET /device/get_local_cache_summary/{deviceId} (ok false for NAS). */
export const localCacheAnswer = z.union([
  z.object({
    ok: z.literal(true),
    enabled: z.boolean(),
    verification_status: z.enum(['SUCCESSFUL', 'FAILED', 'WARNED']).nullable(),
    last_verified_at: z.number().nullable(),
    last_verified_at_dt: z.string().nullable(),
    last_successfully_verified_at: z.number().nullable(),
    last_successfully_verified_at_dt: z.string().nullable(),
    path: z.string().nullable(),
  }),
  notOk,
]);
export type LocalCacheAnswer = z.infer<typeof localCacheAnswer>;

/** The three storage summaries: local, the provider's cloud, private vaults. */
export const storageSummaryAnswer = z.object({
  ok: z.literal(true),
  show_block: z.boolean(),
  machine_usage_text: z.string(),
  used_bytes: z.number(),
  /** Local storage only: percent of the appliance's local storage used by this system. */
  local_percent: z.number().nullable(),
});
export type StorageSummaryAnswer = z.infer<typeof storageSummaryAnswer>;

/** GET /device/get_device_details_data/{deviceId} -> data, lang */
export const deviceDetailsDataAnswer = z.object({
  ok: z.literal(true),
  data: z.object({
    added: z.number(),
    os: z.string(),
    hostname: z.string(),
    package: z.string(),
    /** Direct-to-cloud systems only. */
    agent: z.string().nullable(),
    /** Only when show_license. */
    license: z.string().nullable(),
    show_license: z.boolean(),
  }),
  lang: z.record(z.string(), z.string()),
});
export type DeviceDetailsDataAnswer = z.infer<typeof deviceDetailsDataAnswer>;

/** POST /device/set_geo_plus (form: id, value 0 or 1) -> has_error, setting */
export const setGeoPlusBody = z.object({
  id: z.union([z.string().max(32), z.number().int()]),
  value: z.union([z.enum(['0', '1']), z.literal(0), z.literal(1)], {
    error: 'The value must be 0 (off) or 1 (on).',
  }),
});
export const setGeoPlusAnswer = z.object({
  has_error: z.boolean(),
  setting: z.boolean(),
  message: z.string(),
});
export type SetGeoPlusAnswer = z.infer<typeof setGeoPlusAnswer>;

/** GET /device/get_device_actions/{deviceId} */
export const deviceActionsAnswer = z.object({
  ok: z.literal(true),
  title: z.string(),
  recoveryTitle: z.string(),
  alertTitle: z.string(),
  autoverifyTitle: z.string(),
  autoverifyDisabled: z.boolean(),
  /** Why the run button is disabled (the queued tooltip), or null. */
  autoverifyTooltip: z.string().nullable(),
  autoverifyOperationId: z.number().int().nullable(),
  showRecover: z.boolean(),
  showGeoPlus: z.boolean(),
  showAlertSettings: z.boolean(),
  showAutoverify: z.boolean(),
  geoPlusEnabled: z.boolean(),
  geoPlusTooltip: z.string(),
  geoConfirmationDisabled: z.boolean(),
  deviceName: z.string(),
  isD2C: z.boolean(),
  deviceType: z.string(),
  resellerId: z.number().int(),
  clientId: z.number().int(),
  applianceId: z.number().int().nullable(),
  geoModal: z.object({ title: z.string(), enable: z.string(), disable: z.string() }),
});
export type DeviceActionsAnswer = z.infer<typeof deviceActionsAnswer>;

/** GET /{entityType}/get_rps_in_use/{entityId} -> ok, data, error */
export const rpsInUseAnswer = z.object({
  ok: z.boolean(),
  data: z
    .object({
      columns: z.array(z.object({ key: z.string(), label: z.string() })),
      entity: z.object({ text: z.string(), name: z.string(), target_link: z.string() }),
      rps_in_use: z.array(
        z.object({
          machine_id: z.number().int(),
          machine_name: z.string(),
          machine_agent_version: z.string(),
          icon: z.string(),
          rp: z.number(),
        }),
      ),
      total: z.number().int(),
    })
    .nullable(),
  error: z.string().nullable(),
});
export type RpsInUseAnswer = z.infer<typeof rpsInUseAnswer>;

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];

/** "1.50 GB": storage sizes of the device cards, on both sides. */
export function formatBytes(bytes: number): string {
  let v = Math.max(0, bytes);
  let i = 0;
  while (v >= 1024 && i < UNITS.length - 1) {
    v /= 1024;
    i++;
  }
  return `${i === 0 ? v : v.toFixed(v < 10 ? 2 : 1)} ${UNITS[i]}`;
}
