import { z } from 'zod';
import { defineCall, rawAnswer } from '../call';
import {
  INVENTORY_TYPES,
  inventoryAnswer,
  inventoryDownloadQuery,
  inventoryListQuery,
  inventoryPage,
  inventoryScopeQuery,
  VM_ACTIONS,
  vmActionAnswer,
  vmActionBody,
} from '../inventory';

// spec: inventory-reports-exports-security 2, 3, 7 and dashboard-device-azure 2.1 (the CSV); the
// list and action paths the spec leaves to page data are in docs/decisions.md 'Inventory'.

const area = 'inventory';
/** Every inventory call may narrow to an organisation of the caller's scope (404 outside it). */
const scopeIds = { reseller_id: 'reseller', client_id: 'client' } as const;

const summaryList = <const P extends string>(path: P, summary: string) =>
  defineCall({
    area,
    method: 'GET',
    path,
    right: 'read',
    summary,
    query: inventoryListQuery,
    ids: scopeIds,
    answers: { 200: inventoryPage },
  });

export const inventoryCalls = {
  summary: defineCall({
    area,
    method: 'GET',
    path: '/devices/inventory',
    right: 'read',
    summary: 'The counters of the inventory tabs and which tabs to show (spec: inventory 3).',
    query: inventoryScopeQuery,
    ids: scopeIds,
    answers: { 200: inventoryAnswer },
  }),
  list: defineCall({
    area,
    method: 'GET',
    path: '/devices/inventory/:type',
    right: 'read',
    summary: 'A page of the rows of an inventory tab, in name order (keyset paging by `after`).',
    params: z.object({ type: z.enum(INVENTORY_TYPES) }),
    query: inventoryListQuery,
    ids: scopeIds,
    answers: { 200: inventoryPage },
  }),
  virtualized: summaryList(
    '/device/device_summary/1',
    'A page of the virtualized tab: VMs on the appliances (spec: inventory 2).',
  ),
  vaultVirtualized: summaryList(
    '/device/vault_virtualized_device_summary',
    'A page of the vault-virtualized tab: VMs running in a vault (spec: inventory 2).',
  ),
  vmAction: defineCall({
    area,
    method: 'POST',
    path: '/devices/:action',
    right: 'recover',
    summary: 'Start, stop, resume or discard the virtual machine of a device: queues an operation.',
    params: z.object({ action: z.enum(VM_ACTIONS) }),
    form: vmActionBody,
    ids: { id: 'system' },
    answers: { 200: vmActionAnswer },
  }),
  download: defineCall({
    area,
    method: 'GET',
    path: '/devices/download',
    right: 'read',
    summary: 'The CSV of an inventory tab, downloaded by the browser (dashboard-device-azure 2.1).',
    access: 'navigation',
    query: inventoryDownloadQuery,
    ids: scopeIds,
    answers: { 200: rawAnswer('text/csv', 'The rows of the tab, one device a line.') },
  }),
};
