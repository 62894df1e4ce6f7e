import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, signIn, type Viewport } from '../support/browser';

// The executive summary report (issue 15) as the demo reseller: the first client of the list,
// the builder's default period, generated, previewed, its summary updated and downloaded; the
// PDF's text is read with pdftotext. A monthly schedule to two addresses is saved, edited,
// paused and deleted; staff and distributors choose the reseller first. The screens are shot at
// three widths.

const WIDTHS: Viewport[] = [
  { width: 1440, height: 900 },
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Opens the builder and chooses the first client; answers its name. */
async function chooseClient(page: Page): Promise<string> {
  await page.goto('/home/reports');
  await page.getByRole('button', { name: 'Generate' }).waitFor();
  return chooseFirst(page, 'Choose a client');
}

/** Opens a select by its placeholder and picks its first option; answers the option's text. */
async function chooseFirst(page: Page, placeholder: string): Promise<string> {
  await page.getByPlaceholder(placeholder).click();
  const option = page.getByRole('option').first();
  await option.waitFor();
  const name = (await option.textContent())?.trim() ?? '';
  await option.click();
  return name;
}

/** Generate once the client's creation date has loaded; answers when the preview shows. */
async function generateAndWait(page: Page): Promise<void> {
  const generate = page.getByRole('button', { name: 'Generate' });
  await expect.poll(() => generate.isEnabled(), { timeout: 15_000 }).toBe(true);
  await generate.click();
  await page.getByTitle('Report preview').waitFor({ timeout: 45_000 });
}

/** The text of a downloaded report, read with pdftotext. */
async function downloadedText(page: Page): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download', exact: true }).click(),
  ]);
  const saved = path.join(os.tmpdir(), `lifeboat-e2e-${process.pid}-${Date.now()}-report.pdf`);
  await file.saveAs(saved);
  try {
    return {
      name: file.suggestedFilename(),
      text: execFileSync('pdftotext', [saved, '-'], { encoding: 'utf8' }),
    };
  } finally {
    fs.rmSync(saved, { force: true });
  }
}

/** Types addresses into the e-mail multi-select, each followed by Enter. */
async function typeAddresses(field: Locator, addresses: string[]): Promise<void> {
  for (const a of addresses) {
    await field.fill(a);
    await field.press('Enter');
    await expect.poll(() => field.inputValue()).toBe('');
  }
}

/** Addresses no other test or run uses: each test makes its own schedule. */
const uniqueAddresses = (n: number) => {
  const tag = `${process.pid}-${Date.now()}`;
  return Array.from({ length: n }, (_, i) => `owner${i + 1}-${tag}@example.com`);
};

