import { z } from 'zod';
import { defineCall, idParam, rawAnswer } from '../call';
import {
  applianceGetAnswer,
  applianceGetBody,
  checkShareAnswer,
  clientFeatureTypes,
  cloudLinkAnswer,
  cloudLinkExpiryAnswer,
  cloudLinkExpiryBody,
  cloudSharesAnswer,
  deviceGetAnswer,
  deviceGetBody,
  devicesAnswer,
  editExpireDialogAnswer,
  expireDialogAnswer,
  exposeShareAnswer,
  fileAnswer,
  fileBody,
  filesAnswer,
  filesBody,
  insertDownloadAnswer,
  insertDownloadBody,
  jobsAnswer,
  jobsBody,
  localSharesAnswer,
  mountAnswer,
  mountBody,
  okAnswer,
  recoveryPointsAnswer,
  resellerClientsAnswer,
  resellerClientsQuery,
  searchFilesAnswer,
  searchFilesBody,
  setShareTtlAnswer,
  shareDialogAnswer,
  sharePathAnswer,
} from '../recovery';
import { errorResponse } from '../session';

// spec: recovery-flow 7 'Discovery', 'Browsing and download' and 'Shares', path for path;
// inventory-reports-exports-security 7 for the local shares panel. Where the spec gives one path
// with optional segments, each form is its own declaration.

const area = 'recovery';
/** A drive in a path segment ('null': the whole job; spec: recovery-flow 7, '{drive or null}'). */
const drive = z.string().min(1, 'Name a drive, or null for the whole job.').max(256);
/** The centre day of a day strip. */
const datePoint = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'The date must be a day written as YYYY-MM-DD.');
/** Disk formats of a share (spec: recovery-flow 3, 'Export formats: VMDK, VHD, VHDX'). */
const format = z.enum(['VMDK', 'VHD', 'VHDX'], { error: 'The format must be one of VMDK, VHD, VHDX.' });
/** Export types (spec: recovery-flow 3, 'Export types include dynamic'; fixed for full-size disks). */
const diskType = z.enum(['dynamic', 'fixed'], { error: 'The disk type must be dynamic or fixed.' });
/** The spec's trailing /1 (recovery-flow 7, '[/{format}/{type}[/1]]'). */
const flag = z.literal('1', { error: 'The last part of the address must be 1.' });
/** A browsing session's or a download link's token. */
const token = z.string().max(64);
/** A short literal or number segment the route checks itself. */
const segment = z.string().max(32);

const reseller = z.object({ resellerId: idParam });
const client = z.object({ clientId: idParam });
const share = z.object({ shareId: idParam });

// --- Discovery -------------------------------------------------------------------------------

const jobsCall = <const P extends string>(path: P, summary: string) =>
  defineCall({
    area,
    method: 'POST',
    path,
    right: 'recover',
    summary,
    json: jobsBody,
    ids: { deviceId: 'system', applianceId: 'appliance' },
    answers: { 200: jobsAnswer },
  });

// --- Browsing ----------------------------------------------------------------------------------

const pointParams = {
  clientId: idParam,
  applianceId: idParam,
  deviceAsid: idParam,
  jobId: idParam,
  drive,
};
const pointIds = {
  clientId: 'client',
  applianceId: 'appliance',
  deviceAsid: 'system',
  jobId: 'backup_job',
} as const;
const pointsCall = <const P extends string, S extends z.ZodObject>(
  path: P,
  params: S,
  summary: string,
  examples: Readonly<Record<string, string>> = {},
) =>
  defineCall({
    area,
    method: 'GET',
    path,
    right: 'recover',
    summary,
    params,
    ids: pointIds,
    // For the isolation and bad-input suites: a drive of the job (and the day of its point).
    examples: { drive: 'C:', ...examples },
    answers: { 200: recoveryPointsAnswer },
  });
const points = z.object(pointParams);
/** The day of the suites' restore point. */
const POINT_DAY = { datePoint: '2026-11-20' };
const pointsOn = z.object({ ...pointParams, datePoint });

// --- Shares ------------------------------------------------------------------------------------

const exposeParams = { applianceId: idParam, jobId: idParam, pointMs: segment, drive };
const exposeCall = <const P extends string, S extends z.ZodObject>(
  path: P,
  params: S,
  summary: string,
  examples: Readonly<Record<string, string>> = {},
) =>
  defineCall({
    area,
    method: 'POST',
    path,
    right: 'recover',
    summary,
    params,
    ids: { applianceId: 'appliance', jobId: 'backup_job' },
    // For the suites: a drive of the job and the time of the test world's restore point.
    examples: { drive: 'C:', pointMs: '1795172400000', ...examples },
    answers: { 200: exposeShareAnswer },
  });

