import {
  type DiskFormat,
  type ExportType,
  type LocalVmFields,
  recoveryCalls,
  virtualizationCalls as v,
} from '@lifeboat/contract';
import { call, callUrl } from '../../../../api/call';

// The virtualization calls of the wizard (spec: recovery-flow 7 'Discovery', 'Shares', 'Virtual
// machine and failover') that are not plain reads (those go through useCall).

export const createStartVm = (
  q: { aid: number; sid: number; restorePointsMillis: number },
  fields: { vmSizeMb: number; vmCpus: number } & Omit<LocalVmFields, 'vmSizeMb' | 'vmCpus'>,
) => call(v.createStart, { json: { ...q, ...fields } });

/** spec: recovery-flow 7 'Shares': /ra/expose_cifs_share/.../{format}/{type}[/1]. */
export const exposeDisk = (q: {
  applianceId: number;
  jobId: number;
  pointTs: number;
  drive: string | null;
  format: DiskFormat;
  exportType: ExportType;
  fromFailover: boolean;
}) => {
  const params = {
    applianceId: q.applianceId,
    jobId: q.jobId,
    pointMs: `${Math.floor(q.pointTs / 1000)}000`,
    drive: q.drive || 'null',
    format: q.format,
    type: q.exportType,
  };
  return q.fromFailover
    ? call(recoveryCalls.exposeShareAsFlagged, { params: { ...params, flag: '1' } })
    : call(recoveryCalls.exposeShareAs, { params });
};

export const diskImageUrl = (shareId: number) => callUrl(v.diskImage, { shareId });
