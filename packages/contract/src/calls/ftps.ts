import { z } from 'zod';
import { defineCall, idParam } from '../call';
import {
  diskDownloadBody,
  ftpsCredentialsAnswer,
  ftpsCredentialsBody,
  ftpsDiscardAnswer,
  ftpsRecordsAnswer,
  ftpsStartAnswer,
  ftpsStartBody,
  ftpsStatusAnswer,
  rbBrowseAnswer,
  rbBrowseQuery,
  rbColumnsAnswer,
  rbDevicesAnswer,
  rbRestorePointsAnswer,
  recoveryOptionsAnswer,
  verifyPsPasswordAnswer,
  verifyPsPasswordBody,
} from '../ftps';
import { insertDownloadAnswer } from '../recovery';

// spec: recovery-flow 7 'Discovery' (get_available_recovery_options) and 'Second tool (FTPS)';
// inventory-reports-exports-security 7 (the feed's records, credentials and discard).

const area = 'ftps';
const segment = z.string().max(32);

const optionsParams = { clientId: idParam, applianceId: segment };
const optionsCall = <const P extends string, S extends z.ZodObject>(
  path: P,
  params: S,
  ids: Record<string, 'client' | 'appliance' | 'rb_system'>,
) =>
  defineCall({
    area,
    method: 'GET',
    path,
    right: 'recover',
    summary: 'What the second tool can recover for a client or a device (spec: recovery-flow 2 typeRB).',
    params,
    ids,
    answers: { 200: recoveryOptionsAnswer },
  });

const startParams = { machineId: idParam, restorePoint: idParam, type: segment, format: segment };
const startCall = <const P extends string, S extends z.ZodObject>(path: P, params: S) =>
  defineCall({
    area,
    method: 'POST',
    path,
    right: 'recover',
    summary: 'Start an FTPS export of a restore point: files and folders, or a disk image.',
    params,
    json: ftpsStartBody,
    ids: { machineId: 'rb_system', restorePoint: 'rb_restore_point' },
    answers: { 200: ftpsStartAnswer },
  });

const recordsParams = z.object({ resellerId: segment, clientId: segment });

export const ftpsCalls = {
  recoveryOptions: optionsCall(
    '/api/recover_flow/get_available_recovery_options/:clientId/:applianceId',
    z.object(optionsParams),
    { clientId: 'client', applianceId: 'appliance' },
  ),
  recoveryOptionsForDevice: optionsCall(
    '/api/recover_flow/get_available_recovery_options/:clientId/:applianceId/:deviceId',
    z.object({ ...optionsParams, deviceId: idParam }),
    { clientId: 'client', applianceId: 'appliance', deviceId: 'rb_system' },
  ),
  rbColumns: defineCall({
    area,
    method: 'GET',
    path: '/device/load_rb_devices_table_columns',
    right: 'recover',
    summary: "The columns of the second tool's device table (rbSetDevice).",
    answers: { 200: rbColumnsAnswer },
  }),
  rbDevices: defineCall({
    area,
    method: 'GET',
    path: '/client/load_rb_devices_table_data/:clientId/:applianceId',
    right: 'recover',
    summary: "A client's second-tool devices with their FTPS eligibility (applianceId 0: all).",
    params: z.object({ clientId: idParam, applianceId: segment }),
    ids: { clientId: 'client', applianceId: 'appliance' },
    answers: { 200: rbDevicesAnswer },
  }),
  verifyPsPassword: defineCall({
    area,
    method: 'POST',
    path: '/ftps_export/verify_ps_password',
    right: 'recover',
    summary: "Check a password-protected system's password (hashed, rate-limited per system and user).",
    json: verifyPsPasswordBody,
    ids: { machine_id: 'rb_system' },
    answers: { 200: verifyPsPasswordAnswer },
  }),
  rbRestorePoints: defineCall({
    area,
    method: 'GET',
    path: '/ftps_export/get_rb_device_restore_points/:machineId/:year/:month',
    right: 'recover',
    summary: "A month of a system's cloud restore points: the calendar's days and each day's points.",
    params: z.object({ machineId: idParam, year: segment, month: segment }),
    ids: { machineId: 'rb_system' },
    // For the suites: the month of their world's restore points.
    examples: { year: '2026', month: '11' },
    answers: { 200: rbRestorePointsAnswer },
  }),
  rbBrowse: defineCall({
    area,
    method: 'GET',
    path: '/ftps_export/browse/:machineId/:restorePoint',
    right: 'recover',
    summary:
      'The folders and files of a cloud restore point, to choose what a files export holds (not in the spec).',
    params: z.object({ machineId: idParam, restorePoint: idParam }),
    query: rbBrowseQuery,
    ids: { machineId: 'rb_system', restorePoint: 'rb_restore_point' },
    answers: { 200: rbBrowseAnswer },
  }),
  start: startCall('/ftps_export/start/:machineId/:restorePoint/:type/:format', z.object(startParams)),
  startWithType: startCall(
    '/ftps_export/start/:machineId/:restorePoint/:type/:format/:exportType',
    z.object({ ...startParams, exportType: segment }),
  ),
  status: defineCall({
    area,
    method: 'GET',
    path: '/ftps_export/get_status/:uuid',
    right: 'recover',
    summary: "An FTPS export's status, percent and step (polled every 5 s by recoveryInProgress).",
    params: z.object({ uuid: z.string().max(64) }),
    ids: { uuid: 'ftps_export_uuid' },
    answers: { 200: ftpsStatusAnswer },
  }),
  credentials: defineCall({
    area,
    method: 'POST',
    path: '/ftps_export/ftps_credentials',
    right: 'recover',
    summary: "An export's FTPS host, login and password (the export's password where it is protected).",
    json: ftpsCredentialsBody,
    ids: { export_id: 'ftps_export' },
    answers: { 200: ftpsCredentialsAnswer },
  }),
  ffrRecords: defineCall({
    area,
    method: 'GET',
    path: '/dashboard_ftps_exports/get_ftps_ffr_records/:resellerId/:clientId',
    right: 'read',
    summary: 'The files-and-folders FTPS exports of a reseller or one client (clientId 0: all).',
    params: recordsParams,
    ids: { resellerId: 'reseller', clientId: 'client' },
    answers: { 200: ftpsRecordsAnswer },
  }),
  diskRecords: defineCall({
    area,
    method: 'GET',
    path: '/dashboard_ftps_exports/get_ftps_disk_records/:resellerId/:clientId',
    right: 'read',
    summary: 'The virtual-disk FTPS exports of a reseller or one client (clientId 0: all).',
    params: recordsParams,
    ids: { resellerId: 'reseller', clientId: 'client' },
    answers: { 200: ftpsRecordsAnswer },
  }),
  discard: defineCall({
    area,
    method: 'DELETE',
    path: '/ftps_export/discard/:id',
    right: 'recover',
    summary: 'Discard an FTPS export: its FTPS user and its files are removed.',
    params: z.object({ id: idParam }),
    ids: { id: 'ftps_export' },
    answers: { 200: ftpsDiscardAnswer },
  }),
  diskDownload: defineCall({
    area,
    method: 'POST',
    path: '/ftps_export/disk_download/:machineId/:restorePoint',
    right: 'recover',
    summary:
      'Make a download link (7 days) of the disk image a restore point of a backup source holds, converted to VHD, VHDX or VMDK when opened.',
    params: z.object({ machineId: idParam, restorePoint: idParam }),
    json: diskDownloadBody,
    ids: { machineId: 'rb_system', restorePoint: 'rb_restore_point' },
    answers: { 200: insertDownloadAnswer },
  }),
};
