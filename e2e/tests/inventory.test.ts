import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { launchBrowser, openPage, PHONE, screenshot, signIn } from '../support/browser';

// The device inventory (issue 5 part A): rows 40 at a time as the user scrolls, and a VM action
// that runs as an operation on the simulated fabric and changes its row.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const rows = (page: Page) => page.locator('table[aria-label="Devices"] tbody tr');

async function waitForRowCount(page: Page, predicate: (n: number) => boolean, timeout = 10_000) {
  let n = 0;
  await expect
    .poll(
      async () => {
        n = await rows(page).count();
        return predicate(n);
      },
      { timeout, message: 'row count' },
    )
    .toBe(true);
  return n;
}

/** The row of the first VM in `state` whose menu offers `action`, or throws. */
async function vmRow(page: Page, state: string): Promise<{ row: Locator; name: string }> {
  const row = rows(page)
    .filter({ has: page.getByTestId('vm-state').getByText(state, { exact: true }) })
    .first();
  await row.waitFor();
  const name = (await row.getByRole('link').first().textContent()) ?? '';
  return { row, name };
}

describe('device inventory', () => {
  it('scrolling loads the next 40 rows', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, 'reseller');
    await page.goto('/home/devices');
    await page.getByRole('heading', { level: 1, name: 'Devices' }).waitFor();
    const total = Number(await page.getByTestId('count-PROTECTED').textContent());
    expect(total).toBeGreaterThan(40);
    expect(await waitForRowCount(page, (n) => n > 0)).toBe(40);
    await expect(page.getByTestId('inventory-shown').textContent()).resolves.toBe(
      '40 shown, scroll for more',
    );
    await screenshot(page, 'inventory-reseller-1280');

    // Scrolling to the end of the first 40 loads the next 40, and only those: the end is then 40
    // rows below the screen. (A longer scroll may reach that end too and load a third page.)
    await page.getByTestId('inventory-shown').scrollIntoViewIfNeeded();
    const after = await waitForRowCount(page, (n) => n > 40);
    expect(after).toBe(Math.min(80, total));
    // Page two continues the order of page one: names still ascending, no device twice.
    const links = await rows(page)
      .locator('a')
      .evaluateAll((as) => as.map((a) => ({ href: a.getAttribute('href'), name: a.textContent ?? '' })));
    expect(links).toHaveLength(after);
    expect(new Set(links.map((l) => l.href)).size).toBe(after);
    const names = links.map((l) => l.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase(), 'en')));
    expect(await seriousViolations(page)).toEqual([]);
    // The end again: the next page, up to the last device.
    if (total > after) {
      await page.getByTestId('inventory-shown').scrollIntoViewIfNeeded();
      expect(await waitForRowCount(page, (n) => n > after)).toBe(Math.min(after + 40, total));
    }
    await context.close();
  });

  it('downloads the tab as CSV with the session cookie alone', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, 'reseller');
    await page.goto('/home/devices?tab=SERVER');
    const link = page.getByRole('link', { name: 'Download CSV' });
    await waitForRowCount(page, (n) => n > 0);
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toBe('/devices/download?type=SERVER');
    const res = await context.request.get(href);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^text\/csv/);
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines[0]).toContain('Name,Client,Type');
    expect(lines.length - 1).toBe(Number(await page.getByTestId('count-SERVER').textContent()));
    await context.close();
  });

  it('a VM action changes its row', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, 'reseller');
    await page.goto('/home/devices?tab=VIRTUALIZED');
    await page.getByRole('tab', { name: /Virtualized/, selected: true }).waitFor();
    const { row, name } = await vmRow(page, 'Stopped');
    await screenshot(page, 'inventory-virtualized-1280');

    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Resume virtual machine' }).click();
    // The operation runs on the simulated fabric; the row follows it to Running.
    const same = rows(page).filter({ has: page.getByRole('link', { name, exact: true }) });
    await same.getByTestId('vm-state').getByText('Running', { exact: true }).waitFor({ timeout: 15_000 });
    await page.getByText('Resume: done').waitFor();

    // Running now, so it can be stopped again (and the demo is left as it was).
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    const menu = page.getByRole('menu');
    // The menu opens after the click (allTextContents does not wait for it).
    await expect
      .poll(() => menu.getByRole('menuitem').allTextContents())
      .toEqual(['Details', 'Stop virtual machine', 'Discard virtual machine']);
    await menu.getByRole('menuitem', { name: 'Stop virtual machine' }).click();
    await same.getByTestId('vm-state').getByText('Stopped', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await row.isVisible()).toBe(true);
    await context.close();
  });

  it('opens one client’s virtual machines at /dashboardumc/inventory/{clientId}/VIRTUALIZED', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, 'reseller');
    const xhr = { 'x-requested-with': 'XMLHttpRequest' };
    const { csrfToken } = await (await context.request.get('/api/session', { headers: xhr })).json();
    const list = await context.request.get('/device/device_summary/1', {
      headers: { ...xhr, 'x-csrf-token': csrfToken },
    });
    const vms: { client_id: number; client_name: string }[] = (await list.json()).rows;
    const clientId = vms[0]?.client_id;
    expect(clientId).toBeDefined();
    await page.goto(`/dashboardumc/inventory/${clientId}/VIRTUALIZED`);
    await page.getByRole('heading', { level: 1, name: 'Client devices' }).waitFor();
    await page.getByRole('tab', { name: /Virtualized/, selected: true }).waitFor();
    const expected = vms.filter((v) => v.client_id === clientId).length;
    expect(await waitForRowCount(page, (n) => n === expected)).toBe(expected);
    expect(new Set(await rows(page).locator('td:nth-child(2)').allTextContents())).toEqual(
      new Set([vms[0]?.client_name]),
    );
    await context.close();
  });

  it('fits a phone without horizontal scrolling', async () => {
    const { context, page } = await openPage(browser, PHONE);
    await signIn(page, 'reseller');
    await page.goto('/home/devices');
    await waitForRowCount(page, (n) => n > 0);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'inventory-reseller-390');
    await context.close();
  });
});
