import type {
  DeviceActionsAnswer,
  DeviceAlertAnswer,
  DeviceAlertThresholdsAnswer,
  DeviceAutoVerifyInfoAnswer,
  DeviceDetailsDataAnswer,
  DeviceHealthHistoryAnswer,
  DeviceInfoAnswer,
  GeoSummaryAnswer,
  JobHealthHistoryAnswer,
  JobHistoryDetailsAnswer,
  LastAutoVerifyAnswer,
  LocalCacheAnswer,
  ProtectionSummaryAnswer,
  StorageSummaryAnswer,
} from '@lifeboat/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

// The device cards' calls (spec: dashboard-device-azure 7 'Device details'). Server data lives in
// the query cache only, under one key factory so actions can refresh a device's cards.

export interface DeviceCards {
  get_device_alert: DeviceAlertAnswer;
  get_device_details_info: DeviceInfoAnswer;
  get_device_autoverify_info: DeviceAutoVerifyInfoAnswer;
  get_device_health_history: DeviceHealthHistoryAnswer;
  job_history_details: JobHistoryDetailsAnswer;
  get_device_protection_summary_data: ProtectionSummaryAnswer;
  get_geo_summary: GeoSummaryAnswer;
  get_local_cache_summary: LocalCacheAnswer;
  get_local_storage_summary: StorageSummaryAnswer;
  get_lifeboat_cloud_storage_summary: StorageSummaryAnswer;
  get_private_cloud_storage_summary: StorageSummaryAnswer;
  get_device_details_data: DeviceDetailsDataAnswer;
  get_device_actions: DeviceActionsAnswer;
}
export type CardName = keyof DeviceCards;

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
    queryFn: ({ signal }) => api<DeviceCards[K]>(`/device/${name}/${id}`, { signal }),
    enabled,
  });
  const data = q.data as { ok: boolean } | undefined;
  return { ...q, card: data?.ok ? (data as Extract<DeviceCards[K], { ok: true }>) : undefined };
}

export function useJobHealthHistory(id: number) {
  return useQuery({
    queryKey: deviceKeys.jobHealth(id),
    queryFn: ({ signal }) =>
      api<JobHealthHistoryAnswer>('/job/get_job_health_history', { query: { device_id: id }, signal }),
  });
}

export function fetchLastAutoVerify(id: number, signal?: AbortSignal) {
  return api<LastAutoVerifyAnswer>(`/device/get_last_autoverify_data/${id}`, { signal });
}

/** The thresholds call of the device's flow: direct-to-cloud by device, else with its appliance. */
export function thresholdsPath(deviceId: number, applianceId: number | null): string {
  return applianceId === null
    ? `/device/get_device_alert_thresholds/${deviceId}`
    : `/device/get_device_alert_thresholds/${applianceId}/4/${deviceId}`;
}

export function saveThresholdsPath(applianceId: number | null): string {
  return applianceId === null
    ? '/device/save_device_alert_thresholds'
    : `/device/save_device_alert_thresholds/${applianceId}/4`;
}

export function fetchThresholds(deviceId: number, applianceId: number | null, signal?: AbortSignal) {
  return api<DeviceAlertThresholdsAnswer>(thresholdsPath(deviceId, applianceId), { signal });
}

export const imageUrl = (kind: 'screenshot' | 'thumbnail', params: string) =>
  `/image/last_autoverify_${kind}/${encodeURIComponent(params)}`;
