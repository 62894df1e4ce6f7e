import { type CallAnswer, deviceCalls } from '@lifeboat/contract';
import { useQuery } from '@tanstack/react-query';
import { call, callUrl } from '../../api/call';

// The device cards' calls (spec: dashboard-device-azure 7 'Device details'). Server data lives in
// the query cache only, under one key factory so actions can refresh a device's cards.

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

export const deviceKeys = {
  all: ['devices'] as const,
  device: (id: number) => [...deviceKeys.all, id] as const,
  card: (id: number, card: string) => [...deviceKeys.device(id), card] as const,
  jobs: (id: number, page: number, rows: number) =>
    [...deviceKeys.device(id), 'job_history', page, rows] as const,
  jobHealth: (id: number) => [...deviceKeys.device(id), 'job_health'] as const,
  jobDetails: (machineId: number, documentId: number) => ['jobs', machineId, documentId] as const,
  lastAutoVerify: (id: number) => [...deviceKeys.device(id), 'last_autoverify'] as const,
  thresholds: (id: number) => [...deviceKeys.device(id), 'thresholds'] as const,
};

/** A card's answer: `card` is undefined while loading and while the answer is ok false (spec 8). */
export function useDeviceCard<K extends CardName>(id: number, name: K, enabled = true) {
  const q = useQuery({
    queryKey: deviceKeys.card(id, name),
    queryFn: ({ signal }) =>
      call(CARD_CALLS[name] as (typeof CARD_CALLS)[CardName], { params: { id } }, { signal }) as Promise<
        DeviceCards[K]
      >,
    enabled,
  });
  const data = q.data as { ok: boolean } | undefined;
  return { ...q, card: data?.ok ? (data as Extract<DeviceCards[K], { ok: true }>) : undefined };
}

export function useJobHealthHistory(id: number) {
  return useQuery({
    queryKey: deviceKeys.jobHealth(id),
    queryFn: ({ signal }) => call(c.jobHealthHistory, { query: { device_id: String(id) } }, { signal }),
  });
}

export function fetchLastAutoVerify(id: number, signal?: AbortSignal) {
  return call(c.lastAutoVerify, { params: { id } }, { signal });
}

/** The thresholds call of the device's flow: direct-to-cloud by device, else with its appliance. */
export function fetchThresholds(deviceId: number, applianceId: number | null, signal?: AbortSignal) {
  return applianceId === null
    ? call(c.alertThresholds, { params: { id: deviceId } }, { signal })
    : call(c.applianceAlertThresholds, { params: { applianceId, id: deviceId } }, { signal });
}

export const imageUrl = (kind: 'screenshot' | 'thumbnail', params: string) =>
  callUrl(kind === 'screenshot' ? c.autoVerifyScreenshot : c.autoVerifyThumbnail, { params });
