import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { launchBrowser, openPage, screenshotsAtWidths, signIn } from '../support/browser';

// The appliance, vault, appliance list and support pages, and a client that does not exist
// (issue 18.8 and 18.17). Each test signs in and finds its own data by a rule that holds for the
// demo fleet at any hour.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WIDE = { width: 1440, height: 900 };
/** Screenshots at the three widths, each checked for overflow, then by axe. */
async function lookAt(page: Page, name: string): Promise<void> {
  await screenshotsAtWidths(page, `details-${name}`, async (width) => {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width} px`).toBeLessThanOrEqual(0);
  });
  expect(await seriousViolations(page)).toEqual([]);
}

const rows = (page: Page, name: string) => page.getByRole('table', { name }).locator('tbody tr');

describe('details pages', () => {
  it('support finds an appliance by its serial and opens its page', async () => {
    const { context, page } = await openPage(browser, WIDE);
    await signIn(page, 'staff');
    await page.goto('/home/support');
    await page.getByRole('heading', { name: 'Support' }).waitFor();
    const first = rows(page, 'appliances').first();
    await first.getByRole('link').waitFor();
    const name = await first.getByRole('link').innerText();
    const serial = ((await first.innerText()).match(/serial (\S+)/) ?? [])[1] ?? '';
    expect(serial).not.toBe('');
    await lookAt(page, 'support');
    await page.getByRole('searchbox', { name: 'Search appliances' }).fill(serial);
    await expect.poll(() => new URL(page.url()).searchParams.get('search'), { timeout: 10_000 }).toBe(serial);
    await expect.poll(() => rows(page, 'appliances').count(), { timeout: 10_000 }).toBe(1);
    await rows(page, 'appliances').first().getByRole('link', { name }).click();
    await page.waitForURL('**/appliance/details/*');
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByRole('heading', { name: 'Licence' }).waitFor();
    await page.getByText(serial, { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Support login' }).waitFor();
    await rows(page, 'Protected systems').first().waitFor();
    await lookAt(page, 'appliance');
    await context.close();
  });

  it('a vault page shows its capacity and its systems', async () => {
    const { context, page } = await openPage(browser, WIDE);
    await signIn(page, 'reseller');
    await page.goto('/vault/empty_table');
    const link = rows(page, 'vaults').first().getByRole('link');
    await link.waitFor();
    const name = await link.innerText();
    await link.click();
    await page.waitForURL('**/vault/details/*');
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByRole('heading', { name: 'Capacity' }).waitFor();
    await rows(page, 'Protected systems').first().waitFor();
    await lookAt(page, 'vault');
    await context.close();
  });

  it('the dashboard’s appliance list shows each appliance’s licence use, labelled', async () => {
    const { context, page } = await openPage(browser, WIDE);
    await signIn(page, 'reseller');
    await page.goto('/dashboard/appliance_list');
    await page.getByRole('heading', { name: 'Appliance list' }).waitFor();
    await rows(page, 'appliances').first().getByRole('link').waitFor();
    await page.locator('[data-usage]').first().waitFor();
    await lookAt(page, 'appliance-list');
    await context.close();
  });

  it('a missing client is the not-found page, without a string of failing calls', async () => {
    const { context, page } = await openPage(browser, WIDE);
    await signIn(page, 'reseller');
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400 && r.request().resourceType() === 'fetch') failed.push(r.url());
    });
    await page.goto('/client/details/999999');
    await page.getByRole('heading', { level: 1, name: 'Client not found' }).waitFor();
    await page.getByText('This client was not found').waitFor();
    expect(failed).toHaveLength(1);
    await lookAt(page, 'missing-client');
    await context.close();
  });

  it('a client user opens its appliance from its dashboard; vault names are not links', async () => {
    const { context, page } = await openPage(browser, WIDE);
    await signIn(page, 'client');
    await page.waitForURL('**/home/clients');
    const systems = page.locator('[data-table="client_protected_systems_table"]');
    await systems.locator('[data-row-id]').first().waitFor();
    // Vaults are the reseller's: a link there would end on "No access" (issue 18.8).
    // The demo client's systems copy to the provider's cloud vault: its name is shown, as text.
    await systems.getByText('Cloud Vault US-East').first().waitFor();
    await rows(page, 'Vaults').first().waitFor();
    expect(await page.locator('a[href*="/vault/details/"]').count()).toBe(0);
    const appliance = systems.locator('a[href*="/appliance/details/"]').first();
    const name = await appliance.innerText();
    await appliance.click();
    await page.waitForURL('**/appliance/details/*');
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByTestId('appliance-schedule').waitFor();
    expect(await page.getByText('No access').count()).toBe(0);
    await lookAt(page, 'client-appliance');
    await context.close();
  });
});
