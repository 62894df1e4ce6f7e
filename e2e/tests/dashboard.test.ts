import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { launchBrowser, openPage, PHONE, screenshot, signIn } from '../support/browser';

// The reseller dashboard (issue 3; spec: dashboard-device-azure 2.2) on the demo fleet.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const table = (page: Page, id: string) => page.locator(`[data-table="${id}"]`);
const PS = 'reseller_protected_systems_table';
const APPLIANCES = 'reseller_appliances_table';
const VAULTS = 'reseller_vaults_table';

/** Waits until a table shows rows (or its empty description) and no request is in flight. */
async function settled(page: Page, id: string): Promise<void> {
  await table(page, id).locator('[data-row-id], [data-empty]').first().waitFor();
  await page.waitForFunction(
    (sel) => document.querySelector(sel)?.getAttribute('aria-busy') === 'false',
    `[data-table="${id}"]`,
  );
}

async function openDashboard(page: Page): Promise<void> {
  await signIn(page, 'reseller');
  await page.waitForURL('**/home/reseller-dashboard');
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  for (const id of [PS, APPLIANCES, VAULTS]) await settled(page, id);
}

describe('reseller dashboard', () => {
  it('shows every block with data, in the spec order', async () => {
    const { context, page } = await openPage(browser);
    await openDashboard(page);
    for (const name of ['Add client', 'Download agent', 'Recovery wizard', 'Reseller overview settings']) {
      await page.getByRole('button', { name }).or(page.getByRole('link', { name })).first().waitFor();
    }
    const glance = page.locator('[data-glance="clients"]');
    await glance.waitFor();
    expect(await glance.getAttribute('href')).toMatch(/^\/client\/empty_table\/\?reseller_id=\d+$/);
    await page.getByText('SLA-compliant clients').waitFor();
    await page.locator('[data-chart-line]').first().waitFor();
    // The feeds are the app's accordion, not the browser's <details> (issue 18.18).
    await page.locator('[data-feed="failures"]').getByRole('button', { name: 'Recent failures' }).waitFor();
    expect(await page.locator('details, summary').count()).toBe(0);
    for (const f of ['Troubled', 'Warning', 'Healthy'])
      await page
        .locator('[role="group"][aria-label="Quick filters"]')
        .getByRole('button', { name: f })
        .waitFor();
    // The app's one date format, 12-hour as the spec asks (issue 18.14).
    await page.getByText(/Last refresh: .*\d{4}, \d{1,2}:\d\d:\d\d\s(am|pm)/i).waitFor();
    expect(await table(page, PS).locator('[data-row-id]').count()).toBe(10);
    expect(await table(page, PS).locator('[data-count]').textContent()).toMatch(/\d+ protected systems/);
    expect(await table(page, APPLIANCES).locator('[data-row-id]').count()).toBeGreaterThan(0);
    expect(await table(page, VAULTS).locator('[data-row-id]').count()).toBeGreaterThan(0);
    // Order of the blocks on the page: cards, feeds, quick filters, then the three tables.
    const tops = await page.evaluate(() =>
      [
        '[data-glance="clients"]',
        '[data-feed]',
        '[aria-label="Quick filters"]',
        '[data-table$="protected_systems_table"]',
        '[data-table$="appliances_table"]',
        '[data-table$="vaults_table"]',
      ].map((s) => document.querySelector(s)?.getBoundingClientRect().top ?? -1),
    );
    expect([...tops].sort((a, b) => a - b)).toEqual(tops);
    await screenshot(page, 'dashboard-reseller-1280');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('a quick filter acts on all three tables together, and a second click removes it', async () => {
    const { context, page } = await openPage(browser);
    await openDashboard(page);
    const troubled = page.locator('[data-quick-filter="TROUBLED"]');
    // The filters live in the url: the button shows pressed once the router has rendered it.
    await troubled.click();
    await page.locator('[data-quick-filter="TROUBLED"][aria-pressed="true"]').waitFor();
    for (const id of [PS, APPLIANCES, VAULTS]) {
      await page.waitForFunction((sel) => {
        const rows = [...document.querySelectorAll(`${sel} [data-row-id]`)];
        const empty = document.querySelector(`${sel} [data-empty]`);
        return (empty || rows.length > 0) && rows.every((r) => r.querySelector('[data-health="TROUBLED"]'));
      }, `[data-table="${id}"]`);
      await settled(page, id);
      const healths = await table(page, id)
        .locator('[data-row-id] [data-health]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-health')));
      expect(new Set(healths).size <= 1 && (healths.length === 0 || healths[0] === 'TROUBLED')).toBe(true);
    }
    // A health badge explains itself on hover (spec 3: health_support_text).
    await table(page, PS).locator('[data-row-id] [data-health]').first().hover();
    await page
      .getByRole('tooltip')
      .filter({ hasText: /^Troubled/ })
      .waitFor();
    await screenshot(page, 'dashboard-troubled-1280');
    await troubled.click();
    await page.locator('[data-quick-filter="TROUBLED"][aria-pressed="false"]').waitFor();
    await page.waitForFunction(
      (sel) =>
        [...document.querySelectorAll(`${sel} [data-row-id] [data-health]`)].some(
          (e) => e.getAttribute('data-health') !== 'TROUBLED',
        ),
      `[data-table="${PS}"]`,
    );
    await context.close();
  });

  it('pages through the protected systems on the server', async () => {
    const { context, page } = await openPage(browser);
    await openDashboard(page);
    const ps = table(page, PS);
    const firstPage = await ps
      .locator('[data-row-id]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-id')));
    // The shared pager names its buttons for screen readers: "Page 2".
    await ps
      .getByRole('navigation', { name: 'Protected systems pages' })
      .getByRole('button', { name: 'Page 2', exact: true })
      .click();
    await page.waitForFunction(
      ([sel, first]) => document.querySelector(`${sel} [data-row-id]`)?.getAttribute('data-row-id') !== first,
      [`[data-table="${PS}"]`, firstPage[0]] as const,
    );
    await ps.getByText(/^11–20 of [\d,]+$/).waitFor();
    // The page is in the url, under the table's prefix (a reload or a shared link keeps it).
    expect(new URL(page.url()).searchParams.get('systems.page')).toBe('2');
    const second = await ps
      .locator('[data-row-id]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-id')));
    expect(second).toHaveLength(10);
    expect(second.some((id) => firstPage.includes(id))).toBe(false);
    // The vault table fits one page: no pagination.
    expect(await table(page, VAULTS).getByRole('navigation').count()).toBe(0);
    await context.close();
  });

  it('a protected system name opens the device sidebar', async () => {
    const { context, page } = await openPage(browser);
    await openDashboard(page);
    const first = table(page, PS).locator('[data-device]').first();
    const id = await first.getAttribute('data-device');
    await first.click();
    const link = page.getByRole('dialog').getByRole('link', { name: 'Open the device page' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/device/details/${id}`);
    await context.close();
  });

  it('a changed refresh rate survives a reload', async () => {
    const { context, page } = await openPage(browser);
    await openDashboard(page);
    const select = page.locator('input[aria-label="Refresh rate"]');
    const saved = page.waitForResponse(
      (r) => r.url().includes('/reseller/update_user_refresh_rate/5') && r.ok(),
    );
    await select.click();
    await page.getByRole('option', { name: 'Every 5 minutes' }).click();
    await saved;
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.waitForFunction(
      () =>
        (document.querySelector('input[aria-label="Refresh rate"]') as HTMLInputElement | null)?.value ===
        'Every 5 minutes',
    );
    // Back to the recommended hour for the other tests.
    const back = page.waitForResponse(
      (r) => r.url().includes('/reseller/update_user_refresh_rate/60') && r.ok(),
    );
    await select.click();
    await page.getByRole('option', { name: 'Every 60 minutes (recommended)' }).click();
    await back;
    await context.close();
  });

  it('Add client creates a client that then shows on the dashboard', async () => {
    const { context, page } = await openPage(browser);
    await openDashboard(page);
    const clients = page.locator('[data-glance="clients"]').locator('xpath=..').locator('p').last();
    const before = Number((await clients.textContent())?.replace(/,/g, ''));
    await page.getByRole('button', { name: 'Add client' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const name = `E2E Client ${Date.now()}`;
    await dialog.getByLabel('Name', { exact: false }).first().fill(name);
    await dialog
      .getByRole('button', { name: /save|create|add/i })
      .first()
      .click();
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForFunction(
      ([n]) => {
        const el = document.querySelector('[data-glance="clients"]')?.parentElement?.querySelectorAll('p');
        return el && Number(el[el.length - 1]?.textContent?.replace(/,/g, '')) === n;
      },
      [before + 1] as const,
    );
    // The new client is a value of the protected-systems table's client filter.
    await table(page, PS).locator('[data-filter="client_id"]').click();
    await page.getByRole('option', { name }).waitFor();
    await context.close();
  });

  it('fits a phone: the tables scroll inside their cards, the page does not scroll sideways', async () => {
    const { context, page } = await openPage(browser, PHONE);
    await openDashboard(page);
    const sizes = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(sizes.scroll).toBeLessThanOrEqual(sizes.client);
    await screenshot(page, 'dashboard-reseller-390');
    await context.close();
  });
});

describe('other users', () => {
  it("the provider's staff open a reseller's dashboard; another reseller is told it does not exist", async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, 'reseller');
    const me = await page.evaluate(async () => {
      const r = await fetch('/api/session', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
      return (await r.json()).user as { organisationId: number; organisationName: string };
    });
    await context.close();

    const staff = await openPage(browser);
    await signIn(staff.page, 'staff');
    await staff.page.goto(`/reseller/details/${me.organisationId}`);
    await staff.page.getByRole('heading', { level: 1, name: me.organisationName }).waitFor();
    await settled(staff.page, PS);
    await staff.context.close();

    const other = await openPage(browser);
    await signIn(other.page, 'reseller2');
    await other.page.goto(`/reseller/details/${me.organisationId}`);
    await other.page.getByText('The dashboard could not be loaded').waitFor();
    await other.page.getByText('This reseller was not found.').waitFor();
    expect(await other.page.locator('[data-row-id]').count()).toBe(0);
    await other.context.close();
  });
});

describe("a client's page", () => {
  it('shows the same tables scoped to the client', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, 'client');
    await page.waitForURL('**/home/clients');
    const id = 'client_protected_systems_table';
    await settled(page, id);
    expect(await table(page, id).locator('[data-row-id]').count()).toBeGreaterThan(0);
    // One client's page: no client column, and its own name as the title.
    const headers = await table(page, id).locator('th').allTextContents();
    expect(headers).not.toContain('Client');
    expect(headers).toContain('Last restore point');
    await screenshot(page, 'client-page-1280');
    await context.close();
  });
});