describe('executive summary report', () => {
  it('a reseller generates a client report, updates its summary and downloads the PDF', async () => {
    const { context, page } = await openPage(browser, WIDTHS[0]!);
    try {
      await signIn(page, 'reseller');
      const client = await chooseClient(page);
      expect(client).not.toBe('');
      await screenshot(page, 'reports-01-options-1440');
      const history = page.getByRole('table', { name: 'Generated reports' }).getByRole('row');
      const none = page.getByText('No report was generated in the history period.');
      await expect.poll(async () => (await history.count()) > 0 || (await none.isVisible())).toBe(true);
      const earlier = await history.count();
      await generateAndWait(page);
      // The new report joins the history below the builder.
      await expect.poll(() => history.count(), { timeout: 15_000 }).toBeGreaterThan(earlier);
      const download = page.getByRole('link', { name: 'Download', exact: true });
      await download.waitFor();
      await screenshot(page, 'reports-02-preview-1440');

      // spec 4: Update shows only once a text or the speed differs from its default.
      const update = page.getByRole('button', { name: 'Update' });
      expect(await update.count()).toBe(0);
      const token = `E2E${Date.now()}`;
      const summary = page.getByLabel('Summary', { exact: true });
      await summary.fill(`Quarterly review ${token}`);
      // spec 5: the summary strips line breaks.
      await summary.press('Enter');
      await summary.pressSequentially('ready');
      await expect.poll(() => summary.inputValue()).toBe(`Quarterly review ${token} ready`);
      await update.waitFor();
      const rowsBefore = await history.count();
      await update.click();
      // The same report is drawn again with the new summary (one report, one history row).
      let file = { name: '', text: '' };
      await expect
        .poll(
          async () => {
            if ((await download.count()) !== 1) return false;
            file = await downloadedText(page).catch(() => file);
            return file.text.includes(token);
          },
          { timeout: 45_000 },
        )
        .toBe(true);
      await page.getByTitle('Report preview').waitFor();
      expect(await history.count()).toBe(rowsBefore);

      expect(file.name).toMatch(/^Executive-summary-.*\.pdf$/);
      expect(file.text).toContain(client);
      expect(file.text).toContain(token);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('a report that failed says so and why, and is tried again from the builder and the history', async () => {
    const { context, page } = await openPage(browser, WIDTHS[0]!);
    try {
      await signIn(page, 'reseller');
      const client = await chooseClient(page);
      // The client's first week, found from the builder's own rule (no report before the client
      // existed): the demo's systems came later, so there is nothing to report and it fails.
      const from = page.getByLabel('From');
      const to = page.getByLabel('To', { exact: true });
      await from.fill('2000-01-01');
      await to.fill('2000-01-10');
      const rule = page.getByRole('alert').filter({ hasText: 'did not exist before' });
      await rule.waitFor();
      const [, m, d, y] = /(\d\d)\/(\d\d)\/(\d{4})/.exec((await rule.textContent()) ?? '') ?? [];
      const first = Date.UTC(Number(y), Number(m) - 1, Number(d));
      const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
      await from.fill(day(first));
      await to.fill(day(first + 6 * 86_400_000));
      const generate = page.getByRole('button', { name: 'Generate' });
      await expect.poll(() => generate.isEnabled(), { timeout: 15_000 }).toBe(true);
      await generate.click();
      const why = 'This client had no protected systems in the period: there is nothing to report.';
      const failed = page.getByRole('alert').filter({ hasText: 'The report cannot be loaded' });
      await failed.getByText(why).waitFor({ timeout: 45_000 });
      await screenshot(page, 'reports-07-failed-1440');

      // The history says Failed and why, never 'pending'; Try again there runs it again.
      const row = page
        .getByRole('table', { name: 'Generated reports' })
        .getByRole('row')
        .filter({ hasText: client })
        .filter({ hasText: `${day(first)} to ${day(first + 6 * 86_400_000)}` });
      await row.getByText('Failed', { exact: true }).waitFor({ timeout: 15_000 });
      expect(await row.textContent()).toContain(why);
      expect(await row.textContent()).not.toMatch(/pending/i);
      expect(await row.count()).toBe(1);
      await row.scrollIntoViewIfNeeded();
      await screenshot(page, 'reports-08-history-failed-1440');
      const accepted = () =>
        page.waitForResponse((r) => r.url().includes('/regenerate/') && r.request().method() === 'POST');
      const [fromHistory] = await Promise.all([
        accepted(),
        row.getByRole('button', { name: /^Try again/ }).click(),
      ]);
      expect(fromHistory.status()).toBe(200);
      // Generated again in place: the same row ends failed again with its reason (the client
      // still had no systems then), never a second row.
      // (The row may still show the first run's Failed for a moment: wait for the new run's
      // end, which says Failed with its reason again.)
      await expect
        .poll(async () => (await row.textContent()) ?? '', { timeout: 45_000 })
        .toMatch(/Failed.*This client had no protected systems/s);
      expect(await row.count()).toBe(1);

      // Try again from the builder: generated again, then the same sentence.
      const [fromBuilder] = await Promise.all([
        accepted(),
        page.getByRole('button', { name: 'Try again', exact: true }).click(),
      ]);
      expect(fromBuilder.status()).toBe(200);
      await failed.getByText(why).waitFor({ timeout: 45_000 });
      expect(await row.count()).toBe(1);
      for (const viewport of WIDTHS.slice(1)) {
        await page.setViewportSize(viewport);
        await row.scrollIntoViewIfNeeded();
        await screenshot(page, `reports-08-history-failed-${viewport.width}`);
      }
    } finally {
      await context.close();
    }
  }, 120_000);

  it('a reseller schedules a monthly report to two addresses, edits, pauses and deletes it', async () => {
    const { context, page } = await openPage(browser, WIDTHS[0]!);
    try {
      await signIn(page, 'reseller');
      const client = await chooseClient(page);
      await page.getByText('Scheduled', { exact: true }).click();
      await page.getByLabel('Frequency').and(page.locator('input')).click();
      await page.getByRole('option', { name: /^Monthly/ }).click();
      // spec 4: the period is the previous calendar month, the dates are not typed.
      await expect.poll(() => page.getByLabel('From').isDisabled()).toBe(true);
      await generateAndWait(page);
      expect(await page.getByRole('link', { name: 'Download', exact: true }).count()).toBe(0);

      const schedule = page.getByRole('button', { name: 'Schedule', exact: true });
      const sendTo = page.getByRole('combobox', { name: 'Send to' });
      // spec 5: disabled with no address; an invalid entry is named in the error.
      expect(await schedule.isDisabled()).toBe(true);
      await typeAddresses(sendTo, ['not-an-address']);
      await page
        .getByText(/not-an-address/)
        .last()
        .waitFor();
      expect(await schedule.isDisabled()).toBe(true);
      await sendTo.press('Backspace');
      const [first, second, third] = uniqueAddresses(3);
      await typeAddresses(sendTo, [first!, second!]);
      await expect.poll(() => schedule.isEnabled()).toBe(true);
      // A summary typed but not Updated is what the schedule sends.
      const edit = `Scheduled summary ${Date.now()}`;
      await page.getByLabel('Summary', { exact: true }).fill(edit);
      await screenshot(page, 'reports-03-schedule-1440');
      const [saved] = await Promise.all([
        page.waitForRequest((r) => r.url().endsWith('/report_definition/save') && r.method() === 'POST'),
        schedule.click(),
      ]);
      const sent = JSON.parse(new URLSearchParams(saved.postData() ?? '').get('report_params') ?? '{}');
      expect(sent.summary_overview).toBe(edit);
      await page.getByText(/e-mailed on the first of every month/).waitFor();

      // The schedules list: the client, monthly, both addresses.
      const row = page.getByRole('row').filter({ hasText: first! });
      await row.waitFor();
      expect(await row.textContent()).toContain(client);
      expect(await row.textContent()).toContain(second!);
      expect(await row.textContent()).toContain('monthly');
      await row.scrollIntoViewIfNeeded();
      await screenshot(page, 'reports-04-schedules-1440');

      // Edit: quarterly, a third address.
      await row.getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit scheduled report' });
      await dialog.waitFor();
      // The dialog opens with a transition: choose once it has settled, and check it took.
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      await dialog.getByText('Quarterly', { exact: true }).click();
      await expect.poll(() => dialog.getByRole('radio', { name: 'Quarterly' }).isChecked()).toBe(true);
      await typeAddresses(dialog.getByRole('combobox', { name: 'Send to' }), [third!]);
      await screenshot(page, 'reports-05-edit-1440');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => row.textContent()).toContain(third!);
      expect(await row.textContent()).toContain('quarterly');

      // Pause: no next delivery; the button offers Resume.
      await row.getByRole('button', { name: 'Pause' }).click();
      await row.getByRole('button', { name: 'Resume' }).waitFor();
      expect(await row.textContent()).toContain('Next: paused');

      // Delete, through the confirmation.
      await row.getByRole('button', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete scheduled report' });
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await row.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  }, 120_000);

  it('a client user generates its own company’s report', async () => {
    const { context, page } = await openPage(browser, WIDTHS[0]!);
    try {
      await signIn(page, 'client');
      await page.goto('/home/reports');
      // Its own company, shown and not chosen; no organisation select.
      const client = page.getByLabel('Client', { exact: true });
      await client.waitFor();
      const name = await client.inputValue();
      expect(name).not.toBe('');
      expect(await page.getByPlaceholder('Choose a reseller').count()).toBe(0);
      for (const viewport of [...WIDTHS.slice(1), WIDTHS[0]!]) {
        await page.setViewportSize(viewport);
        await screenshot(page, `reports-09-client-options-${viewport.width}`);
      }
      await generateAndWait(page);
      const file = await downloadedText(page);
      expect(file.text).toContain(name);
      await screenshot(page, 'reports-10-client-preview-1440');
    } finally {
      await context.close();
    }
  }, 120_000);

  it('staff and distributors choose the reseller before the client', async () => {
    for (const [user, viewport] of [
      ['staff', WIDTHS[0]!],
      ['staff', WIDTHS[1]!],
      ['staff', WIDTHS[2]!],
      ['distributor', WIDTHS[0]!],
    ] as const) {
      const { context, page } = await openPage(browser, viewport);
      try {
        await signIn(page, user);
        await page.goto('/home/reports');
        await page.getByRole('button', { name: 'Generate' }).waitFor();
        // No client to choose until an organisation is chosen (spec 6).
        const clientSelect = page.getByPlaceholder('Choose a client');
        expect(await page.getByPlaceholder('Choose an organisation first').isDisabled()).toBe(true);
        expect(await page.getByRole('button', { name: 'Generate' }).isDisabled()).toBe(true);
        const reseller = await chooseFirst(page, 'Choose a reseller');
        expect(reseller).not.toBe('');
        await expect.poll(() => clientSelect.isEnabled()).toBe(true);
        const client = await chooseFirst(page, 'Choose a client');
        expect(client).not.toBe('');
        await expect
          .poll(() => page.getByRole('button', { name: 'Generate' }).isEnabled(), { timeout: 15_000 })
          .toBe(true);
        await screenshot(page, `reports-06-${user}-options-${viewport.width}`);
        // Another organisation empties the client again.
        await page.getByPlaceholder('Choose a reseller').click();
        const options = page.getByRole('option');
        await options.first().waitFor();
        if ((await options.count()) > 1) {
          await options.nth(1).click();
          await expect.poll(() => clientSelect.inputValue()).toBe('');
        } else await page.keyboard.press('Escape');
      } finally {
        await context.close();
      }
    }
  }, 120_000);

  it('the builder fits narrower screens', async () => {
    for (const viewport of WIDTHS.slice(1)) {
      const { context, page } = await openPage(browser, viewport);
      try {
        await signIn(page, 'reseller');
        await chooseClient(page);
        await page.getByRole('button', { name: 'Generate' }).waitFor();
        await screenshot(page, `reports-01-options-${viewport.width}`);
        await page.getByText('Scheduled', { exact: true }).click();
        await generateAndWait(page);
        await page.getByRole('combobox', { name: 'Send to' }).waitFor();
        await screenshot(page, `reports-03-schedule-${viewport.width}`);
      } finally {
        await context.close();
      }
    }
  }, 120_000);
});
