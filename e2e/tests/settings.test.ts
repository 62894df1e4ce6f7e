import type { ProtectionSummaryAnswer } from '@lifeboat/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, openPage, screenshot, signIn } from '../support/browser';
import { apiGet } from '../support/devices';

// Reseller settings (issue 17.4): the local cache threshold is changed at reseller level and seen
// inherited on a device; then the reseller goes back to the default (the demo data as it was).

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('Reseller settings', () => {
  it('changes a threshold at reseller level and a device inherits it', async () => {
    const { context, page } = await openPage(browser, DESKTOP);
    await signIn(page, 'reseller2');
    const me = await apiGet<{ user: { organisationId: number } }>(page, '/api/session');
    // A device whose local cache threshold is not set on it or its client.
    let deviceId = 0;
    for (let id = 1; id <= 400 && !deviceId; id++) {
      const s = await apiGet<ProtectionSummaryAnswer>(
        page,
        `/device/get_device_protection_summary_data/${id}`,
      ).catch(() => null);
      const cache = s?.thresholds.find((t) => t.kind === 'local_cache');
      if (cache && (cache.inherited_from === 'default' || cache.inherited_from === 'reseller')) deviceId = id;
    }
    expect(deviceId).toBeGreaterThan(0);

    await page.goto(`/settings/reseller_settings/view/${me.user.organisationId}`);
    await page.getByRole('tab', { name: 'Alert thresholds' }).waitFor();
    const days = page.getByLabel('Local cache: alert after (days)');
    await days.fill('30');
    await page.getByText('Enter a whole number of days between 1 and 14.').waitFor();
    await days.fill('7');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('source-local_cache').getByText('Set for this reseller').waitFor();
    await screenshot(page, 'reseller-settings-desktop');
    await page.setViewportSize({ width: 768, height: 1000 });
    await screenshot(page, 'reseller-settings-768');
    await page.setViewportSize(DESKTOP);

    await page.goto(`/device/details/${deviceId}`);
    await expect
      .poll(() => page.getByTestId('threshold-local_cache').textContent(), { timeout: 15_000 })
      .toBe('Alert after 7 days');
    await page.getByTestId('protection-summary').getByText('Inherited from the reseller').first().waitFor();

    // Back to the default.
    await page.goto(`/settings/reseller_settings/view/${me.user.organisationId}`);
    await page.getByRole('button', { name: 'Back to the default' }).last().click();
    await page.getByTestId('source-local_cache').getByText('Default').waitFor();
    await context.close();
  }, 90_000);
});
