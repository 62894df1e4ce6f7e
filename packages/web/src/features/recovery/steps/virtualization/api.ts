import {
  type DiskFormat,
  type ExportType,
  type LocalVmFields,
  recoveryCalls,
  virtualizationCalls as v,
} from '@lifeboat/contract';
import { call, callUrl } from '../../../../api/call';
import { recoveryKeys } from '../../api';

// The virtualization calls of the wizard (spec: recovery-flow 7 'Discovery', 'Shares', 'Virtual
// machine and failover') and their query keys.

export const vmKeys = {
  all: [...recoveryKeys.all, 'vm'] as const,
  locations: (clientId: number, applianceId: number, deviceId: number) =>
    [...vmKeys.all, 'locations', clientId, applianceId, deviceId] as const,
  state: (aid: number, deviceId: number) => [...vmKeys.all, 'state', aid, deviceId] as const,
  capabilities: (aid: number, deviceId: number) => [...vmKeys.all, 'capabilities', aid, deviceId] as const,
  running: (aid: number, deviceId: number) => [...vmKeys.all, 'running', aid, deviceId] as const,
  localVms: (clientId: number) => [...vmKeys.all, 'local-vms', clientId] as const,
};

export const fetchLocations = (clientId: number, applianceId: number, deviceId: number) =>
  deviceId > 0
    ? call(v.deviceLocations, { params: { clientId, applianceId, deviceId } })
    : call(v.locations, { params: { clientId, applianceId } });

export const fetchVirtualizedState = (aid: number, deviceId: number) =>
  call(v.virtualizedState, { json: { aid, device_id: deviceId } });

export const fetchDiskFromFailover = (aid: number, deviceId: number) =>
  call(v.diskFromFailover, { json: { aid, device_id: deviceId } });

export const fetchCapabilities = (aid: number, deviceId: number) =>
  call(v.capabilities, { json: { aid, schedule_asid: deviceId } });

export const createStartVm = (
  q: { aid: number; sid: number; restorePointsMillis: number },
  fields: { vmSizeMb: number; vmCpus: number } & Omit<LocalVmFields, 'vmSizeMb' | 'vmCpus'>,
) => call(v.createStart, { json: { ...q, ...fields } });

export const fetchVmRunning = (aid: number, deviceId: number) =>
  call(v.isVmRunning, { json: { aid, device_id: deviceId } });

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

/** The VIRTUALIZED tab's rows of a client (spec: recovery-flow 7, inventory_data/{clientId}/VIRTUALIZED). */
export const fetchLocalVms = (clientId: number) =>
  call(v.inventoryData, {
    params: { clientId, type: 'VIRTUALIZED' },
    json: { startable: 0, flowType: 'recovery' },
  });

/** spec: recovery-flow 7, the devices whose disks can be exported in a format (/sva/{format}[/1]). */
export const fetchExportDevices = (
  clientId: number,
  applianceId: number,
  format: DiskFormat,
  dynamic: boolean,
) =>
  dynamic
    ? call(v.exportDevicesFlagged, { params: { clientId, applianceId, format, flag: '1' } })
    : call(v.exportDevices, { params: { clientId, applianceId, format } });
