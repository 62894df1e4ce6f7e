import { recoveryCalls as c, type InsertDownloadBody } from '@lifeboat/contract';
import { call } from '../../api/call';

// The recovery area's writes (spec: recovery-flow 7) and the path of a job's restore points,
// which its reads and writes share; its reads go through useCall.

/** A drive in a path segment; the whole job is 'null'. */
const driveParam = (drive: string | null) => drive || 'null';

export interface PointsQuery {
  clientId: number;
  applianceId: number;
  deviceId: number;
  jobId: number;
  drive: string | null;
}

/**
 * The day strip of a job's restore points: on its appliance, or (appliance 0) in the cloud;
 * `around` centres it on a day (spec: recovery-flow 7 'Browsing and download').
 */
export function pointsCalls(q: PointsQuery) {
  const params = {
    clientId: q.clientId,
    applianceId: q.applianceId,
    deviceAsid: q.deviceId,
    jobId: q.jobId,
    drive: driveParam(q.drive),
  };
  return q.applianceId > 0
    ? { params, strip: c.localPoints, around: c.localPointsOn }
    : { params, strip: c.cloudPoints, around: c.cloudPointsOn };
}

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

export const expireCloudLink = (id: number) => call(c.expireCloudLink, { params: { shareId: id } });
export const suppressCloudShare = (id: number) => call(c.suppressCloudShare, { params: { shareId: id } });
export const setCloudLinkExpiry = (id: number, hours: number) =>
  call(c.setCloudLinkExpiry, { params: { shareId: id }, json: { hours } });
