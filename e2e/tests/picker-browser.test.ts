import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityFindings } from '../support/axe';
import { DESKTOP, launchBrowser, openPage, screenshotsAtWidths, signIn } from '../support/browser';
import { organisationId } from '../support/session';
import { chooseShownDayLastPoint, firstToolToDc01Points, waitForStep } from '../support/wizard';

// Both tool generations show one restore point picker and one file browser (issue 24): the same
// components (same test ids) on the first tool's DC01-ACME (cloud point, drive C:) and on the
// second tool's BK01-ACME (files export), each entry with its size and its last change.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SIZE = /^\d+(\.\d+)? (B|KB|MB|GB|TB)$/;
const WHEN = /\d{4}.*\d{1,2}:\d{2}/;

/** The picker: seven days, some with points, the zone named; its last point chosen. */
async function checkPicker(page: Page, shots: string): Promise<void> {
  const picker = page.getByTestId('restore-point-picker');
  await picker.getByTestId('restore-point').first().waitFor();
  expect(await picker.getByTestId('picker-day').count()).toBe(7);
  expect(await picker.getByTestId('picker-day').and(page.locator(':enabled')).count()).toBeGreaterThan(0);
  expect(await picker.getByTestId('time-zone').textContent()).toMatch(/times in .+/);
  // Keyboard: the shown day takes the focus, the arrows move between days with points.
  const pressed = picker.locator('[data-testid="picker-day"][aria-pressed="true"]');
  await pressed.focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('End');
  expect(await pressed.evaluate((el) => el === document.activeElement)).toBe(true);
  await chooseShownDayLastPoint(page);
  expect(await accessibilityFindings(page, page.getByRole('dialog'))).toEqual([]);
  await screenshotsAtWidths(page, shots);
}

/** The browser: C: > Users > Public, sizes and dates on every entry, the selection's size. */
async function checkBrowser(page: Page, shots: string): Promise<void> {
  const browserBox = page.getByTestId('file-browser');
  const root = browserBox.getByRole('group', { name: 'Folder Restore point' });
  await root.getByText('C:', { exact: true }).click();
  await browserBox.getByRole('group', { name: 'Folder C:' }).getByText('Users', { exact: true }).click();
  await browserBox.getByRole('group', { name: 'Folder Users' }).getByText('Public', { exact: true }).click();
  const folder = browserBox.getByRole('group', { name: 'Folder Public' });
  await folder.getByTestId('entry-size').first().waitFor();
  const entries = folder.getByTestId('browser-entry');
  const sizes = await folder.getByTestId('entry-size').allTextContents();
  const dates = await folder.getByTestId('entry-modified').allTextContents();
  expect(sizes.length).toBeGreaterThan(0);
  expect(dates.length).toBe(await entries.count());
  for (const s of sizes) expect(s).toMatch(SIZE);
  for (const d of dates) expect(d).toMatch(WHEN);
  await folder.getByLabel('Select Outlook.lnk').check();
  expect(await page.getByText('Files selected: 1').isVisible()).toBe(true);
  const size =
    (await folder
      .getByText('Outlook.lnk', { exact: true })
      .locator('..')
      .getByTestId('entry-size')
      .textContent()) ?? '';
  expect(await page.getByTestId('selection-size').textContent()).toBe(`Size: ${size}`);
  expect(await accessibilityFindings(page, page.getByRole('dialog'))).toEqual([]);
  // The column of the chosen file in view at each width, as the person who chose it saw it.
  await screenshotsAtWidths(page, shots, () =>
    folder.getByText('Outlook.lnk', { exact: true }).scrollIntoViewIfNeeded(),
  );
}

describe('one picker and one browser on both tools', () => {
  it('shows the first and the second tool the same picker and browser, with sizes and dates', async () => {
    const { context, page } = await openPage(browser, DESKTOP);
    await signIn(page, 'client');
    const clientId = await organisationId(page);

    // First tool: Appliance and cloud backups > Files and folders > Cloud > DC01-ACME > C:.
    await page.goto(`/home/clients?recover=client:${clientId}`);
    await waitForStep(page, 'recoverToolSelect');
    await page.getByRole('button', { name: 'Appliance and cloud backups' }).click();
    await firstToolToDc01Points(page, 'Cloud (offsite)');
    await checkPicker(page, 'picker-first-tool');
    await page.getByRole('dialog').getByRole('button', { name: 'Next', exact: true }).click();
    await waitForStep(page, 'browse');
    await checkBrowser(page, 'browser-first-tool');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    // Second tool: Direct-to-cloud backups > Files and folders by FTPS > BK01-ACME.
    await page.goto(`/home/clients?recover=client:${clientId}`);
    await waitForStep(page, 'recoverToolSelect');
    await page.getByRole('button', { name: 'Direct-to-cloud backups' }).click();
    await waitForStep(page, 'typeRB');
    await page.getByRole('button', { name: 'Files and folders by FTPS' }).click();
    await waitForStep(page, 'rbSetDevice');
    await page
      .getByRole('dialog')
      .getByRole('row', { name: /BK01-ACME/ })
      .click();
    await waitForStep(page, 'selectRestorePoint');
    await checkPicker(page, 'picker-second-tool');
    await page.getByRole('dialog').getByRole('button', { name: 'Next', exact: true }).click();
    await waitForStep(page, 'rbSelectFiles');
    await checkBrowser(page, 'browser-second-tool');
    await context.close();
  }, 180_000);
});
