import type { DeviceInfoAnswer } from '@lifeboat/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshotsAtWidths, signIn } from '../support/browser';
import { apiGet } from '../support/devices';

// What the dashboard's figures say and where their links lead, read as a person reads them
// (spec: dashboard-device-azure 2.2 and 4): parked systems, unprotected clients, the history.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WIDE = { width: 1440, height: 900 };
/** The figures' screens at the three widths (support/browser.ts). */
const shots = (page: Page, name: string) => screenshotsAtWidths(page, `figures-${name}`);

/** The first parked system the signed-in reseller sees (the demo fleet parks a few). */
async function findParked(page: Page): Promise<number> {
  for (let id = 1; id <= 400; id++) {
    const info = await apiGet<DeviceInfoAnswer>(page, `/device/get_device_details_info/${id}`).catch(
      () => null,
    );
    if (info?.device_status === 'PARKED') return id;
  }
  throw new Error('No parked system in the demo fleet.');
}

describe('dashboard figures', () => {
  it('a parked system says its backups are paused, never when the next one runs', async () => {
    const { context, page } = await openPage(browser, WIDE);
    await signIn(page, 'reseller');
    const id = await findParked(page);
    await page.goto(`/device/details/${id}`);
    const next = page.getByText('Next backup', { exact: true }).locator('..');
    await next.waitFor();
    expect(await next.innerText()).toContain('Paused while the system is parked');
    expect(await next.innerText()).not.toMatch(/\bin \d+ (days?|hours?|minutes?)/);
    await shots(page, 'parked-device');
    await context.close();
  });

  it('the health history says that parked systems are not counted', async () => {
    const { context, page } = await openPage(browser, WIDE);
    await signIn(page, 'reseller');
    await page.waitForURL('**/home/reseller-dashboard');
    const note = page.locator('[data-history-note]');
    await note.waitFor();
    expect(await note.innerText()).toMatch(/Parked systems are not counted/);
    await context.close();
  });

  it('the Vaults page and the dashboard’s vault table give the same vaults and counts', async () => {
    const { context, page } = await openPage(browser, WIDE);
    await signIn(page, 'reseller');
    await page.waitForURL('**/home/reseller-dashboard');
    const dash = page.locator('[data-table="reseller_vaults_table"] [data-row-id]');
    await dash.first().waitFor();
    const header = async (table: ReturnType<Page['locator']>) =>
      (await table.locator('thead th').allInnerTexts()).map((h) => h.trim());
    const figures = async (table: ReturnType<Page['locator']>, rows: ReturnType<Page['locator']>) => {
      const h = await header(table);
      const at = (name: string) => h.findIndex((x) => x.startsWith(name));
      const out: string[] = [];
      for (const row of await rows.all()) {
        const cells = (await row.locator('td').allInnerTexts()).map((c) => c.trim());
        out.push(`${cells[0]}: ${cells[at('Servers')]} servers, ${cells[at('Workstations')]} workstations`);
      }
      return out.sort();
    };
    const fromDashboard = await figures(page.locator('[data-table="reseller_vaults_table"] table'), dash);
    // The dashboard's "Vaults" link.
    await page.locator('[data-glance="vaults"]').click();
    await page.waitForURL(/\/vault\/empty_table/);
    const table = page.getByRole('table', { name: 'vaults' });
    await page.waitForFunction(
      () => document.querySelector('table[aria-label="vaults"]')?.getAttribute('aria-busy') === 'false',
    );
    await expect.poll(async () => table.locator('tbody tr').count()).toBe(fromDashboard.length);
    const fromPage = await figures(table, table.locator('tbody tr'));
    expect(fromPage, JSON.stringify(await header(table))).toEqual(fromDashboard);
    await shots(page, 'vaults');
    await context.close();
  });

  it('every client behind "Unprotected clients" shows why it is listed', async () => {
    const { context, page } = await openPage(browser, WIDE);
    await signIn(page, 'reseller');
    await page.waitForURL('**/home/reseller-dashboard');
    const link = page.locator('[data-glance="unprotected_clients"]');
    await link.waitFor();
    const count = Number(((await link.locator('..').innerText()).match(/\d+/) ?? ['0'])[0]);
    expect(count).toBeGreaterThan(0);
    await link.click();
    await page.waitForURL(/\/client\/empty_table/);
    const rows = page.getByRole('table', { name: 'clients' }).locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(count);
    for (const text of await rows.allInnerTexts()) {
      // Its badge reads "Unprotected", it has no devices, or it names its unprotected systems.
      expect(text).toMatch(/Unprotected|No devices|\d+ unprotected systems?/);
    }
    await shots(page, 'unprotected-clients');
    await context.close();
  });
});
