import type { DeviceInfoAnswer } from '@lifeboat/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshotsAtWidths, signIn } from '../support/browser';
import { apiGet } from '../support/devices';
import { firstToolToDc01Points, waitForStep } from '../support/wizard';

// What the dashboard's figures say and where their links lead, read as a person reads them
// (spec: dashboard-device-azure 2.2 and 4): parked systems, unprotected clients, the history, and
// figures that a restore made elsewhere changes.

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

  it('shows a share made elsewhere when the dashboard is opened again, without a reload', async () => {
    const { context, page } = await openPage(browser, WIDE);
    // The page's clock stands still (its timers run): what the dashboard read stays fresh in its
    // cache (30 s) however long the walk takes, so the feed is read again only if the share's
    // request marked it stale (api/queryClient.ts), as a person who comes back at once meets it.
    await page.clock.setFixedTime(new Date());
    await signIn(page, 'reseller');
    await page.waitForURL('**/home/reseller-dashboard');
    const feed = page.getByRole('region', { name: 'Local shares' });
    const shares = feed.getByTestId('local-share').filter({ hasText: 'DC01-ACME' });
    await page.waitForFunction(
      () => !document.querySelector('section[aria-label="Local shares"] .mantine-Skeleton-root'),
    );
    const before = await shares.count();

    // Everything in the app, no reload: the Clients link, the client, its Recover button.
    await page.locator('[data-glance="clients"]').click();
    await page.getByRole('link', { name: 'Acme Dental Group', exact: true }).click();
    await page.getByRole('button', { name: 'Recover', exact: true }).click();
    await page.locator('[data-step="recoverToolSelect"], [data-step="type"]').waitFor();
    if ((await page.locator('[data-step="recoverToolSelect"]').count()) > 0)
      await page.getByRole('button', { name: 'Appliance and cloud backups' }).click();
    await firstToolToDc01Points(page, 'Appliance (local)');
    await page.getByTestId('restore-point').first().click();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await waitForStep(page, 'exposeCifsShare');
    await page.getByText('Share path', { exact: true }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL('**/home/reseller-dashboard');
    await expect.poll(() => shares.count(), { timeout: 5_000 }).toBe(before + 1);
    await shots(page, 'after-share');

    // The share is left as the other tests expect to find the appliance: unmounted.
    await shares.last().getByRole('button', { name: 'Unmount' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Unmount share' }).click();
    await expect.poll(() => shares.count(), { timeout: 10_000 }).toBe(before);
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
