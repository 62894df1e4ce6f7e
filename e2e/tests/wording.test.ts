import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, navTabs, openPage, screenshot, signIn } from '../support/browser';
import { organisationId } from '../support/session';

// What a person reads on every page is sentences and the product's own names: no codes, no "(s)",
// no raw JSON, no settings of the server (issue 24 section 4). The walk opens each tab of each
// demo account and a details page of each kind, and fails on the patterns below with the page
// and the text that matched. (The reports tab and the recovery wizard have walks of their own.)

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WIDE = { width: 1440, height: 900 };

/** [what it is, the pattern]: each is something the person should never have to decode. */
const INTERNAL: [string, RegExp][] = [
  ['a plural written as "(s)"', /\w\(s\)/],
  ['an operating system code', /\b(WINDOWS|LINUX|MAC_OS_X|WINDOWS_SERVER)\b/],
  // A Windows stop code with its number (an AutoVerify result) is what the technician looks up.
  ['a constant', /\b[A-Z]{2,}(_[A-Z0-9]+)+\b(?! \(0x)/],
  ['a type number', /\(type \d+\)/i],
  [
    'an audit action code',
    /\b(session|mfa|settings|failover|azure|share|ftps|recovery|client|reseller|user|autoverify|report|appliance|vault|device|entities|inventory)\.[a-z]+(_[a-z]+)*\b(?!\.|@)/,
  ],
  ['raw JSON', /[{[]\s*"[a-z_]+"\s*:/],
  ['a server setting', /\bLIFEBOAT_[A-Z_]+\b/],
  ['a programming value', /\b(undefined|NaN)\b|\[object Object\]/],
  ['an ISO timestamp', /\b\d{4}-\d\d-\d\dT\d\d:\d\d/],
  ['a month/day date', /(^|\s)\d{1,2}\/\d{1,2}(\s|$)/m],
  ['the word "Suppress"', /\bSuppress/],
];

/** Every text match of the page, with what it is. */
export async function offences(page: Page, where: string): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  const found: string[] = [];
  for (const [what, re] of INTERNAL) {
    const m = text.match(re);
    if (m) {
      const at = m.index ?? 0;
      found.push(
        `${where}: ${what}: "${text.slice(Math.max(0, at - 30), at + m[0].length + 30).replace(/\s+/g, ' ')}"`,
      );
    }
  }
  return found;
}

/** The page has loaded what it shows: nothing busy, no skeleton left. */
async function quiet(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        !document.querySelector('[aria-busy="true"], .mantine-Skeleton-root') &&
        document.querySelector('main, [role="main"], h1') !== null,
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => undefined);
}

/** Open each main tab, then the first details link of the tab's table. */
async function walk(page: Page, user: string): Promise<string[]> {
  const found: string[] = [];
  for (const tab of await navTabs(page)) {
    if (tab === 'reports') continue;
    await page.goto(`/home/${tab}`);
    await quiet(page);
    found.push(...(await offences(page, `${user} /home/${tab}`)));
    const details = page.locator('a[href*="/details/"]').first();
    if ((await details.count()) > 0) {
      const href = (await details.getAttribute('href')) ?? '';
      await page.goto(href);
      await quiet(page);
      found.push(...(await offences(page, `${user} ${href}`)));
    }
  }
  for (const path of ['/audit', '/account/security']) {
    await page.goto(path);
    await quiet(page);
    found.push(...(await offences(page, `${user} ${path}`)));
  }
  if (user === 'reseller') {
    await page.goto('/audit');
    await quiet(page);
    for (const width of [1440, 768, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, `wording-audit-${width}`);
    }
    await page.setViewportSize(WIDE);
  }
  return found;
}

describe('words on screen', () => {
  for (const user of ['reseller', 'staff', 'distributor', 'client']) {
    it(`shows ${user} sentences and names, never internal words`, async () => {
      const { context, page } = await openPage(browser, WIDE);
      await signIn(page, user);
      expect(await walk(page, user)).toEqual([]);
      await context.close();
    }, 180_000);
  }

  it('asks for an audit log object in the words the log shows, and filters by them', async () => {
    const { context, page } = await openPage(browser, WIDE);
    await signIn(page, 'reseller');
    // An audited change with an object, whatever ran before: the reseller's alert rule saved as
    // it is (its own rule again, or none again).
    const xhr = { 'x-requested-with': 'XMLHttpRequest' };
    const { csrfToken } = (await (await page.request.get('/api/session', { headers: xhr })).json()) as {
      csrfToken: string;
    };
    const rulePath = `/api/alerts/reseller_rule/${await organisationId(page)}`;
    const current = (await (await page.request.get(rulePath, { headers: xhr })).json()) as {
      source: string;
      rule: unknown;
    };
    const saved = await page.request.post(rulePath, {
      headers: { ...xhr, 'x-csrf-token': csrfToken },
      data: { rule: current.source === 'own' ? current.rule : null },
    });
    expect(saved.status()).toBe(200);
    await page.goto('/audit');
    const filter = page.getByLabel('Object', { exact: true });
    expect(await filter.getAttribute('placeholder')).toBe('e.g. System 12');
    const table = page.getByRole('table', { name: 'Audit log' });
    const objects = async () =>
      (await table.locator('tbody tr td:nth-child(5)').allInnerTexts()).map((t) => t.trim());
    await expect.poll(async () => (await objects()).some((o) => /^\D+ \d+$/.test(o))).toBe(true);
    const shown = (await objects()).find((o) => /^\D+ \d+$/.test(o)) ?? '';
    // The filter as it first shows.
    for (const width of [1440, 768, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, `wording-audit-object-${width}`);
    }
    await page.setViewportSize(WIDE);
    // Typed as a person reads it, in any case.
    await filter.fill(shown.toLowerCase());
    await filter.press('Enter');
    await page.waitForURL(/object=/);
    await expect
      .poll(async () => {
        const now = await objects();
        return now.length > 0 && now.every((o) => o === shown);
      })
      .toBe(true);
    await context.close();
  });

  it('tells a reseller how to get the agent, not how to configure the server', async () => {
    const { context, page } = await openPage(browser, WIDE);
    await signIn(page, 'reseller');
    await page.waitForURL('**/home/reseller-dashboard');
    await page.getByRole('button', { name: 'Download agent' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await quiet(page);
    expect(await offences(page, 'Download agent')).toEqual([]);
    await context.close();
  });
});
