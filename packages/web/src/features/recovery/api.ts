import type {
  CheckShareAnswer,
  ClientFeatureTypes,
  CloudLinkAnswer,
  CloudShare,
  EditExpireDialogAnswer,
  ExposeShareAnswer,
  InsertDownloadAnswer,
  InsertDownloadBody,
  LocalShare,
  RecoveryAppliance,
  RecoveryDevice,
  RecoveryFileEntry,
  RecoveryJob,
  RecoveryPointsAnswer,
  ResellerClientsAnswer,
  SharePathAnswer,
} from '@lifeboat/contract';
import { api } from '../../api/client';

// The recovery area's calls (spec: recovery-flow 7) and its query keys.

export const recoveryKeys = {
  all: ['recovery'] as const,
  clients: (resellerId: number, search: string) =>
    [...recoveryKeys.all, 'clients', resellerId, search] as const,
  features: (clientId: number) => [...recoveryKeys.all, 'features', clientId] as const,
  device: (id: number) => [...recoveryKeys.all, 'device', id] as const,
  appliances: (clientId: number) => [...recoveryKeys.all, 'appliances', clientId] as const,
  devices: (clientId: number, applianceId: number) =>
    [...recoveryKeys.all, 'devices', clientId, applianceId] as const,
  jobs: (deviceId: number, applianceId: number) =>
    [...recoveryKeys.all, 'jobs', deviceId, applianceId] as const,
  points: (key: string, date: string | null) => [...recoveryKeys.all, 'points', key, date] as const,
  files: (mount: string, path: string) => [...recoveryKeys.all, 'files', mount, path] as const,
  cloudShares: (scope: 'reseller' | 'client', id: number) =>
    [...recoveryKeys.all, 'cloud-shares', scope, id] as const,
  localShares: (resellerId: number) => [...recoveryKeys.all, 'local-shares', resellerId] as const,
};

const enc = encodeURIComponent;
/** A drive in a path segment; the whole job is 'null'. */
const driveSegment = (drive: string | null) => (drive ? enc(drive) : 'null');

export const fetchResellerClients = (resellerId: number, search = '') =>
  api<ResellerClientsAnswer>(`/reseller/get_reseller_clients/${resellerId}`, {
    query: { search: search || undefined },
  });

export const fetchClientFeatures = (clientId: number) =>
  api<ClientFeatureTypes>(`/client/get_client_feature_types/${clientId}`);

export const fetchDevice = (deviceId: number) =>
  api<{ list: RecoveryDevice[] }>('/device/get', { json: { scopeBy: 'device', forDevice: deviceId } });

export const fetchAppliances = (clientId: number) =>
  api<{ list: RecoveryAppliance[]; total: number }>('/appliance/get', {
    json: {
      scopeBy: 'client',
      forClient: clientId,
      paging: { offset: 0, limit: 100 },
      devices_count: 1,
      offsited: 0,
      eligible_for_cifs_sharing: 1,
    },
  });

export const fetchDevices = (clientId: number, applianceId: number) =>
  api<{ devices: RecoveryDevice[] }>(
    applianceId > 0
      ? `/api/localbrowsing/devices/${clientId}/${applianceId}`
      : `/api/filebrowsing/devices/${clientId}`,
  );

export const fetchJobs = (deviceId: number, applianceId: number) =>
  api<{ jobs: RecoveryJob[] }>('/offsite_ajax/jobs', { json: { deviceId, applianceId } });

export interface PointsQuery {
  clientId: number;
  applianceId: number;
  deviceId: number;
  jobId: number;
  drive: string | null;
}

export const pointsKey = (q: PointsQuery) =>
  `${q.clientId}/${q.applianceId}/${q.deviceId}/${q.jobId}/${driveSegment(q.drive)}`;

export const fetchPoints = (q: PointsQuery, date: string | null) =>
  api<RecoveryPointsAnswer>(
    `/api/${q.applianceId > 0 ? 'localbrowsing' : 'filebrowsing'}/recovery_points/${pointsKey(q)}${date ? `/${date}` : ''}`,
  );

export const mount = (q: Omit<PointsQuery, 'clientId'>, pointId: number) =>
  api<{ filemountUseId: string }>(
    `/api/filebrowsing/mount/${q.applianceId}/${q.deviceId}/${q.jobId}/${driveSegment(q.drive)}`,
    { json: { recoveryPoint: pointId } },
  );

export const fetchFiles = (applianceId: number, filemountUseId: string, path: string) =>
  api<{ path: string; files: RecoveryFileEntry[] }>(`/api/filebrowsing/files/${applianceId}`, {
    json: { path, filemountUseId },
  });

export const completeMount = (filemountUseId: string) =>
  api<{ ok: boolean }>(`/api/filebrowsing/complete/${enc(filemountUseId)}`, { method: 'POST' });

export const insertDownloadSession = (body: InsertDownloadBody) =>
  api<InsertDownloadAnswer>('/download/insert_download_session', { json: body });

export const exposeShare = (q: {
  applianceId: number;
  jobId: number;
  pointTs: number;
  drive: string | null;
  format: string | null;
}) =>
  api<ExposeShareAnswer>(
    `/ra/expose_cifs_share/${q.applianceId}/${q.jobId}/${Math.floor(q.pointTs / 1000)}000/${driveSegment(q.drive)}${q.format ? `/${q.format}/dynamic` : ''}`,
    { method: 'POST' },
  );

export const checkShare = (shareId: number) =>
  api<CheckShareAnswer>(`/ra/check_exposing_cifs_share/${shareId}`);

export const setShareTtl = (shareId: number, seconds: number) =>
  api<{ ok: boolean; newExpireTime: number }>(`/share/set_cifs_share_ttl/${shareId}/${seconds}`, {
    method: 'POST',
  });

export const suppressShare = (shareId: number) =>
  api<{ ok: boolean; dialogTitle: string; dialogMsg: string }>(`/share/suppress_cifs_share/${shareId}`);

export const fetchSharePath = (shareId: number) =>
  api<SharePathAnswer>(`/share/display_cifs_share_path/${shareId}`);

export const fetchEditExpire = (shareId: number) =>
  api<EditExpireDialogAnswer>(`/share/load_edit_expire_dialog/${shareId}`);

export const fetchLocalShares = (resellerId: number) =>
  api<{ local_shares: LocalShare[] }>(`/reseller/get_reseller_exposed_local_shares/${resellerId}`);

export const fetchCloudShares = (scope: 'reseller' | 'client', id: number) =>
  api<{ cloud_shares: CloudShare[]; now: number }>(
    scope === 'reseller'
      ? `/reseller/get_reseller_cloud_shares/${id}`
      : `/client/get_client_cloud_shares/${id}`,
  );

export const loadCloudLink = (id: number) => api<CloudLinkAnswer>(`/client/load_cloud_link/${id}`);
export const fetchExpireDialog = () =>
  api<{ title: string; message: string; confirm: string }>('/dialog/expire_cloud_link');
export const expireCloudLink = (id: number) => api<{ ok: boolean }>(`/ra/expire_cloud_link/${id}`);
export const suppressCloudShare = (id: number) =>
  api<{ ok: boolean; dialogTitle: string; dialogMsg: string }>(`/client/suppress_cloud_share/${id}`);
