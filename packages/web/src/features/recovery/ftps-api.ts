import { ftpsCalls as c, type FtpsExportType, type FtpsFormat } from '@lifeboat/contract';
import { call } from '../../api/call';

// The ftps area's calls (spec: recovery-flow 7 'Second tool (FTPS)'; inventory 7) and query keys.

export const ftpsKeys = {
  all: ['ftps'] as const,
  options: (clientId: number, deviceId: number | null) =>
    [...ftpsKeys.all, 'options', clientId, deviceId] as const,
  devices: (clientId: number) => [...ftpsKeys.all, 'devices', clientId] as const,
  columns: () => [...ftpsKeys.all, 'columns'] as const,
  points: (machineId: number, year: number, month: number) =>
    [...ftpsKeys.all, 'points', machineId, year, month] as const,
  browse: (machineId: number, point: number) => [...ftpsKeys.all, 'browse', machineId, point] as const,
  status: (uuid: string) => [...ftpsKeys.all, 'status', uuid] as const,
  records: (type: 'ffr' | 'disk', resellerId: number, clientId: number) =>
    [...ftpsKeys.all, 'records', type, resellerId, clientId] as const,
};

export const fetchRecoveryOptions = (clientId: number, deviceId: number | null) =>
  deviceId
    ? call(c.recoveryOptionsForDevice, { params: { clientId, applianceId: 0, deviceId } })
    : call(c.recoveryOptions, { params: { clientId, applianceId: 0 } });

export const fetchRbColumns = () => call(c.rbColumns);
export const fetchRbDevices = (clientId: number) =>
  call(c.rbDevices, { params: { clientId, applianceId: 0 } });
export const verifyPsPassword = (machineId: number, password: string) =>
  call(c.verifyPsPassword, { json: { machine_id: machineId, password } });
export const fetchRbPoints = (machineId: number, year: number, month: number) =>
  call(c.rbRestorePoints, { params: { machineId, year, month } });
export const fetchRbBrowse = (machineId: number, restorePoint: number, path: string) =>
  call(c.rbBrowse, { params: { machineId, restorePoint }, query: { path } });

export function startFtpsExport(q: {
  machineId: number;
  restorePoint: number;
  kind: 'ffr' | 'disk';
  format: FtpsFormat;
  exportType: FtpsExportType;
  paths: string[];
  password: string | null;
}) {
  const json = { paths: q.paths, ...(q.password ? { password: q.password } : {}) };
  return q.kind === 'disk'
    ? call(c.startWithType, {
        params: {
          machineId: q.machineId,
          restorePoint: q.restorePoint,
          type: 'disk',
          format: q.format,
          exportType: q.exportType,
        },
        json,
      })
    : call(c.start, {
        params: { machineId: q.machineId, restorePoint: q.restorePoint, type: 'ffr', format: 'none' },
        json,
      });
}

export const prepareDiskDownload = (q: {
  machineId: number;
  restorePoint: number;
  format: FtpsFormat;
  exportType: FtpsExportType;
  password: string | null;
}) =>
  call(c.diskDownload, {
    params: { machineId: q.machineId, restorePoint: q.restorePoint },
    json: { format: q.format, export_type: q.exportType, ...(q.password ? { password: q.password } : {}) },
  });

export const fetchFtpsStatus = (uuid: string) => call(c.status, { params: { uuid } });
export const fetchFtpsCredentials = (exportId: number, password: string | null) =>
  call(c.credentials, { json: { export_id: exportId, ...(password ? { password } : {}) } });
export const fetchFtpsRecords = (type: 'ffr' | 'disk', resellerId: number, clientId: number) =>
  call(type === 'ffr' ? c.ffrRecords : c.diskRecords, { params: { resellerId, clientId } });
export const discardFtpsExport = (id: number) => call(c.discard, { params: { id } });
