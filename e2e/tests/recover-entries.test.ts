import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, sessionHeaders, signIn } from '../support/browser';
import { organisationId } from '../support/session';
import { waitForStep, wizardStep } from '../support/wizard';

// Each way into the recovery wizard lands on the step that fits the device, never a dead end
// (spec: recovery-flow 2 'Entry points'): a client user's own Recover button, a second-generation
// device's Recover (its device is not asked for again), and a first-generation NAS, whose
// backups give files only, from the device list's Recover.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const headers = sessionHeaders;

async function getJson<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path, { headers: await headers(page) });
  if (!res.ok()) throw new Error(`${path}: ${res.status()}`);
  return (await res.json()) as T;
}

async function postJson<T>(page: Page, path: string, body: unknown): Promise<T> {
  const res = await page.request.post(path, { headers: await headers(page), data: body });
  if (!res.ok()) throw new Error(`${path}: ${res.status()}`);
  return (await res.json()) as T;
}

/** A first-generation NAS of the signed-in reseller with local restore points. */
async function firstGenNas(page: Page): Promise<{ id: number; name: string }> {
  const resellerId = await organisationId(page);
  const clients = await getJson<{ table_data: { data: { id: number; has_brc: number }[] } }>(
    page,
    `/reseller/get_reseller_clients/${resellerId}`,
  );
  for (const c of clients.table_data.data.filter((x) => x.has_brc)) {
    const { list } = await postJson<{ list: { id: number; online: number }[] }>(page, '/appliance/get', {
      scopeBy: 'client',
      forClient: c.id,
      paging: { offset: 0, limit: 100 },
      devices_count: 1,
      offsited: 0,
      eligible_for_cifs_sharing: 1,
    });
    for (const a of list.filter((x) => x.online)) {
      const { devices } = await getJson<{
        devices: { id: number; name: string; os_type: string; service_gen: number; state: string | null }[];
      }>(page, `/api/localbrowsing/devices/${c.id}/${a.id}`);
      const nas = devices.find((d) => d.os_type === 'NAS' && d.service_gen === 2 && !d.state);
      if (nas) return nas;
    }
  }
  throw new Error('No first-generation NAS with local restore points in the demo fleet.');
}

describe('recovery wizard entry points', () => {
  it("a client user starts the wizard from its own page's Recover button", async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, 'client');
    const recover = page.getByRole('button', { name: 'Recover', exact: true });
    await recover.waitFor();
    await screenshot(page, 'recover-entries-01-client-home');
    await recover.click();
    await page.locator('[data-step="recoverToolSelect"], [data-step="type"]').waitFor();
    await context.close();
  });

  it('Recover on a second-generation device goes from the recovery type to its restore points', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, 'client');
    const clientId = await organisationId(page);
    const { data } = await getJson<{
      data: { id: number; psName: string; ftpsAllowed: boolean; isPasswordProtected: boolean }[];
    }>(page, `/client/load_rb_devices_table_data/${clientId}/0`);
    const device = data.find((d) => d.psName === 'BK01-ACME');
    if (!device) throw new Error('BK01-ACME is not in the demo fleet.');
    // The device list's Recover (spec: recovery-flow 2: generation 4 starts at typeRB).
    await page.goto(`/home/clients?recover=device:${device.id}:typeRB`);
    await waitForStep(page, 'typeRB');
    await page.getByRole('button', { name: 'Files and folders by FTPS' }).click();
    await page.locator('[data-step="selectRestorePoint"], [data-step="setPsPassword"]').waitFor();
    expect(await wizardStep(page, 'rbSetDevice').count()).toBe(0);
    await page.getByText(/^Recovery · .* · BK01-ACME/).waitFor();
    await screenshot(page, 'recover-entries-02-second-generation');
    // Back returns to the recovery type, not to a list of the client's systems.
    await page.getByRole('dialog').getByRole('button', { name: 'Back', exact: true }).click();
    await waitForStep(page, 'typeRB');
    await context.close();
  });

  it('Recover on a first-generation NAS offers its files (no virtual machine, no dead end)', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, 'reseller');
    const nas = await firstGenNas(page);
    // The device list's Recover (spec: recovery-flow 2: generation 2 starts at locateVirtualization).
    await page.goto(`/home/clients?recover=device:${nas.id}:locateVirtualization`);
    await waitForStep(page, 'locateVirtualization');
    const files = page.getByRole('dialog').getByRole('button', { name: 'Files and folders' });
    await files.waitFor();
    expect(await wizardStep(page, 'notAvailable').count()).toBe(0);
    await screenshot(page, 'recover-entries-03-nas');
    await files.click();
    await waitForStep(page, 'restoreType');
    await page.getByRole('button', { name: 'Appliance (local)' }).click();
    await page
      .locator('[data-step="setJob"], [data-step="setDrive"], [data-step="setRecoveryPoint"]')
      .first()
      .waitFor();
    await context.close();
  });
});
