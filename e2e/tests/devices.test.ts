import type { DeviceActionsAnswer, LastAutoVerifyAnswer } from '@lifeboat/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import {
  DESKTOP,
  launchBrowser,
  openPage,
  PHONE,
  SCREENSHOTS,
  screenshot,
  signIn,
  TABLET,
} from '../support/browser';
import { apiGet, findActionableDevice } from '../support/devices';
import { logRequests } from '../support/network';

// Issue 4: the device page and its actions in a real browser against the demo fleet.

/** The web app's polling of a running operation (web/src/api/useOperation.ts OPERATION_POLL_MS). */
const OPERATION_POLL_MS = 1500;

let browser: Browser;
let page: Page;
let device: { id: number; name: string };

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await openPage(browser, DESKTOP));
  await signIn(page, 'reseller');
  device = await findActionableDevice(page);
});
afterAll(async () => {
  await browser?.close();
});

async function openDevicePage(p: Page) {
  await p.goto(`/device/details/${device.id}`);
  await p.getByRole('heading', { level: 1, name: device.name }).waitFor();
  await p.getByTestId('job-history').locator('tbody tr').first().waitFor();
}

describe('device sidebar', () => {
  it('opens a protected system from the dashboard, then expands to the page', async () => {
    await page.goto('/home/reseller-dashboard');
    const names = page.locator('[data-table="reseller_protected_systems_table"] [data-device]');
    // The dashboard lists the reseller's systems: an empty list is a failure, not a skip.
    const first = names.first();
    await first.waitFor({ timeout: 15_000 });
    const id = await first.getAttribute('data-device');
    const name = (await first.textContent())?.trim() ?? '';
    await first.click();
    const sidebar = page.getByTestId('device-sidebar');
    await sidebar.getByRole('heading', { name }).waitFor();
    await sidebar.getByTestId('device-actions').waitFor();
    await sidebar.getByTestId('job-history').locator('tbody tr').first().waitFor();
    await screenshot(page, 'device-sidebar');
    expect(await seriousViolations(page)).toEqual([]);
    await sidebar.getByRole('link', { name: 'Open the device page' }).click();
    await page.waitForURL(`**/device/details/${id}`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    // Navigation closed the sidebar.
    await sidebar.waitFor({ state: 'detached' });
  });
});

describe('device details page', () => {
  it('shows every card, and a job’s details from the job history', async () => {
    await openDevicePage(page);
    for (const id of [
      'device-info',
      'actions-card',
      'device-details',
      'protection-summary',
      'geo-summary',
      'health-history',
    ])
      await page.getByTestId(id).waitFor();
    await screenshot(page, 'device-page-desktop');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('job-history').locator('tbody tr').first().getByRole('button').click();
    const modal = page.getByRole('dialog', { name: 'Job details' });
    await modal.getByTestId('job-details').waitFor();
    expect(await modal.getByText('Started').count()).toBeGreaterThan(0);
    await page.screenshot({ path: `${SCREENSHOTS}/device-job-details.png` });
    // The same details as a page (/job/details/{id}).
    await modal.getByRole('link', { name: 'Open as a page' }).click();
    await page.waitForURL('**/job/details/*');
    await page.getByTestId('job-details').waitFor();
    await screenshot(page, 'device-job-page');
    await openDevicePage(page);
    await page.getByRole('button', { name: 'Legend' }).click();
    await page.getByRole('dialog', { name: 'Job legend' }).getByText('Manually Paused').waitFor();
    await page.keyboard.press('Escape');
  });

  it('runs a cloud AutoVerify: disabled while queued, the new result arrives', async () => {
    await openDevicePage(page);
    const before = await apiGet<LastAutoVerifyAnswer>(page, `/device/get_last_autoverify_data/${device.id}`);
    const run = page.getByRole('button', { name: /Run cloud AutoVerify|AutoVerify queued/ });
    await run.click();
    await page.getByText('AutoVerify finished').waitFor({ timeout: 30_000 });
    const after = await apiGet<LastAutoVerifyAnswer>(page, `/device/get_last_autoverify_data/${device.id}`);
    expect(after.ok).toBe(true);
    expect(after.data?.end_time ?? 0).toBeGreaterThan(before.data?.end_time ?? 0);
    // The block shows the new result; the modal has the result header.
    await page.getByRole('button', { name: 'Run cloud AutoVerify' }).waitFor();
    // (A run that never showed a screen has no screenshot to click: the header button always works.)
    await page.getByTestId('autoverify-card').getByRole('button', { name: 'Last result' }).click();
    await page.getByTestId('autoverify-result-icon').waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/device-autoverify-modal.png` });
    await page.keyboard.press('Escape');
  });

  it('sits quiet after an AutoVerify: no more requests than its polling allows', async () => {
    // Issue 18: after a run the actions card refreshed everything again and again.
    const { context, page: p } = await openPage(browser, DESKTOP);
    await signIn(p, 'reseller');
    await openDevicePage(p);
    const requests = logRequests(p);
    await p.getByRole('button', { name: 'Run cloud AutoVerify' }).click();
    await p.getByText('AutoVerify finished').waitFor({ timeout: 30_000 });
    await p.getByRole('button', { name: 'Run cloud AutoVerify' }).waitFor();
    // The refresh after the run settles (a loop never would)...
    await requests.settled();
    const afterRun = requests.seen.length;
    // ...then a minute on the page's own (fake) clock: a finished run polls nothing, and nothing
    // may ask more often than the operation's polling interval would.
    await p.clock.install();
    await p.clock.runFor(60_000);
    await requests.settled();
    const idle = requests.seen.slice(afterRun);
    expect(idle.length, idle.join('\n')).toBeLessThanOrEqual(60_000 / OPERATION_POLL_MS);
    expect(idle.filter((r) => r.includes('/api/operations/'))).toEqual([]);
    await context.close();
  });

  it('switches geo-plus on and off, with a confirmation, shown in the geo summary', async () => {
    await openDevicePage(page);
    const geo = page.getByTestId('geo-status');
    await geo.waitFor();
    const wasOn = (await geo.textContent()) !== 'Off';
    const sw = page.getByRole('switch', { name: 'Geo-plus' });
    const toggle = async (on: boolean) => {
      const a = await apiGet<DeviceActionsAnswer>(page, `/device/get_device_actions/${device.id}`);
      // With every actionability check: nothing (such as a closing modal's overlay) may be in the way.
      await sw.click();
      // Switching off always asks; switching on unless the server disables the confirmation.
      if (!on || !a.geoConfirmationDisabled) {
        const dialog = page.getByRole('dialog', {
          name: on ? 'Switch on geo-plus?' : 'Switch off geo-plus?',
        });
        await dialog.getByRole('button', { name: on ? 'Switch on' : 'Switch off' }).click();
        // The next step starts once the confirmation has gone, as a person's next click would.
        await dialog.waitFor({ state: 'hidden' });
      }
      await page
        .getByText(on ? 'Geo-plus switched on' : 'Geo-plus switched off')
        .first()
        .waitFor();
      await expect.poll(() => sw.isChecked()).toBe(on);
    };
    await toggle(!wasOn);
    await expect.poll(async () => (await geo.textContent()) === 'Off').toBe(wasOn);
    await toggle(wasOn);
    await expect.poll(async () => (await geo.textContent()) === 'Off').toBe(!wasOn);
  });

  it('changes the backup threshold and shows it in the protection summary', async () => {
    await openDevicePage(page);
    await page.getByRole('button', { name: 'Alert settings' }).click();
    const dialog = page.getByRole('dialog', { name: /Alert settings/ });
    const hours = dialog.getByLabel('Alert after (hours)');
    await hours.fill('1');
    await dialog.getByText('Enter a whole number of hours between 2 and 8760.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await hours.fill('12');
    await expect.poll(() => dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(false);
    await page.screenshot({ path: `${SCREENSHOTS}/device-alert-settings.png` });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('threshold-backup').textContent()).toBe('Alert after 12 hours');
  });

  it.each([
    ['tablet', TABLET],
    ['phone', PHONE],
  ] as const)('fits a %s screen with the mobile slots', async (name, viewport) => {
    const { context, page: p } = await openPage(browser, viewport);
    await signIn(p, 'reseller');
    await openDevicePage(p);
    const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // Mobile slots: the actions come before the AutoVerify block.
    const order = await p.evaluate(() => {
      const top = (id: string) =>
        document.querySelector(`[data-testid="${id}"]`)?.getBoundingClientRect().top ?? -1;
      return top('actions-card') < top('health-history');
    });
    expect(order).toBe(true);
    await screenshot(p, `device-page-${name}`);
    await context.close();
  });
});
