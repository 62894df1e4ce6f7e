import { type CallAnswer, deviceCalls } from '@lifeboat/contract';
import { callUrl } from '../../api/call';
import { useCall } from '../../api/useCall';

// The device cards' calls (spec: dashboard-device-azure 7 'Device details'), read by the name in
// their path; an action refreshes a device's cards by invalidating the 'devices' area.

const c = deviceCalls;

/** The cards, by the name in their path (GET /device/{name}/{id}). */
const CARD_CALLS = {
  get_device_alert: c.alert,
  get_device_details_info: c.info,
  get_device_autoverify_info: c.autoVerifyInfo,
  get_device_health_history: c.healthHistory,
  job_history_details: c.jobHistoryDetails,
  get_device_protection_summary_data: c.protectionSummary,
  get_geo_summary: c.geoSummary,
  get_local_cache_summary: c.localCache,
  get_local_storage_summary: c.localStorage,
  get_lifeboat_cloud_storage_summary: c.cloudStorage,
  get_private_cloud_storage_summary: c.privateCloudStorage,
  get_device_details_data: c.detailsData,
  get_device_actions: c.actions,
} as const;

export type CardName = keyof typeof CARD_CALLS;
export type DeviceCards = { [K in CardName]: CallAnswer<(typeof CARD_CALLS)[K]> };

/** A card's answer: `card` is undefined while loading and while the answer is ok false (spec 8). */
export function useDeviceCard<K extends CardName>(id: number, name: K, enabled = true) {
  const q = useCall(CARD_CALLS[name] as (typeof CARD_CALLS)[CardName], { params: { id } }, { enabled });
  const data = q.data as { ok: boolean } | undefined;
  return { ...q, card: data?.ok ? (data as Extract<DeviceCards[K], { ok: true }>) : undefined };
}

export const imageUrl = (kind: 'screenshot' | 'thumbnail', params: string) =>
  callUrl(kind === 'screenshot' ? c.autoVerifyScreenshot : c.autoVerifyThumbnail, { params });
