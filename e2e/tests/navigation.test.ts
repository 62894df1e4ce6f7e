import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { currentTab, launchBrowser, openPage, SMALL_PHONE, screenshot, signIn } from '../support/browser';

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
    await page.waitForURL('**/home/resellers');
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
});
