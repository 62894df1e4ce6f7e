import { type SessionResponse, visibleTabs } from '@lifeboat/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import {
  currentTab,
  DEMO_PASSWORD,
  DESKTOP,
  launchBrowser,
  navTabs,
  openPage,
  PHONE,
  screenshot,
  submitLogin,
  TABLET,
} from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// The five demo accounts of the generated fleet and where each one lands after signing in.
const ACCOUNTS = [
  { username: 'distributor', landing: '/home/fleet', tab: 'fleet' },
  { username: 'staff', landing: '/home/fleet', tab: 'fleet' },
  { username: 'reseller', landing: '/home/reseller-dashboard', tab: 'reseller-dashboard' },
  { username: 'reseller2', landing: '/home/reseller-dashboard', tab: 'reseller-dashboard' },
  { username: 'client', landing: '/home/clients', tab: 'clients' },
] as const;

describe.each(ACCOUNTS)('$username', ({ username, landing, tab }) => {
  it('signs in, lands on its home page and sees exactly its tabs', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/');
    await page.waitForURL('**/login');
    const [res] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/session') && r.request().method() === 'POST'),
      submitLogin(page, username, DEMO_PASSWORD),
    ]);
    expect(res.status()).toBe(200);
    const { user } = (await res.json()) as SessionResponse;

    await page.waitForURL(`**${landing}`);
    expect(new URL(page.url()).pathname).toBe(landing);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await navTabs(page)).toEqual(visibleTabs(user));
    expect(await currentTab(page)).toBe(tab);

    // The header names the organisation and the user.
    const header = page.locator('header');
    expect(await header.getByText(user.organisationName, { exact: true }).isVisible()).toBe(true);
    expect(await header.getByText(user.name, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);

    expect(await seriousViolations(page)).toEqual([]);

    await screenshot(page, `shell-${username}-1280`);
    for (const [name, viewport] of [
      ['700', TABLET],
      ['390', PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `horizontal overflow at ${name} px`).toBeLessThanOrEqual(0);
      await screenshot(page, `shell-${username}-${name}`);
    }
    await page.setViewportSize(DESKTOP);
    await context.close();
  });
});