export const recoveryCalls = {
  resellerClients: defineCall({
    area,
    method: 'GET',
    path: '/reseller/get_reseller_clients/:resellerId',
    right: 'recover',
    summary: 'The clients of a reseller the wizard offers, with their counts (spec: recovery-flow 7).',
    params: reseller,
    query: resellerClientsQuery,
    ids: { resellerId: 'reseller' },
    answers: { 200: resellerClientsAnswer },
  }),
  clientFeatureTypes: defineCall({
    area,
    method: 'GET',
    path: '/client/get_client_feature_types/:clientId',
    right: 'read',
    summary: 'Which recovery tools a client has (first tool, second tool, local devices).',
    params: client,
    ids: { clientId: 'client' },
    answers: { 200: clientFeatureTypes },
  }),
  deviceGet: defineCall({
    area,
    method: 'POST',
    path: '/device/get',
    right: 'recover',
    summary: 'One device the wizard starts from, with its appliance and client.',
    json: deviceGetBody,
    ids: { forDevice: 'system' },
    answers: { 200: deviceGetAnswer },
  }),
  applianceGet: defineCall({
    area,
    method: 'POST',
    path: '/appliance/get',
    right: 'recover',
    summary: 'The appliances of a client (or one appliance) that hold devices to recover.',
    json: applianceGetBody,
    ids: { forClient: 'client', forAppliance: 'appliance' },
    answers: { 200: applianceGetAnswer },
  }),
  // spec: recovery-flow 7 'Discovery': GET /api/filebrowsing/devices/{applianceId};
  // GET /api/localbrowsing/devices/{clientId}[/{applianceId}] and /0/{applianceId}.
  cloudDevices: defineCall({
    area,
    method: 'GET',
    path: '/api/filebrowsing/devices/:applianceId',
    right: 'recover',
    summary: 'The devices of an appliance with restore points in the cloud.',
    params: z.object({ applianceId: idParam }),
    ids: { applianceId: 'appliance' },
    answers: { 200: devicesAnswer },
  }),
  clientCloudDevices: defineCall({
    area,
    method: 'GET',
    path: '/api/filebrowsing/devices/:clientId/:applianceId',
    right: 'recover',
    summary:
      'The devices of a client with restore points in the cloud, on one appliance or (0) any, direct-to-cloud ones included (not in the spec).',
    params: z.object({ clientId: idParam, applianceId: idParam }),
    ids: { clientId: 'client', applianceId: 'appliance' },
    answers: { 200: devicesAnswer },
  }),
  clientLocalDevices: defineCall({
    area,
    method: 'GET',
    path: '/api/localbrowsing/devices/:clientId',
    right: 'recover',
    summary: 'The devices of a client with restore points on any of its appliances.',
    params: client,
    ids: { clientId: 'client' },
    answers: { 200: devicesAnswer },
  }),
  localDevices: defineCall({
    area,
    method: 'GET',
    path: '/api/localbrowsing/devices/:clientId/:applianceId',
    right: 'recover',
    summary: 'The devices with restore points on one appliance (client 0: any client of it).',
    params: z.object({ clientId: idParam, applianceId: idParam }),
    ids: { clientId: 'client', applianceId: 'appliance' },
    answers: { 200: devicesAnswer },
  }),
  jobs: jobsCall(
    '/offsite_ajax/jobs',
    'The jobs of a device with points in the cloud (0) or on its appliance.',
  ),
  offsiteJobs: jobsCall(
    '/offsite_ajax/offsite_jobs',
    'The same as /offsite_ajax/jobs (the spec names both).',
  ),

  cloudPoints: pointsCall(
    '/api/filebrowsing/recovery_points/:clientId/:applianceId/:deviceAsid/:jobId/:drive',
    points,
    'The day strip of cloud restore points of a job (spec: recovery-flow 7).',
  ),
  cloudPointsOn: pointsCall(
    '/api/filebrowsing/recovery_points/:clientId/:applianceId/:deviceAsid/:jobId/:drive/:datePoint',
    pointsOn,
    'The day strip of cloud restore points centred on a day (YYYY-MM-DD).',
    POINT_DAY,
  ),
  localPoints: pointsCall(
    '/api/localbrowsing/recovery_points/:clientId/:applianceId/:deviceAsid/:jobId/:drive',
    points,
    'The day strip of restore points on the appliance; data null when it does not answer.',
  ),
  localPointsOn: pointsCall(
    '/api/localbrowsing/recovery_points/:clientId/:applianceId/:deviceAsid/:jobId/:drive/:datePoint',
    pointsOn,
    'The day strip of restore points on the appliance centred on a day (YYYY-MM-DD).',
    POINT_DAY,
  ),
  mount: defineCall({
    area,
    method: 'POST',
    path: '/api/filebrowsing/mount/:applianceId/:deviceAsid/:jobId/:drive',
    right: 'recover',
    summary: 'Open a restore point for browsing: answers its filemountUseId.',
    params: z.object({ applianceId: idParam, deviceAsid: idParam, jobId: idParam, drive }),
    json: mountBody,
    ids: {
      applianceId: 'appliance',
      deviceAsid: 'system',
      jobId: 'backup_job',
      recoveryPoint: 'restore_point',
    },
    answers: { 200: mountAnswer },
  }),
  files: defineCall({
    area,
    method: 'POST',
    path: '/api/filebrowsing/files/:applianceId',
    right: 'recover',
    summary: 'A folder of the restore point being browsed (the path "" lists its drives).',
    params: z.object({ applianceId: idParam }),
    json: filesBody,
    ids: { applianceId: 'appliance', filemountUseId: 'file_mount', recoveryPoint: 'restore_point' },
    answers: { 200: filesAnswer },
  }),
  file: defineCall({
    area,
    method: 'POST',
    path: '/api/filebrowsing/file/:applianceId',
    right: 'recover',
    summary: 'One entry of the restore point being browsed, by its base64url path.',
    params: z.object({ applianceId: idParam }),
    json: fileBody,
    ids: { applianceId: 'appliance', filemountUseId: 'file_mount' },
    answers: { 200: fileAnswer },
  }),
  searchFiles: defineCall({
    area,
    method: 'POST',
    path: '/api/filebrowsing/search/:applianceId',
    right: 'recover',
    summary: 'Files and folders of the restore point being browsed whose name holds the words.',
    params: z.object({ applianceId: idParam }),
    json: searchFilesBody,
    ids: { applianceId: 'appliance', filemountUseId: 'file_mount' },
    answers: { 200: searchFilesAnswer },
  }),
  completeMount: defineCall({
    area,
    method: 'POST',
    path: '/api/filebrowsing/complete/:filemountUseId',
    right: 'recover',
    summary: 'The wizard is done browsing: close the browsing session.',
    params: z.object({ filemountUseId: token }),
    ids: { filemountUseId: 'file_mount' },
    answers: { 200: okAnswer },
  }),
  insertDownloadSession: defineCall({
    area,
    method: 'POST',
    path: '/download/insert_download_session',
    right: 'recover',
    summary: 'Make a download link (7 days) of the files and folders chosen in a browsing session.',
    json: insertDownloadBody,
    ids: {
      filemountUseId: 'file_mount',
      appliance_id: 'appliance',
      device_id: 'system',
      job_id: 'backup_job',
      restore_point: 'restore_point',
    },
    answers: { 200: insertDownloadAnswer },
  }),
  download: defineCall({
    area,
    method: 'GET',
    path: '/download/:token',
    right: 'recover',
    summary: 'The download itself, opened by the browser from the link (410 once it expired).',
    access: 'navigation',
    params: z.object({ token }),
    ids: { token: 'download' },
    answers: {
      200: rawAnswer(
        'application/octet-stream',
        'The file: one file as it is, or a zip (application/zip) or tar (application/x-tar) archive.',
      ),
      410: errorResponse,
    },
  }),

  exposeShare: exposeCall(
    '/ra/expose_cifs_share/:applianceId/:jobId/:pointMs/:drive',
    z.object(exposeParams),
    'Expose a restore point as a network (CIFS) share on its appliance (spec: recovery-flow 7).',
  ),
  exposeShareAs: exposeCall(
    '/ra/expose_cifs_share/:applianceId/:jobId/:pointMs/:drive/:format/:type',
    z.object({ ...exposeParams, format, type: diskType }),
    'Expose a restore point as a share of virtual disks in a format (VMDK, VHD, VHDX).',
    { format: 'VMDK', type: 'dynamic' },
  ),
  exposeShareAsFlagged: exposeCall(
    '/ra/expose_cifs_share/:applianceId/:jobId/:pointMs/:drive/:format/:type/:flag',
    z.object({ ...exposeParams, format, type: diskType, flag }),
    'Expose a restore point as a share of virtual disks (the spec\u2019s trailing /1).',
    { format: 'VMDK', type: 'dynamic', flag: '1' },
  ),
  checkShare: defineCall({
    area,
    method: 'GET',
    path: '/ra/check_exposing_cifs_share/:shareId',
    right: 'recover',
    summary: 'The state of a share being exposed (polled).',
    params: share,
    ids: { shareId: 'share' },
    answers: { 200: checkShareAnswer },
  }),
  setShareTtl: defineCall({
    area,
    method: 'POST',
    path: '/share/set_cifs_share_ttl/:shareId/:seconds',
    right: 'recover',
    summary: 'Set how long a share stays open, in seconds from now.',
    params: z.object({ shareId: idParam, seconds: segment }),
    ids: { shareId: 'share' },
    examples: { seconds: '3600' },
    answers: { 200: setShareTtlAnswer },
  }),
  suppressShare: defineCall({
    area,
    method: 'GET',
    path: '/share/suppress_cifs_share/:shareId',
    right: 'recover',
    summary: 'Close a share now (the spec\u2019s GET).',
    params: share,
    ids: { shareId: 'share' },
    answers: { 200: shareDialogAnswer },
  }),
  sharePath: defineCall({
    area,
    method: 'GET',
    path: '/share/display_cifs_share_path/:shareId',
    right: 'recover',
    summary: 'The network paths of a share, for the dialog that shows them.',
    params: share,
    ids: { shareId: 'share' },
    answers: { 200: sharePathAnswer },
  }),
  editExpireDialog: defineCall({
    area,
    method: 'GET',
    path: '/share/load_edit_expire_dialog/:shareId',
    right: 'recover',
    summary: 'The expiry of a share and the choices of the dialog that changes it.',
    params: share,
    ids: { shareId: 'share' },
    answers: { 200: editExpireDialogAnswer },
  }),
  resellerLocalShares: defineCall({
    area,
    method: 'GET',
    path: '/reseller/get_reseller_exposed_local_shares/:resellerId',
    right: 'read',
    summary: 'The open local shares of a reseller (inventory-reports-exports-security 7).',
    params: reseller,
    ids: { resellerId: 'reseller' },
    answers: { 200: localSharesAnswer },
  }),
  resellerCloudShares: defineCall({
    area,
    method: 'GET',
    path: '/reseller/get_reseller_cloud_shares/:resellerId',
    right: 'read',
    summary: 'The live download links (cloud shares) of a reseller.',
    params: reseller,
    ids: { resellerId: 'reseller' },
    answers: { 200: cloudSharesAnswer },
  }),
  clientCloudShares: defineCall({
    area,
    method: 'GET',
    path: '/client/get_client_cloud_shares/:clientId',
    right: 'read',
    summary: 'The live download links (cloud shares) of a client.',
    params: client,
    ids: { clientId: 'client' },
    answers: { 200: cloudSharesAnswer },
  }),
  loadCloudLink: defineCall({
    area,
    method: 'GET',
    path: '/client/load_cloud_link/:shareId',
    right: 'recover',
    summary: 'The download link behind a cloud share.',
    params: share,
    ids: { shareId: 'cloud_share' },
    answers: { 200: cloudLinkAnswer },
  }),
  expireCloudLinkDialog: defineCall({
    area,
    method: 'GET',
    path: '/dialog/expire_cloud_link',
    right: 'read',
    summary: 'The texts of the dialog that confirms expiring a download link.',
    answers: { 200: expireDialogAnswer },
  }),
  expireCloudLink: defineCall({
    area,
    method: 'GET',
    path: '/ra/expire_cloud_link/:shareId',
    right: 'recover',
    summary: 'End a download link now (the spec\u2019s GET).',
    params: share,
    ids: { shareId: 'cloud_share' },
    answers: { 200: okAnswer },
  }),
  setCloudLinkExpiry: defineCall({
    area,
    method: 'POST',
    path: '/ra/set_cloud_link_expiry/:shareId',
    right: 'recover',
    summary: 'Move the end of a download link to a number of hours from now (at most 7 days).',
    params: share,
    json: cloudLinkExpiryBody,
    ids: { shareId: 'cloud_share' },
    answers: { 200: cloudLinkExpiryAnswer },
  }),
  suppressCloudShare: defineCall({
    area,
    method: 'GET',
    path: '/client/suppress_cloud_share/:shareId',
    right: 'recover',
    summary: 'Hide a cloud share from the panels (the link keeps working until it expires).',
    params: share,
    ids: { shareId: 'cloud_share' },
    answers: { 200: shareDialogAnswer },
  }),
};
