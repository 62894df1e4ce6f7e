import type { DeviceActionsAnswer, DeviceInfoAnswer, JobDetails } from '@lifeboat/contract';
import { vi } from 'vitest';

// Answers of the device calls for the web unit tests, routed by path.

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export const info = (over: Partial<DeviceInfoAnswer> = {}): DeviceInfoAnswer => ({
  ok: true,
  id: 5,
  display_name: 'FS01',
  device_type: 'server',
  device_type_label: 'Server',
  os_type: 'WINDOWS',
  machine_health_icon: 'health-troubled',
  device_status: 'TROUBLED',
  parked_tooltip_text: null,
  has_thumbnail: false,
  autoverify_url_params: null,
  image_placeholder: 'No image',
  is_nas: false,
  is_d2c: false,
  verification: 'autoverify',
  client_id: 2,
  reseller_id: 1,
  appliance_id: 3,
  infolist: [],
  ...over,
});

export const actions = (over: Partial<DeviceActionsAnswer> = {}): DeviceActionsAnswer => ({
  ok: true,
  title: 'Actions',
  recoveryTitle: 'Recover',
  alertTitle: 'Alert settings',
  autoverifyTitle: 'Run cloud AutoVerify',
  autoverifyDisabled: false,
  autoverifyTooltip: null,
  autoverifyOperationId: null,
  showRecover: true,
  showGeoPlus: true,
  showAlertSettings: true,
  showAutoverify: true,
  geoPlusEnabled: false,
  geoPlusTooltip: 'Geo-plus',
  geoConfirmationDisabled: false,
  deviceName: 'FS01',
  isD2C: false,
  deviceType: 'server',
  resellerId: 1,
  clientId: 2,
  applianceId: 3,
  geoModal: { title: 'Geo', enable: 'Switch on?', disable: 'Switch off?' },
  ...over,
});

export const job = (over: Partial<JobDetails> = {}): JobDetails => ({
  document_id: 9,
  status: 'COMPLETED',
  display_status: 'Completed',
  type: 'Backup',
  type_label: 'Incremental backup',
  initial_backup: false,
  full_backup: false,
  is_job_type_backup: true,
  start_time: Date.UTC(2026, 10, 20, 10),
  end_time: Date.UTC(2026, 10, 20, 11),
  duration: 3_600_000,
  paused_at: null,
  percentage_complete: 100,
  backup_size: 1024 ** 3,
  error_msg: null,
  pause_message: null,
  machine_id: 5,
  machine_name: 'FS01',
  client_id: 2,
  client_name: 'Acme',
  appliance_id: 3,
  appliance_name: 'APP-1',
  appliance_serial: 'abc',
  vault_id: null,
  vault_name: null,
  rb_sso_access: true,
  is_client: false,
  ...over,
});

/** A fetch stub answering `routes[path prefix]`; anything else is ok false (the card keeps loading). */
export function stubDeviceApi(routes: Record<string, unknown>) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = String(input);
    const hit = Object.keys(routes)
      .sort((a, b) => b.length - a.length)
      .find((k) => url.startsWith(k));
    if (hit === undefined) return jsonResponse(200, { ok: false, message: 'not in this test' });
    const body = routes[hit];
    if (body instanceof Response) return body.clone();
    return jsonResponse(200, body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
