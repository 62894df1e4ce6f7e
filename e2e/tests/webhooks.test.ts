import { execFileSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, openPage, screenshotsAtWidths, signIn } from '../support/browser';
import { apiGet } from '../support/devices';

// Webhooks (issue 27.4): a reseller adds an endpoint (a real HTTP server in this test), copies
// the secret shown once, sends a test, the receiver gets it signed with that secret (checked with
// openssl, not the console's code), and the delivery shows in the endpoint's log.

interface Hit {
  headers: http.IncomingHttpHeaders;
  body: string;
}
const hits: Hit[] = [];
let receiver: http.Server;
let port = 0;
let browser: Browser;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hits.push({ headers: req.headers, body: Buffer.concat(chunks).toString() });
      res.writeHead(200).end('thanks');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  port = (receiver.address() as AddressInfo).port;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  receiver?.closeAllConnections();
  await new Promise<void>((r) => (receiver ? receiver.close(() => r()) : r()));
});

/** HMAC-SHA256 of "<t>.<body>" computed by openssl. */
function opensslMac(secret: string, t: string, body: string): string {
  const out = execFileSync('openssl', ['dgst', '-sha256', '-hmac', secret], { input: `${t}.${body}` });
  return out.toString().trim().split(/\s+/).at(-1) ?? '';
}

describe('Webhooks', () => {
  it('adds an endpoint, copies its secret, sends a test and sees it in the log', async () => {
    const { context, page } = await openPage(browser, DESKTOP);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, 'reseller2');
    const me = await apiGet<{ user: { organisationId: number } }>(page, '/api/session');
    await page.goto(`/settings/reseller_settings/view/${me.user.organisationId}`);
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook endpoint' });
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await dialog.getByText('Enter the address the alerts are posted to.').waitFor();
    await dialog.getByLabel('Name').fill('Service desk');
    await dialog.getByLabel('Address').fill(`http://127.0.0.1:${port}/lifeboat`);
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();

    const shown = page.getByRole('dialog', { name: "The endpoint's secret" });
    const secret = (await shown.getByTestId('webhook-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_/);
    await shown.getByRole('button', { name: 'Copy secret' }).click();
    await shown.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await screenshotsAtWidths(page, 'webhook-secret');
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByText(secret).count()).toBe(0);

    const card = page.getByTestId('webhook-endpoint').filter({ hasText: 'Service desk' });
    await card.getByText('Nothing has been sent to this endpoint yet.').waitFor();
    await card.getByRole('button', { name: 'Send test' }).click();
    // The log refreshes itself until the delivery schedule has posted it.
    const row = card.getByTestId('webhook-delivery').first();
    await row.getByText('Delivered').waitFor({ timeout: 30_000 });
    await row.getByText(/^200 in \d+ ms$/).waitFor();
    await row.getByText('Test message').waitFor();

    expect(hits).toHaveLength(1);
    const hit = hits[0] as Hit;
    const [t, v1] = String(hit.headers['lifeboat-signature'])
      .split(',')
      .map((p) => p.split('=')[1] ?? '');
    expect(opensslMac(secret, t ?? '', hit.body)).toBe(v1);
    expect(JSON.parse(hit.body)).toMatchObject({ type: 'test', id: hit.headers['lifeboat-delivery'] });
    await screenshotsAtWidths(page, 'webhooks');

    // Cleaned up with a confirmation, so that reruns start from no endpoint.
    await card.getByRole('button', { name: 'Remove' }).click();
    await page
      .getByRole('dialog', { name: 'Remove this webhook endpoint?' })
      .getByRole('button', { name: 'Remove endpoint' })
      .click();
    await page.getByText('No webhook endpoints yet.').waitFor();
    await context.close();
  }, 120_000);
});
