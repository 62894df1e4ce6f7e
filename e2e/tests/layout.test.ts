import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, PHONE, screenshot, signIn, type Viewport } from '../support/browser';

// issue 18.9: at 768 px (a tablet) and 390 px (a phone) no element of the main pages is wider
// than the window: tables hide or stack columns or scroll inside their own frame, nothing is
// cut off and the page never scrolls sideways.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const TABLET_768: Viewport = { width: 768, height: 1024 };

/**
 * Elements that stick out of the window, outside any frame that scrolls or clips them on
 * purpose (a table's scroll container, a clipped text). Empty when the page fits.
 */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const clipped = (el: Element): boolean => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (s.overflowX !== 'visible') return true;
      }
      return false;
    };
    const out: string[] = [];
    if (document.documentElement.scrollWidth > vw + 1)
      out.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${vw}`);
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.right <= vw + 1 && r.left >= -1) continue;
      if (getComputedStyle(el).position === 'fixed' || clipped(el)) continue;
      const name = `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''}`;
      out.push(
        `${name} "${(el.textContent ?? '').trim().slice(0, 40)}" ${Math.round(r.left)}..${Math.round(r.right)}`,
      );
    }
    // The dashboard's tables hide or stack columns instead of scrolling sideways in their frame.
    for (const t of document.querySelectorAll('[data-table]'))
      for (const el of [t, ...t.querySelectorAll('*')])
        if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible')
          out.push(`${t.getAttribute('data-table')} scrolls sideways: ${el.scrollWidth} > ${el.clientWidth}`);
    return out.slice(0, 10);
  });
}

/** Waits for the page's data, then checks the fit and keeps a screenshot. */
async function check(page: Page, url: string, ready: string, name: string): Promise<void> {
  await page.goto(url);
  await page.locator(ready).first().waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0);
  await screenshot(page, name);
  expect(await overflowing(page), `${url} at ${name}`).toEqual([]);
}

async function firstHref(page: Page, url: string, prefix: string): Promise<string> {
  await page.goto(url);
  const link = page.locator(`a[href^="${prefix}"]`).first();
  await link.waitFor();
  return (await link.getAttribute('href')) ?? '';
}

describe.each([
  ['768', TABLET_768],
  ['390', PHONE],
])('main pages at %s px', (width, viewport) => {
  it('fit the window: dashboard, devices, clients, a client and a device', async () => {
    const { context, page } = await openPage(browser, viewport);
    await signIn(page, 'reseller');
    await page.waitForURL('**/home/reseller-dashboard');
    await check(
      page,
      '/home/reseller-dashboard',
      '[data-table$="protected_systems_table"] [data-row-id]',
      `layout-dashboard-${width}`,
    );
    await check(page, '/devices/empty_table', '[data-testid^="inventory-row-"]', `layout-devices-${width}`);
    await check(page, '/client/empty_table', 'a[href^="/client/details/"]', `layout-clients-${width}`);
    const client = await firstHref(page, '/client/empty_table', '/client/details/');
    await check(page, client, '[data-table$="protected_systems_table"]', `layout-client-${width}`);
    const device = await firstHref(page, '/devices/empty_table', '/device/details/');
    await check(page, device, '[data-testid="job-history"]', `layout-device-${width}`);
    await context.close();
  });
});
