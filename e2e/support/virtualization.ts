import type { Page } from 'playwright-core';

// Helpers of the virtualization browser test: finds demo devices by rules that hold at any hour,
// with calls made in the page's own session.

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

async function csrf(page: Page): Promise<Record<string, string>> {
  const session = await page.request.get('/api/session', { headers: XHR });
  const { csrfToken } = (await session.json()) as { csrfToken: string };
  return { ...XHR, 'x-csrf-token': csrfToken };
}

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
 * The first first-generation device of the signed-in reseller, on an online appliance, that
 * offers `needs`, is not virtualized and has no disk open now, and is none of `avoid` (devices
 * other browser tests use).
 */
export async function findVmDevice(
  page: Page,
  resellerId: number,
  needs: (keyof Locations)[],
  avoid: RegExp,
): Promise<VmDevice> {
  const h = await csrf(page);
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
        return { id: d.id, name: d.name, clientId: c.id, applianceId: a.id, applianceName: a.name };
      }
    }
  }
  throw new Error(`No first-generation device offering ${needs.join(', ')} in the demo fleet.`);
}
