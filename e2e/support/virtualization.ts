import type { BrowserContext, Page } from 'playwright-core';
import { vi } from 'vitest';
import { sessionHeaders } from './browser';

// Helpers of the virtualization browser test: finds demo devices by rules that hold at any hour,
// with calls made in the page's own session.

async function getJson<T>(page: Page, path: string, headers: Record<string, string>): Promise<T> {
  const res = await page.request.get(path, { headers });
  if (!res.ok()) throw new Error(`${path}: ${res.status()}`);
  return (await res.json()) as T;
}

async function postJson<T>(
  page: Page,
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<T> {
  const res = await page.request.post(path, { headers, data: body });
  if (!res.ok()) throw new Error(`${path}: ${res.status()}`);
  return (await res.json()) as T;
}

export interface VmDevice {
  id: number;
  name: string;
  clientId: number;
  applianceId: number;
  applianceName: string;
}

type Locations = Record<'local_vm' | 'vmdk_export' | 'vhd_export' | 'vhdx_export', boolean>;
interface VmState {
  error?: string;
  virtualized: boolean;
  exposed_disk: unknown;
}

/**
 * The first-generation devices of the signed-in reseller, on an online appliance, that offer
 * `needs`, are not virtualized, have no disk open now, and are none of `avoid` (devices other
 * browser tests use), in a fixed order.
 */
async function* vmDevices(
  page: Page,
  resellerId: number,
  needs: (keyof Locations)[],
  avoid: RegExp,
): AsyncGenerator<VmDevice> {
  const h = await sessionHeaders(page);
  const clients = await getJson<{ table_data: { data: { id: number; has_brc: number }[] } }>(
    page,
    `/reseller/get_reseller_clients/${resellerId}`,
    h,
  );
  for (const c of clients.table_data.data.filter((x) => x.has_brc)) {
    const appliances = await postJson<{ list: { id: number; name: string; online: number }[] }>(
      page,
      '/appliance/get',
      {
        scopeBy: 'client',
        forClient: c.id,
        paging: { offset: 0, limit: 100 },
        devices_count: 1,
        offsited: 0,
        eligible_for_cifs_sharing: 1,
      },
      h,
    );
    for (const a of appliances.list.filter((x) => x.online)) {
      const { devices } = await getJson<{ devices: { id: number; name: string; state: string | null }[] }>(
        page,
        `/api/vmexport/devices/${c.id}/${a.id}/sva/VHDX`,
        h,
      );
      for (const d of devices) {
        if (avoid.test(d.name) || d.state) continue;
        const loc = await getJson<Locations>(
          page,
          `/api/recover_flow/virtualization_locations/${c.id}/${a.id}/${d.id}`,
          h,
        );
        if (!needs.every((n) => loc[n])) continue;
        const s = await postJson<VmState>(
          page,
          '/ra_ajax/get_virtualized_state',
          { aid: a.id, device_id: d.id },
          h,
        );
        if (s.error || s.virtualized || s.exposed_disk) continue;
        yield { id: d.id, name: d.name, clientId: c.id, applianceId: a.id, applianceName: a.name };
      }
    }
  }
}

/** Device `id` of the reseller, when it offers `needs` and is as vmDevices() wants it (a fault's subject). */
export async function vmDeviceWithId(
  page: Page,
  resellerId: number,
  id: number,
  needs: (keyof Locations)[],
): Promise<VmDevice> {
  for await (const d of vmDevices(page, resellerId, needs, /^$/)) if (d.id === id) return d;
  throw new Error(`Device ${id} does not offer ${needs.join(', ')}, or is virtualized or has a disk open.`);
}

/** The first of vmDevices(). */
export async function findVmDevice(
  page: Page,
  resellerId: number,
  needs: (keyof Locations)[],
  avoid: RegExp,
): Promise<VmDevice> {
  for await (const d of vmDevices(page, resellerId, needs, avoid)) return d;
  throw new Error(`No first-generation device offering ${needs.join(', ')} in the demo fleet.`);
}

interface FullVmState extends VmState {
  production: boolean;
  running: boolean;
  bmr: boolean;
  transition: boolean;
  vmdk_disabled: boolean;
  exposed_disk: { share_id: number } | null;
}

/** One of the appliance's VM calls about the device (`{ aid, device_id }`), in the page's session. */
const deviceCall = async <T>(page: Page, path: string, d: VmDevice) =>
  postJson<T>(page, path, { aid: d.applianceId, device_id: d.id }, await sessionHeaders(page));

const vmState = (page: Page, d: VmDevice) =>
  deviceCall<FullVmState>(page, '/ra_ajax/get_virtualized_state', d);

interface VmRunning {
  sva_job_status: string | null;
  starting: boolean;
  error?: string;
}

const vmRunning = (page: Page, d: VmDevice) => deviceCall<VmRunning>(page, '/ra_ajax/is_vm_running', d);

/** The device's VM state in the inventory (is_vm_running's sva_job_status), once it settles on `want`. */
async function vmStatusBecomes(page: Page, d: VmDevice, want: string | null): Promise<void> {
  await vi.waitFor(
    async () => {
      const r = await vmRunning(page, d);
      if (r.error) throw new Error(`The VM of ${d.name} failed: ${r.error}`);
      if (r.starting || r.sva_job_status !== want) throw new Error(`${d.name}: ${r.sva_job_status}`);
    },
    { timeout: 30_000, interval: 250 },
  );
}

/** The device's VM state once a start under way has ended (a stop is refused while it boots). */
async function vmSettled(page: Page, d: VmDevice): Promise<string | null> {
  return vi.waitFor(
    async () => {
      const r = await vmRunning(page, d);
      if (r.starting) throw new Error(`${d.name} is still starting`);
      return r.sva_job_status;
    },
    { timeout: 60_000, interval: 250 },
  );
}

/**
 * Starts a production (not test) VM of the device on its appliance, as a production failover
 * does: the same create_start call the wizard makes, with isTest off. Answers when it runs.
 */
async function startProductionVm(page: Page, d: VmDevice): Promise<void> {
  const h = await sessionHeaders(page);
  const { jobs } = await postJson<{ jobs: { id: number; type: string }[] }>(
    page,
    '/offsite_ajax/jobs',
    { deviceId: d.id, applianceId: d.applianceId },
    h,
  );
  const job = jobs.find((j) => j.type === 'SERVER_ALIVE_BMR') ?? jobs[0];
  if (!job) throw new Error(`${d.name} has no job`);
  const points = await getJson<{ data: { dates: { points: { ts: number }[] }[] } | null }>(
    page,
    `/api/localbrowsing/recovery_points/${d.clientId}/${d.applianceId}/${d.id}/${job.id}/null`,
    h,
  );
  const latest = Math.max(...(points.data?.dates ?? []).flatMap((day) => day.points.map((p) => p.ts)));
  const caps = await postJson<{ vmSizes: number[]; minVMMemMb: number; vmCpuRange: [number, number] }>(
    page,
    '/ra_ajax/capabilities',
    { aid: d.applianceId, schedule_asid: d.id },
    h,
  );
  const started = await postJson<{ ok: boolean; error?: string }>(
    page,
    '/ra_ajax/create_start_local_vm',
    {
      aid: d.applianceId,
      sid: d.id,
      restorePointsMillis: latest,
      vmSizeMb: caps.vmSizes.find((m) => m >= caps.minVMMemMb),
      vmCpus: caps.vmCpuRange[0],
      useVNC: true,
      vncPasswd: 'e2e-console',
      testIpAddress: '192.168.61.20',
      useCurrentAddress: false,
      isTest: false,
    },
    h,
  );
  if (!started.ok) throw new Error(`${d.name}: ${started.error}`);
  await vmStatusBecomes(page, d, 'Running');
}

/**
 * After a walk: ends the device's VM as endVm() does when the test got as far as a device, and
 * closes the browser context even when that fails.
 */
export async function endVmAndClose(
  page: Page,
  context: BrowserContext,
  device: VmDevice | null,
): Promise<void> {
  try {
    if (device) await endVm(page, device);
  } finally {
    await context.close();
  }
}

/** Closes an open disk of the device, stops and discards its VM (once a start has ended): the demo as it was. */
export async function endVm(page: Page, d: VmDevice): Promise<void> {
  const open = (await vmState(page, d)).exposed_disk;
  const h = await sessionHeaders(page);
  if (open) await getJson(page, `/share/suppress_cifs_share/${open.share_id}`, h);
  if ((await vmSettled(page, d)) === null) return;
  for (const [action, after] of [
    ['stop_vm', 'Stopped'],
    ['discard_vm', null],
  ] as const) {
    const res = await page.request.post(`/devices/${action}`, { headers: h, form: { id: d.id } });
    if (!res.ok()) throw new Error(`${action} ${d.name}: ${res.status()}`);
    await vmStatusBecomes(page, d, after);
  }
}

/**
 * A device in production failover whose disk can be exported from its running VM (spec:
 * recovery-flow 4: virtualized, production, running, none of the appliance's rarer states), made
 * in the test's own data: a production VM started on a device that had none. A device whose
 * appliance reports a rarer state for it is put back and the next one tried.
 */
export async function makeFailoverDevice(page: Page, resellerId: number, avoid: RegExp): Promise<VmDevice> {
  for await (const d of vmDevices(page, resellerId, ['local_vm', 'vhdx_export'], avoid)) {
    await startProductionVm(page, d);
    const s = await vmState(page, d);
    if (s.production && s.running && !s.vmdk_disabled && !s.bmr && !s.transition && !s.exposed_disk) return d;
    await endVm(page, d);
  }
  throw new Error('No first-generation device could run a production VM in the demo fleet.');
}
