import type { DeviceActionsAnswer } from '@lifeboat/contract';
import type { Page } from 'playwright-core';
import { sessionHeaders } from './browser';

// Helpers of the device browser tests: calls made with the page's own session.

export async function apiGet<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path, { headers: await sessionHeaders(page) });
  if (!res.ok()) throw new Error(`${path}: ${res.status()}`);
  return (await res.json()) as T;
}

/** The first device of the signed-in user that offers every action (gen 4, has restore points). */
export async function findActionableDevice(page: Page, maxId = 400): Promise<{ id: number; name: string }> {
  for (let id = 1; id <= maxId; id++) {
    const a = await apiGet<DeviceActionsAnswer>(page, `/device/get_device_actions/${id}`).catch(() => null);
    if (a?.showGeoPlus && a.showAutoverify && a.showRecover && a.showAlertSettings && !a.autoverifyDisabled)
      return { id, name: a.deviceName };
  }
  throw new Error('No device with every action in the demo fleet.');
}
