import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import './provided';

export const CHROMIUM = '/usr/bin/chromium';
export const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

// Debian's Chromium, headless, with nothing running in the background. Playwright gives every
// launch a fresh temporary profile (user-data-dir) and deletes it on close.
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export function baseUrl(): string {
  return inject('baseUrl');
}

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM))
    throw new Error(`Chromium is missing at ${CHROMIUM} (apt-get install chromium).`);
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
}

export interface Viewport {
  width: number;
  height: number;
}

export const DESKTOP: Viewport = { width: 1280, height: 800 };
export const TABLET: Viewport = { width: 700, height: 900 };
export const PHONE: Viewport = { width: 390, height: 844 };
export const SMALL_PHONE: Viewport = { width: 360, height: 740 };

/** A fresh context (no cookies) with one page on the console. */
export async function openPage(
  browser: Browser,
  viewport: Viewport = DESKTOP,
  options: { reducedMotion?: 'reduce' | 'no-preference' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport, locale: 'en-GB', ...options });
  const page = await context.newPage();
  return { context, page };
}

export const DEMO_PASSWORD = 'demo';

/** Fills and sends the login form; the page must show it. */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('User name').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in from the login page and waits until the shell shows its tabs. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login');
  await submitLogin(page, username, password);
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}

/**
 * Every transition and animation has ended (a dialog faded in, a menu opened); an endless one (a
 * striped progress bar, a loader) never ends and is taken as it is.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) =>
          a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
      ),
  );
}

/** Saves a full-page screenshot into e2e/screenshots/ (gitignored) for people to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  // Let fonts, transitions and lazy pages settle so the picture shows the finished screen.
  await page.evaluate(() => document.fonts.ready);
  await settled(page);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** The widths every touched screen is looked at (1440, 768 and 390 px). */
export const LOOK_WIDTHS = [1440, 768, 390] as const;

/**
 * Screenshots `name-1440`, `name-768` and `name-390` of the page as it is, `check` run at each
 * width first (an overflow or axe check), then back at 1440 px.
 */
export async function screenshotsAtWidths(
  page: Page,
  name: string,
  check?: (width: number) => Promise<void>,
): Promise<void> {
  for (const width of LOOK_WIDTHS) {
    await page.setViewportSize({ width, height: width === 1440 ? 900 : width === 768 ? 1000 : 844 });
    await page.waitForFunction((w) => window.innerWidth === w, width);
    await check?.(width);
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

/** The headers of a call made in the page's own session: the XHR marker and its anti-forgery token. */
export async function sessionHeaders(page: Page): Promise<Record<string, string>> {
  const session = await page.request.get('/api/session', { headers: XHR });
  const { csrfToken } = (await session.json()) as { csrfToken: string };
  return { ...XHR, 'x-csrf-token': csrfToken };
}

/** Paths of the tabs in the main navigation, in order (their data-tab names). */
export async function navTabs(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  return nav
    .locator('a[data-tab]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('data-tab') ?? ''));
}

/** The tab marked as current (aria-current set). */
export async function currentTab(page: Page): Promise<string | null> {
  const current = page.getByRole('navigation', { name: 'Main' }).locator('a[aria-current]');
  return (await current.count()) === 1 ? current.getAttribute('data-tab') : null;
}
