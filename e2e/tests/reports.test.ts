import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, signIn, type Viewport } from '../support/browser';

// The executive summary report (issue 15) as the demo reseller: the first client of the list,
// the builder's default period, generated, previewed and downloaded; the PDF's text is read with
// pdftotext. The screens are shot at three widths.

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
  await page.getByPlaceholder('Choose a client').click();
  const option = page.getByRole('option').first();
  await option.waitFor();
  const name = (await option.textContent())?.trim() ?? '';
  await option.click();
  return name;
}

describe('executive summary report', () => {
  it('a reseller generates a client report and downloads the PDF', async () => {
    const { context, page } = await openPage(browser, WIDTHS[0]!);
    try {
      await signIn(page, 'reseller');
      const client = await chooseClient(page);
      expect(client).not.toBe('');
      const generate = page.getByRole('button', { name: 'Generate' });
      await expect.poll(() => generate.isEnabled(), { timeout: 10_000 }).toBe(true);
      await screenshot(page, 'reports-01-options-1440');
      await generate.click();
      const download = page.getByRole('link', { name: 'Download' });
      await download.waitFor({ timeout: 40_000 });
      await screenshot(page, 'reports-02-preview-1440');
      const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
      expect(file.suggestedFilename()).toMatch(/^Executive-summary-.*\.pdf$/);
      const saved = path.join(os.tmpdir(), `lifeboat-e2e-${process.pid}-report.pdf`);
      await file.saveAs(saved);
      try {
        const text = execFileSync('pdftotext', [saved, '-'], { encoding: 'utf8' });
        expect(text).toContain(client);
      } finally {
        fs.rmSync(saved, { force: true });
      }
    } finally {
      await context.close();
    }
  }, 60_000);

  it('the builder fits narrower screens', async () => {
    for (const viewport of WIDTHS.slice(1)) {
      const { context, page } = await openPage(browser, viewport);
      try {
        await signIn(page, 'reseller');
        await chooseClient(page);
        await page.getByRole('button', { name: 'Generate' }).waitFor();
        await screenshot(page, `reports-01-options-${viewport.width}`);
      } finally {
        await context.close();
      }
    }
  }, 40_000);
});
