import { ftpsCalls as c, type FtpsExportType, type FtpsFormat } from '@lifeboat/contract';
import { call } from '../../api/call';

// The ftps area's writes (spec: recovery-flow 7 'Second tool (FTPS)'; inventory 7); its reads go
// through useCall.

export const verifyPsPassword = (machineId: number, password: string) =>
  call(c.verifyPsPassword, { json: { machine_id: machineId, password } });

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

export const fetchFtpsCredentials = (exportId: number, password: string | null) =>
  call(c.credentials, { json: { export_id: exportId, ...(password ? { password } : {}) } });
export const discardFtpsExport = (id: number) => call(c.discard, { params: { id } });
