import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, openPage, screenshotsAtWidths, signIn } from '../support/browser';
import { apiGet } from '../support/devices';

// The alert rule's routing (issue 27.3): a reseller chooses an hourly digest, critical alerts
// only, quiet hours in its time zone, no webhooks, and a reminder every 12 hours while nobody has
// acknowledged an alert; the rule is saved and reads back so.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface RuleAnswer {
  source: string;
  rule: { recipients: string[]; routing: Record<string, unknown> };
}

describe('Alert rule routing', () => {
  it('saves an hourly digest with quiet hours and no webhooks', async () => {
    const { page } = await openPage(browser, DESKTOP);
    await signIn(page, 'reseller2');
    const me = await apiGet<{ user: { organisationId: number } }>(page, '/api/session');
    const id = me.user.organisationId;
    await page.goto(`/settings/reseller_settings/view/${id}`);
    await page.getByRole('tab', { name: 'Alert rule' }).click();
    await page.getByText('What raises an alert').waitFor();
    const addresses = page.getByRole('combobox', { name: 'E-mail addresses' });
    await addresses.fill('oncall@msp.example');
    await addresses.press('Enter');
    await page.getByLabel('One digest an hour, with every change since the last one').check();
    await page
      .getByRole('textbox', { name: 'E-mail about' })
      .or(page.getByRole('combobox', { name: 'E-mail about' }))
      .first()
      .click();
    await page.getByRole('option', { name: 'Critical alerts only' }).click();
    await page.getByLabel(/^Quiet hours: hold e-mail/).check();
    await page.getByLabel('Quiet from').fill('21:30');
    await page.getByLabel('Post nothing').check();
    await page.getByLabel('Remind every … hours while nobody has acknowledged it').fill('12');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Alert rule saved').waitFor();
    await page.getByTestId('rule-source').getByText('Set for this reseller').waitFor();
    await page
      .getByRole('button', { name: 'Close' })
      .first()
      .click({ timeout: 2_000 })
      .catch(() => {});
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshotsAtWidths(page, 'alert-rule-routing');
    const saved = await apiGet<RuleAnswer>(page, `/api/alerts/reseller_rule/${id}`);
    expect(saved.source).toBe('own');
    expect(saved.rule.recipients).toEqual(['oncall@msp.example']);
    expect(saved.rule.routing).toMatchObject({
      email: 'hourly',
      email_min_severity: 'critical',
      webhooks: 'none',
      quiet_hours: { start: '21:30', end: '07:00' },
      remind_hours: 12,
    });

    // Back to the default, after a confirmation.
    await page.getByRole('button', { name: 'Back to the default' }).click();
    await page.getByRole('button', { name: 'Go back to the default' }).click();
    await page.getByTestId('rule-source').getByText('Default').waitFor();
    await page.close();
  });
});
