import type { AlertListAnswer, AlertRow, AlertTimelineAnswer } from '@lifeboat/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { DESKTOP, launchBrowser, openPage, screenshotsAtWidths, settled, signIn } from '../support/browser';
import { apiGet } from '../support/devices';

// Issue 27.5 in the browser: a reseller follows the dashboard's open-alert count to the Alerts
// page, opens an alert's timeline and acknowledges it; the provider's staff land on the fleet home
// and go from a critical alert to its device, which shows its open alerts.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * The newest open alert of the signed-in user (filter: extra query keys). The evaluation runs when
 * the server starts and every minute after: a fresh server may need one run first.
 */
async function newestOpen(page: Page, filter = ''): Promise<AlertRow> {
  for (let i = 0; i < 90; i++) {
    const a = await apiGet<AlertListAnswer>(page, `/api/alerts/list?state=open${filter}`);
    if (a.content[0]) return a.content[0];
    await page.waitForTimeout(1000);
  }
  throw new Error('no open alert after 90 s');
}

// A fresh server's first evaluation may still be coming, and six screenshots take a while.
describe('Alerts', { timeout: 240_000 }, () => {
  it('a reseller sees an alert, opens its timeline and acknowledges it', async () => {
    const { context, page } = await openPage(browser, DESKTOP);
    await signIn(page, 'reseller');
    const alert = await newestOpen(page);
    const count = page.getByTestId('open-alerts-link');
    await count.waitFor();
    expect(await count.textContent()).toMatch(/\d+\+? open alerts?/);
    await count.click();
    await page.waitForURL('**/home/alerts?state=open');
    const row = page.locator(`tr[data-alert="${alert.id}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain(alert.subject_name);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshotsAtWidths(page, 'alerts-page');

    await row.getByRole('button', { name: /^Timeline of / }).click();
    await page.waitForURL(`**/home/alerts?state=open&alert=${alert.id}`);
    const drawer = page.getByRole('dialog');
    await drawer.locator('[data-event="opened"]').first().waitFor();
    await drawer.getByText('Still holding').waitFor();
    // The drawer slides in over a fading overlay: axe reads colours once it has stopped.
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshotsAtWidths(page, 'alerts-timeline');

    await drawer.getByLabel('Note for the others (optional)').fill('Looking at it now.');
    await drawer.getByRole('button', { name: 'Acknowledge' }).click();
    await drawer.locator('[data-event="acknowledged"]').waitFor();
    await drawer.getByText('“Looking at it now.”').waitFor();
    expect(await drawer.getByRole('button', { name: 'Acknowledge' }).count()).toBe(0);
    const after = await apiGet<AlertTimelineAnswer>(page, `/api/alerts/alert/${alert.id}`);
    expect(after.alert.state).toBe('acknowledged');
    expect(after.alert.acknowledged_by).toBeTruthy();
    expect(after.events.at(-1)).toMatchObject({ kind: 'acknowledged', note: 'Looking at it now.' });
    await screenshotsAtWidths(page, 'alerts-acknowledged');
    // Closed, the list (still asking for open alerts) no longer holds it.
    await page.keyboard.press('Escape');
    await row.waitFor({ state: 'detached' });
    await context.close();
  });

  it('staff land on the fleet home and reach a critical alert’s device in one click', async () => {
    const { context, page } = await openPage(browser, DESKTOP);
    await signIn(page, 'staff');
    await page.waitForURL('**/home/fleet');
    await newestOpen(page, '&severity=critical');
    const ranking = page.getByRole('table', { name: 'Resellers by open alerts' });
    await ranking.locator('tbody tr[data-reseller]').first().waitFor();
    const critical = page.getByRole('table', { name: 'Newest critical alerts' });
    await critical.locator('tbody tr[data-alert]').first().waitFor();
    await page
      .getByRole('heading', { name: 'Approvals waiting for you' })
      .or(page.getByTestId('approval-requests'))
      .first()
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshotsAtWidths(page, 'fleet-home');

    const device = critical.locator('a[href^="/device/details/"]').first();
    const href = await device.getAttribute('href');
    await device.click();
    await page.waitForURL(`**${href}`);
    await page.getByTestId('system-alerts').waitFor();
    await context.close();
  });
});
