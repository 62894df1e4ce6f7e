import { recoveryCalls as c, type InsertDownloadBody } from '@lifeboat/contract';
import { call } from '../../api/call';

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
  files: (mount: string) => [...recoveryKeys.all, 'files', mount] as const,
  cloudShares: (scope: 'reseller' | 'client', id: number) =>
    [...recoveryKeys.all, 'cloud-shares', scope, id] as const,
  localShares: (resellerId: number) => [...recoveryKeys.all, 'local-shares', resellerId] as const,
};

/** A drive in a path segment; the whole job is 'null'. */
const driveParam = (drive: string | null) => drive || 'null';
const driveSegment = (drive: string | null) => encodeURIComponent(driveParam(drive));

export const fetchResellerClients = (resellerId: number, search = '') =>
  call(c.resellerClients, { params: { resellerId }, query: { search: search || undefined } });

export const fetchClientFeatures = (clientId: number) => call(c.clientFeatureTypes, { params: { clientId } });

export const fetchDevice = (deviceId: number) =>
  call(c.deviceGet, { json: { scopeBy: 'device', forDevice: deviceId } });

export const fetchAppliances = (clientId: number) =>
  call(c.applianceGet, {
    json: {
      scopeBy: 'client',
      forClient: clientId,
      paging: { offset: 0, limit: 100 },
      devices_count: 1,
      offsited: 0,
      eligible_for_cifs_sharing: 1,
    },
  });

/** Devices with points on the appliance, or (appliance 0) the client's devices with cloud points. */
export const fetchDevices = (clientId: number, applianceId: number) =>
  applianceId > 0
    ? call(c.localDevices, { params: { clientId, applianceId } })
    : call(c.clientCloudDevices, { params: { clientId, applianceId: 0 } });

export const fetchJobs = (deviceId: number, applianceId: number) =>
  call(c.jobs, { json: { deviceId, applianceId } });

export interface PointsQuery {
  clientId: number;
  applianceId: number;
  deviceId: number;
  jobId: number;
  drive: string | null;
}

export const pointsKey = (q: PointsQuery) =>
  `${q.clientId}/${q.applianceId}/${q.deviceId}/${q.jobId}/${driveSegment(q.drive)}`;

export const fetchPoints = (q: PointsQuery, date: string | null) => {
  const params = {
    clientId: q.clientId,
    applianceId: q.applianceId,
    deviceAsid: q.deviceId,
    jobId: q.jobId,
    drive: driveParam(q.drive),
  };
  const local = q.applianceId > 0;
  if (date)
    return call(local ? c.localPointsOn : c.cloudPointsOn, { params: { ...params, datePoint: date } });
  return call(local ? c.localPoints : c.cloudPoints, { params });
};

export const mount = (q: Omit<PointsQuery, 'clientId'>, pointId: number) =>
  call(c.mount, {
    params: {
      applianceId: q.applianceId,
      deviceAsid: q.deviceId,
      jobId: q.jobId,
      drive: driveParam(q.drive),
    },
    json: { recoveryPoint: pointId },
  });

export const fetchFiles = (applianceId: number, filemountUseId: string, path: string) =>
  call(c.files, { params: { applianceId }, json: { path, filemountUseId } });

export const completeMount = (filemountUseId: string) =>
  call(c.completeMount, { params: { filemountUseId } });

export const insertDownloadSession = (body: InsertDownloadBody) =>
  call(c.insertDownloadSession, { json: body });

export const exposeShare = (q: {
  applianceId: number;
  jobId: number;
  pointTs: number;
  drive: string | null;
  format: string | null;
}) => {
  const params = {
    applianceId: q.applianceId,
    jobId: q.jobId,
    pointMs: `${Math.floor(q.pointTs / 1000)}000`,
    drive: driveParam(q.drive),
  };
  return q.format
    ? call(c.exposeShareAs, { params: { ...params, format: q.format, type: 'dynamic' } })
    : call(c.exposeShare, { params });
};

export const setShareTtl = (shareId: number, seconds: number) =>
  call(c.setShareTtl, { params: { shareId, seconds } });

export const suppressShare = (shareId: number) => call(c.suppressShare, { params: { shareId } });

export const fetchSharePath = (shareId: number) => call(c.sharePath, { params: { shareId } });

export const fetchEditExpire = (shareId: number) => call(c.editExpireDialog, { params: { shareId } });

export const fetchLocalShares = (resellerId: number) =>
  call(c.resellerLocalShares, { params: { resellerId } });

export const fetchCloudShares = (scope: 'reseller' | 'client', id: number) =>
  scope === 'reseller'
    ? call(c.resellerCloudShares, { params: { resellerId: id } })
    : call(c.clientCloudShares, { params: { clientId: id } });

export const loadCloudLink = (id: number) => call(c.loadCloudLink, { params: { shareId: id } });
export const fetchExpireDialog = () => call(c.expireCloudLinkDialog);
export const expireCloudLink = (id: number) => call(c.expireCloudLink, { params: { shareId: id } });
export const suppressCloudShare = (id: number) => call(c.suppressCloudShare, { params: { shareId: id } });
export const setCloudLinkExpiry = (id: number, hours: number) =>
  call(c.setCloudLinkExpiry, { params: { shareId: id }, json: { hours } });
export const searchFiles = (applianceId: number, filemountUseId: string, query: string) =>
  call(c.searchFiles, { params: { applianceId }, json: { filemountUseId, query } });
