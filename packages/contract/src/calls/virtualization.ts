import { z } from 'zod';
import { defineCall, idParam, rawAnswer, type TenantObject } from '../call';
import { inventoryPage } from '../inventory';
import { listSearch } from '../lists';
import { devicesAnswer } from '../recovery';
import { errorResponse } from '../session';
import {
  capabilitiesAnswer,
  capabilitiesBody,
  createStartAnswer,
  createStartBody,
  diskFromFailoverAnswer,
  locationsAnswer,
  virtualizedStateAnswer,
  vmRunningAnswer,
  vmSubjectBody,
} from '../virtualization';

// spec: recovery-flow 7 'Discovery' (virtualization_locations, vmexport/devices) and 'Virtual
// machine and failover' (the ra_ajax calls). The disk image download is not in the spec
// (docs/decisions.md 'Virtualization').

const area = 'virtualization';
const segment = z.string().max(32);
const vmIds = { aid: 'appliance', device_id: 'system' } as const;

const locations = <const P extends string, S extends z.ZodObject>(
  path: P,
  params: S,
  summary: string,
  ids: Readonly<Record<string, TenantObject>> = {},
) =>
  defineCall({
    area,
    method: 'GET',
    path,
    right: 'recover',
    summary,
    params,
    ids: { clientId: 'client', applianceId: 'appliance', ...ids },
    answers: { 200: locationsAnswer },
  });

const exportDevices = <const P extends string, S extends z.ZodObject>(
  path: P,
  params: S,
  summary: string,
  examples: Readonly<Record<string, string>>,
) =>
  defineCall({
    area,
    method: 'GET',
    path,
    right: 'recover',
    summary,
    params,
    ids: { clientId: 'client', applianceId: 'appliance' },
    examples,
    answers: { 200: devicesAnswer },
  });

const where = { clientId: idParam, applianceId: idParam };

/** spec: recovery-flow 7, inventory_data's body (its fields' meaning: docs/decisions.md 'Virtualization'). */
const inventoryDataBody = z.object({
  filter: listSearch.optional(),
  startable: z.union([z.boolean(), z.literal(0), z.literal(1)]).optional(),
  flowType: z.string().max(32).optional(),
});

export const virtualizationCalls = {
  locations: locations(
    '/api/recover_flow/virtualization_locations/:clientId/:applianceId',
    z.object(where),
    'Which virtualization locations a client (on an appliance, or 0) offers (spec: recovery-flow 7).',
  ),
  deviceLocations: locations(
    '/api/recover_flow/virtualization_locations/:clientId/:applianceId/:deviceId',
    z.object({ ...where, deviceId: idParam }),
    'Which virtualization locations one device offers.',
    { deviceId: 'system' },
  ),
  exportDevices: exportDevices(
    '/api/vmexport/devices/:clientId/:applianceId/sva/:format',
    z.object({ ...where, format: segment }),
    'The devices whose disks can be exported in a format (VMDK, VHD, VHDX).',
    { format: 'VMDK' },
  ),
  exportDevicesFlagged: exportDevices(
    '/api/vmexport/devices/:clientId/:applianceId/sva/:format/:flag',
    z.object({ ...where, format: segment, flag: segment }),
    'The same, with the spec\u2019s trailing /1 (dynamic disks).',
    { format: 'VMDK', flag: '1' },
  ),
  virtualizedState: defineCall({
    area,
    method: 'POST',
    path: '/ra_ajax/get_virtualized_state',
    right: 'recover',
    summary: 'The VM state of a device and its exposed disk, checked before an export.',
    json: vmSubjectBody,
    ids: vmIds,
    answers: { 200: virtualizedStateAnswer },
  }),
  diskFromFailover: defineCall({
    area,
    method: 'POST',
    path: '/ra_ajax/is_disk_from_failover',
    right: 'recover',
    summary: 'Whether the disk of a device in production failover can be exported from its VM.',
    json: vmSubjectBody,
    ids: vmIds,
    answers: { 200: diskFromFailoverAnswer },
  }),
  capabilities: defineCall({
    area,
    method: 'POST',
    path: '/ra_ajax/capabilities',
    right: 'recover',
    summary: 'What a local VM of a device may use on its appliance (memory sizes, CPUs, warning).',
    json: capabilitiesBody,
    ids: { aid: 'appliance', schedule_asid: 'system' },
    answers: { 200: capabilitiesAnswer },
  }),
  createStart: defineCall({
    area,
    method: 'POST',
    path: '/ra_ajax/create_start_local_vm',
    right: 'recover',
    summary: 'Create and start a local VM of a restore point on the appliance (an operation).',
    json: createStartBody,
    ids: { aid: 'appliance', sid: 'system' },
    // For the suites: a valid form, and the time of their world's restore point.
    examples: {
      restorePointsMillis: 1795172400000,
      vmSizeMb: 2048,
      vmCpus: 2,
      useVNC: 0,
      useCurrentAddress: 0,
      testIpAddress: '10.0.0.50',
    },
    answers: { 200: createStartAnswer },
  }),
  isVmRunning: defineCall({
    area,
    method: 'POST',
    path: '/ra_ajax/is_vm_running',
    right: 'recover',
    summary: 'Whether the local VM of a device runs (polled every 4 s while it starts).',
    json: vmSubjectBody,
    ids: vmIds,
    answers: { 200: vmRunningAnswer },
  }),
  diskImage: defineCall({
    area,
    method: 'GET',
    path: '/api/vmexport/disk/:shareId',
    right: 'recover',
    summary: 'The exported disk image of a share (sparse VMDK, VHD or VHDX), downloaded by the browser.',
    access: 'navigation',
    params: z.object({ shareId: idParam }),
    ids: { shareId: 'share' },
    answers: {
      200: rawAnswer('application/octet-stream', 'The virtual disk image in the share\u2019s format.'),
      409: errorResponse,
    },
  }),
  inventoryData: defineCall({
    area,
    method: 'POST',
    path: '/dashboardumc/inventory_data/:clientId/:type',
    right: 'read',
    summary: 'The virtualized rows of a client (browseLocalVms): the inventory\u2019s VIRTUALIZED tab.',
    params: z.object({ clientId: idParam, type: z.enum(['VIRTUALIZED']) }),
    json: inventoryDataBody,
    ids: { clientId: 'client' },
    examples: { type: 'VIRTUALIZED' },
    answers: { 200: inventoryPage },
  }),
  vmScreenshot: defineCall({
    area,
    method: 'GET',
    path: '/api/virtualization/vm_screenshot/:deviceId',
    right: 'recover',
    summary: 'The console screenshot of a device\u2019s running virtual machine (loaded by an <img>).',
    access: 'navigation',
    params: z.object({ deviceId: idParam }),
    ids: { deviceId: 'system' },
    answers: { 200: rawAnswer('image/png', 'The screenshot.') },
  }),
};
