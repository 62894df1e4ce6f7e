import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { currentTab, launchBrowser, openPage, SMALL_PHONE, screenshot, signIn } from '../support/browser';

const WIDTHS = [1440, 768, 390] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/** The device page has loaded (its heading is the device's name, or says it was not found). */
async function expectDevicePage(page: Page): Promise<void> {
  await page
    .getByText(/^Protected system/)
    .first()
    .waitFor();
}

/** Waits for the page's h1 to read `name` (lazy pages replace the previous one when loaded). */
async function expectHeading(page: Page, name: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
}

describe('navigation', () => {
  it('switches tabs with real history entries: back and forward restore tab and url', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/login');
    await signIn(page, 'reseller');
    await page.waitForURL('**/home/reseller-dashboard');
    const nav = page.getByRole('navigation', { name: 'Main' });

    await nav.getByRole('link', { name: 'Devices' }).click();
    await page.waitForURL('**/home/devices');
    await expectHeading(page, 'Devices');
    await nav.getByRole('link', { name: 'Vaults' }).click();
    await page.waitForURL('**/home/vault');
    await expectHeading(page, 'Vaults');
    expect(await currentTab(page)).toBe('vault');

    await page.goBack();
    await page.waitForURL('**/home/devices');
    await expectHeading(page, 'Devices');
    expect(await currentTab(page)).toBe('devices');
    await page.goBack();
    await page.waitForURL('**/home/reseller-dashboard');
    await expectHeading(page, 'Dashboard');
    expect(await currentTab(page)).toBe('reseller-dashboard');

    await page.goForward();
    await page.waitForURL('**/home/devices');
    await expectHeading(page, 'Devices');
    expect(await currentTab(page)).toBe('devices');
    await page.goForward();
    await page.waitForURL('**/home/vault');
    await expectHeading(page, 'Vaults');
    expect(await currentTab(page)).toBe('vault');
    await context.close();
  });

  it('opens a deep link after signing in, and deep links of a signed-in user directly', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/home/devices');
    await page.waitForURL('**/login');
    await signIn(page, 'reseller');
    await page.waitForURL('**/home/devices');
    expect(await currentTab(page)).toBe('devices');
    await expectHeading(page, 'Devices');

    // A detail page loads straight from the address bar, under its tab.
    await page.goto('/device/details/5');
    await expectDevicePage(page);
    expect(await currentTab(page)).toBe('devices');
    await page.goto('/client/empty_table?reseller_id=3&health_status=UNPROTECTED');
    await expectHeading(page, 'Clients');
    expect(await currentTab(page)).toBe('clients');
    await context.close();
  });

  it('shows a not-found page with a way home for an unknown path', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, 'staff');
    await page.goto('/no/such/page');
    await page.getByText('There is no page at this address').waitFor();
    expect(await currentTab(page)).toBeNull();
    await page.getByRole('link', { name: 'Go to your home page' }).click();
    await page.waitForURL('**/home/fleet');
    await context.close();
  });

  it('tells a user that a tab of another level is not theirs', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, 'client');
    await page.goto('/home/appliances');
    await page.getByText("You don't have access to this page").waitFor();
    await screenshot(page, 'no-access-client-1280');
    await context.close();
  });

  it('signs out to the login page; a protected url then asks to sign in', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, 'distributor');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    await page.getByText('You have signed out.').waitFor();
    const probe = await page.evaluate(async () => {
      const r = await fetch('/api/session', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
      return r.status;
    });
    expect(probe).toBe(401);

    await page.goto('/home/devices');
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await context.close();
  });

  it('asks to sign in again when the session is gone, then returns to the same page', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, 'reseller');
    await page.goto('/device/details/7');
    await expectDevicePage(page);
    // Lose the session cookie, as after an idle timeout, and reload.
    await context.clearCookies();
    await page.reload();
    await page.waitForURL('**/login');
    await signIn(page, 'reseller');
    await page.waitForURL('**/device/details/7');
    await expectDevicePage(page);
    expect(pathOf(page)).toBe('/device/details/7');
    await context.close();
  });

  it('works on a 360 px screen: the tabs scroll sideways and the page does not', async () => {
    const { context, page } = await openPage(browser, SMALL_PHONE);
    await signIn(page, 'staff');
    const list = page.getByRole('navigation', { name: 'Main' }).locator('ul');
    const sizes = await list.evaluate((ul) => ({ scroll: ul.scrollWidth, client: ul.clientWidth }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // A tab far to the right is scrolled into view when it becomes current.
    await page.goto('/home/support-appliances');
    await expectHeading(page, 'Support appliances');
    const tab = page.locator('a[data-tab="support-appliances"]');
    const box = await tab.boundingBox();
    expect(box).not.toBeNull();
    if (box) expect(box.x + box.width).toBeLessThanOrEqual(SMALL_PHONE.width + 1);

    // Sign out from the account menu.
    await page.getByRole('button', { name: /Account of/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    await page.getByText('You have signed out.').waitFor();
    await screenshot(page, 'login-signed-out-360');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('keeps the place on a table page change, starts a new page at the top and returns on back', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, 'reseller');
    await page.waitForURL('**/home/reseller-dashboard');
    const table = page.locator('[data-table="reseller_protected_systems_table"]');
    await table.locator('[data-row-id]').first().waitFor();
    const pager = page.getByRole('navigation', { name: /protected systems/i });
    await pager.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(100);

    // A table's next page changes only the query: the person stays where they were.
    const firstRow = await table.locator('[data-row-id]').first().getAttribute('data-row-id');
    await pager.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL(/systems\.page=2/);
    await expect
      .poll(() => table.locator('[data-row-id]').first().getAttribute('data-row-id'))
      .not.toBe(firstRow);
    const onPage2 = await page.evaluate(() => window.scrollY);
    expect(Math.abs(onPage2 - before)).toBeLessThan(80);

    // An appliance opens at the top; back returns to the table where it was left.
    const appliance = table.locator('[data-row-id] a[href^="/appliance/details/"]').first();
    await appliance.scrollIntoViewIfNeeded();
    const left = await page.evaluate(() => window.scrollY);
    expect(left).toBeGreaterThan(100);
    await appliance.click();
    await page.waitForURL('**/appliance/details/**');
    await page.waitForFunction(() => document.querySelector('h1')?.textContent !== 'Dashboard');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await page.waitForURL(/systems\.page=2/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(left);
    await context.close();
  });

  it('says a new version is out when a page cannot load, and leads home', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, 'reseller');
    await page.waitForURL('**/home/reseller-dashboard');
    // The page's code is gone from the server, as after an upgrade while the tab was open.
    await page.route('**/assets/VaultsPage-*.js', (route) => route.abort());
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Vaults' }).click();
    await expectHeading(page, 'Something went wrong');
    await page.getByText('A newer version of Lifeboat is available. Reload the page to continue.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, `route-error-${width}`);
    }
    await page.unroute('**/assets/VaultsPage-*.js');
    await page.getByRole('link', { name: 'Go to your home page' }).click();
    await expectHeading(page, 'Dashboard');
    await context.close();
  });
});
