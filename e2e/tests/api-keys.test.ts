import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DESKTOP, launchBrowser, openPage, screenshotsAtWidths, signIn } from '../support/browser';

// API keys in the browser (issue 26.4): a reseller makes a read-only key on the Security page,
// copies it with the copy button, uses it from a shell with curl (no cookie), then revokes it
// after the confirmation and curl is refused at its next call.

const run = promisify(execFile);
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** curl's status and body for GET `path` with the key, from a shell. */
async function curlWith(key: string, path: string) {
  const { stdout } = await run(
    'sh',
    ['-c', 'curl -s -w "\\n%{http_code}" -H "Authorization: Bearer $KEY" "$URL"'],
    { env: { ...process.env, KEY: key, URL: `${baseUrl()}${path}` } },
  );
  const i = stdout.lastIndexOf('\n');
  return { status: Number(stdout.slice(i + 1)), body: stdout.slice(0, i) };
}

describe('API keys', () => {
  it('are made, copied, used with curl and revoked from the Security page', async () => {
    const { context, page } = await openPage(browser, DESKTOP);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, 'reseller');
    await page.goto('/account/security');
    await page.getByText('API keys', { exact: true }).waitFor();
    await page.getByLabel('Name').fill('PSA sync');
    await page.getByRole('button', { name: 'Make the key' }).click();
    const shown = page.getByTestId('new-api-key-value');
    await shown.waitFor();
    const key = ((await shown.textContent()) ?? '').trim();
    expect(key).toMatch(/^lbk_/);
    await page.getByRole('button', { name: 'Copy the key' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await screenshotsAtWidths(page, 'api-key-shown');
    await page.getByRole('button', { name: 'I have copied it' }).click();

    const me = await curlWith(key, '/api/session');
    expect(me.status).toBe(200);
    expect(JSON.parse(me.body).user.rights).toEqual(['read']);
    // Read-only: a report is refused.
    const report = await curlWith(key, '/async_reports/executive_summary/get_resellers_list');
    expect(report.status).toBe(403);

    const table = page.getByTestId('api-keys');
    const row = table.getByRole('row').filter({ hasText: 'PSA sync' });
    await row.waitFor();
    await page.reload();
    await row.getByText('Works').waitFor();
    await screenshotsAtWidths(page, 'api-keys-list');
    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('button', { name: 'Revoke the key' }).click();
    await row.getByText('Revoked').waitFor();
    expect((await curlWith(key, '/api/session')).status).toBe(401);
    await context.close();
  });
});
