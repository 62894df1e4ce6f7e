import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot, signIn } from '../support/browser';
import { organisationId } from '../support/session';
import { waitForStep } from '../support/wizard';

// The recovery wizard (issue 6), opened by its deep link ?recover=... as the dashboard's quick
// action does. The server runs with SIM_FAULTS appliance_offline@appliance:7,
// share_failed@appliance:9 and format_refused@system:115 (reseller2's Bayshore Freight and
// Ironwood Machine Works, whose PRINT01-IRONWOOD is 115).

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Opens the wizard as a reseller and walks to the restore point step of DC01-ACME, drive C:. */
async function toRecoveryPoint(
  page: Page,
  via: 'Cloud (offsite)' | 'Appliance (local)',
  shots: string | null,
) {
  const resellerId = await organisationId(page);
  await page.goto(`/home/reseller-dashboard?recover=reseller:${resellerId}`);
  await waitForStep(page, 'clientSelect');
  await page
    .getByRole('dialog')
    .getByRole('row', { name: /Acme Dental Group/ })
    .waitFor();
  if (shots) await screenshot(page, `${shots}-01-client-select`);
  await page
    .getByRole('dialog')
    .getByRole('row', { name: /Acme Dental Group/ })
    .click();
  await waitForStep(page, 'recoverToolSelect');
  if (shots) await screenshot(page, `${shots}-02-tool`);
  await page.getByRole('button', { name: 'Appliance and cloud backups' }).click();
  await waitForStep(page, 'type');
  if (shots) await screenshot(page, `${shots}-03-type`);
  await page.getByRole('button', { name: 'Files and folders' }).click();
  await waitForStep(page, 'restoreType');
  if (shots) await screenshot(page, `${shots}-04-restore-type`);
  await page.getByRole('button', { name: via }).click();
  // One eligible appliance (ACME-BRC01) and one job: both chosen by themselves.
  await waitForStep(page, 'setDevice');
  await page
    .getByRole('dialog')
    .getByRole('row', { name: /DC01-ACME/ })
    .waitFor();
  if (shots) await screenshot(page, `${shots}-05-device`);
  await page
    .getByRole('dialog')
    .getByRole('row', { name: /DC01-ACME/ })
    .click();
  await waitForStep(page, 'setDrive');
  if (shots) await screenshot(page, `${shots}-06-drive`);
  await page.getByRole('button', { name: 'C:' }).click();
  await waitForStep(page, 'setRecoveryPoint');
  await page.getByTestId('restore-point').first().waitFor();
  if (shots) await screenshot(page, `${shots}-07-points`);
}

function zipEntries(file: string): Promise<Map<string, number>> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out = new Map<string, number>();
      zip.on('entry', (e: yauzl.Entry) => {
        zip.openReadStream(e, (err2, s) => {
          if (err2 || !s) return reject(err2);
          let n = 0;
          s.on('data', (c: Buffer) => {
            n += c.length;
          });
          s.on('end', () => {
            out.set(e.fileName, n);
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.readEntry();
    });
  });
}

/**
 * Walks the wizard as a signed-in reseller to a prepared download of two files of DC01-ACME's
 * newest cloud point (which also opens a cloud share): each test that needs one makes its own.
 */
async function restoreTwoFiles(page: Page, shots: string | null) {
  await toRecoveryPoint(page, 'Cloud (offsite)', shots);
  await page.getByTestId('restore-point').first().click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  await waitForStep(page, 'browse');
  await page.getByRole('group', { name: 'Folder Restore point' }).getByText('C:', { exact: true }).waitFor();
  if (shots) await screenshot(page, `${shots}-08-browse-root`);
  const next = page.getByRole('button', { name: 'Next', exact: true });
  expect(await next.isDisabled()).toBe(true);
  await page.getByRole('group', { name: 'Folder Restore point' }).getByText('C:', { exact: true }).click();
  await page.getByRole('group', { name: 'Folder C:' }).getByText('Users', { exact: true }).click();
  await page.getByRole('group', { name: 'Folder Users' }).getByText('Public', { exact: true }).click();
  const publicFolder = page.getByRole('group', { name: 'Folder Public' });
  await publicFolder.getByLabel('Select Chrome.lnk').check();
  await publicFolder.getByLabel('Select Outlook.lnk').check();
  await publicFolder.getByText('Outlook.lnk', { exact: true }).hover();
  expect(await page.getByTestId('hover-tray').textContent()).toBe('DC01-ACME · C:/Users/Public/Outlook.lnk');
  expect(await page.getByText('Files selected: 2').isVisible()).toBe(true);
  expect(await page.getByText('Folders selected: 0').isVisible()).toBe(true);
  if (shots) await screenshot(page, `${shots}-08-browse`);
  await next.click();

  await waitForStep(page, 'restore');
  if (shots) await screenshot(page, `${shots}-09-preparing`);
  const link = page.getByTestId('download-link');
  await link.waitFor({ timeout: 10_000 });
  if (shots) await screenshot(page, `${shots}-10-link`);
  return link;
}

// A whole wizard walk takes 20-40 s alone and over 60 s on a machine at several times its cores.
describe('recovery wizard', { timeout: 120_000 }, () => {
  it('a reseller restores two files from a cloud restore point; the downloaded zip holds both', async () => {
    const { context, page } = await openPage(browser, DESKTOP);
    await signIn(page, 'reseller');
    const link = await restoreTwoFiles(page, 'recovery-files');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^DC01-ACME-.*\.zip$/);
    const file = await download.path();
    const entries = await zipEntries(file);
    expect(Object.fromEntries(entries)).toEqual({ 'Chrome.lnk': 647, 'Outlook.lnk': 914 });
    expect(fs.statSync(file).size).toBeGreaterThan(0);
    await context.close();
  });

  it('shows the restored files in the cloud share panel with a countdown; expiring the link ends it', async () => {
    const { context, page } = await openPage(browser, DESKTOP);
    await signIn(page, 'reseller');
    // Its own cloud share, whatever ran before (test order is free).
    await restoreTwoFiles(page, null);
    await page.goto('/home/reseller-dashboard');
    const panel = page.getByRole('region', { name: 'Cloud shares' });
    const rows = panel.getByTestId('cloud-share').filter({ hasText: /DC01-ACME-.*\.zip/ });
    const row = rows.first();
    await row.waitFor({ timeout: 15_000 });
    // Other tests may have left shares of the same files: the expired one is the one that goes.
    const before = await rows.count();
    expect(await row.textContent()).toMatch(/expires in 6 days 23 hours/);
    // What the link holds, its size and who made it (issue 18.15).
    expect(await row.textContent()).toMatch(/Chrome\.lnk, Outlook\.lnk · 2 files · 1\.52 KB/);
    expect(await row.textContent()).toMatch(/Made .* by /);
    await row.getByRole('button', { name: 'Edit or expire' }).click();
    const dialog = page.getByRole('dialog');
    const link = dialog.getByRole('link', { name: /^Download DC01-ACME-/ });
    await link.waitFor();
    const href = (await link.getAttribute('href')) ?? '';
    await screenshot(page, 'recovery-cloud-01-link');
    await dialog.getByRole('button', { name: 'Expire now…' }).click();
    await dialog.getByText('The download link stops working at once').waitFor();
    await screenshot(page, 'recovery-cloud-02-expire-confirm');
    await dialog.getByRole('button', { name: 'Expire link' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(before - 1);
    // The link now answers a sentence, not the file.
    const res = await page.goto(href);
    expect(res?.status()).toBe(410);
    expect(await page.locator('body').textContent()).toContain('This download link expired');
    await context.close();
  });

  it('exposes a share from an appliance point, sees it in the local shares feed, changes its expiry and suppresses it', async () => {
    const { context, page } = await openPage(browser, DESKTOP);
    await signIn(page, 'reseller');
    await toRecoveryPoint(page, 'Appliance (local)', null);
    await page.getByTestId('restore-point').first().click();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await waitForStep(page, 'exposeCifsShare');
    await page.getByText('Share path', { exact: true }).waitFor({ timeout: 15_000 });
    const sharePath = (await page.locator('code').first().textContent()) ?? '';
    expect(sharePath).toMatch(/^\\\\ACME-BRC01\\DC01-ACME-/);
    expect(await page.locator('code').nth(1).textContent()).toMatch(/^smb:\/\/acme-brc01\.local\//);
    expect(await page.getByText('Unmount after: 24 hours').isVisible()).toBe(true);
    await screenshot(page, 'recovery-share-01-active');
    // Moving the unmount slider only saves the new time: the share stays, no second expose goes
    // out, and the step does not turn into 'A share is already open' (spec: recovery-flow 4).
    const exposes: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/ra/expose_cifs_share/')) exposes.push(r.url());
    });
    const moveSlider = async (key: string, seconds: number) => {
      const [ttl] = await Promise.all([
        page.waitForResponse((r) => r.url().includes('/share/set_cifs_share_ttl/')),
        // The step reads the share again after a save (its new expiry); anything else the save
        // set off has been sent by then.
        page.waitForResponse((r) => r.url().includes('/ra/check_exposing_cifs_share/')),
        page.getByRole('slider', { name: 'Unmount after' }).press(key),
      ]);
      expect(ttl.status()).toBe(200);
      expect(ttl.url()).toMatch(new RegExp(`/${seconds}$`));
    };
    await moveSlider('ArrowRight', 36 * 3600);
    await page.getByText('Unmount after: 36 hours').waitFor();
    // Back to 24 hours, which the feed's edit dialog below starts from.
    await moveSlider('ArrowLeft', 24 * 3600);
    await page.getByText('Unmount after: 24 hours').waitFor();
    expect(exposes).toEqual([]);
    await waitForStep(page, 'exposeCifsShare');
    expect(await page.getByText('already open').count()).toBe(0);
    expect(await page.locator('code').first().textContent()).toBe(sharePath);
    await page.getByRole('button', { name: 'Done' }).click();

    // The feed on the reseller dashboard (the dashboard area renders the panels).
    await page.goto('/home/reseller-dashboard');
    const feed = page.getByRole('region', { name: 'Local shares' });
    const row = feed.getByTestId('local-share').filter({ hasText: 'DC01-ACME' });
    await row.waitFor({ timeout: 15_000 });
    await screenshot(page, 'recovery-share-02-feed');
    await row.getByRole('button', { name: 'Show path' }).click();
    const pathDialog = page.getByRole('dialog');
    await pathDialog.getByText(sharePath, { exact: true }).waitFor();
    await screenshot(page, 'recovery-share-03-path');
    await page.keyboard.press('Escape');
    await pathDialog.waitFor({ state: 'hidden' });

    await row.getByRole('button', { name: 'Edit expiry' }).click();
    const dialog = page.getByRole('dialog');
    const select = dialog.getByTestId('expiry-select');
    await select.waitFor();
    expect(await select.inputValue()).toBe('24 hours');
    await select.click();
    await page.getByRole('option', { name: '1 hour', exact: true }).click();
    await screenshot(page, 'recovery-share-04-edit-expiry');
    const [res] = await Promise.all([
      page.waitForResponse(
        (r) => r.url().includes('/share/set_cifs_share_ttl/') && r.request().method() === 'POST',
      ),
      dialog.getByRole('button', { name: 'Save' }).click(),
    ]);
    expect(res.url()).toMatch(/\/3600$/);
    const { newExpireTime } = (await res.json()) as { newExpireTime: number };
    await dialog.waitFor({ state: 'hidden' });
    // The app's one date format (web/src/format/dateTime.ts) in the browser's en-GB locale.
    const expected = new Intl.DateTimeFormat('en-GB', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }).format(newExpireTime);
    await row.getByTestId('share-expiry').filter({ hasText: expected }).waitFor();
    // Opened again, the editor shows the share's expiry and starts at it, not at 24 hours.
    await row.getByRole('button', { name: 'Edit expiry' }).click();
    const again = page.getByRole('dialog');
    await again.locator('[data-current-expiry]').filter({ hasText: expected }).waitFor();
    expect(await again.getByTestId('expiry-select').inputValue()).toBe('1 hour');
    await again.getByRole('button', { name: 'Cancel' }).click();
    await again.waitFor({ state: 'hidden' });

    await row.getByRole('button', { name: 'Unmount' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Unmount share' }).click();
    await row.waitFor({ state: 'detached', timeout: 10_000 });
    await screenshot(page, 'recovery-share-05-suppressed');
    await context.close();
  });

  it('says so when the browser refuses the clipboard: the download link and the share path', async () => {
    const { context, page } = await openPage(browser, DESKTOP);
    // A browser that refuses every clipboard write (no permission, an insecure page).
    await page.addInitScript(() => {
      navigator.clipboard.writeText = () => Promise.reject(new DOMException('Refused', 'NotAllowedError'));
    });
    await signIn(page, 'reseller');
    await restoreTwoFiles(page, null);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByRole('dialog').getByRole('alert').filter({ hasText: 'Could not copy' }).waitFor();
    await screenshot(page, 'recovery-copy-refused-link');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    await toRecoveryPoint(page, 'Appliance (local)', null);
    await page.getByTestId('restore-point').first().click();
    const [exposed] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/ra/expose_cifs_share/')),
      page.getByRole('button', { name: 'Next', exact: true }).click(),
    ]);
    await waitForStep(page, 'exposeCifsShare');
    await page.getByText('Share path', { exact: true }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Copy the share path' }).click();
    await page.getByRole('dialog').getByRole('alert').filter({ hasText: 'Could not copy' }).waitFor();
    await screenshot(page, 'recovery-copy-refused-share');
    await page.getByRole('button', { name: 'Done' }).click();
    // The share goes again, as the other tests of DC01-ACME's shares expect to find none.
    const { shareId } = (await exposed.json()) as { shareId: number };
    const { csrfToken } = (await (
      await page.request.get('/api/session', { headers: { 'x-requested-with': 'XMLHttpRequest' } })
    ).json()) as { csrfToken: string };
    await page.request.get(`/share/suppress_cifs_share/${shareId}`, {
      headers: { 'x-requested-with': 'XMLHttpRequest', 'x-csrf-token': csrfToken },
    });
    await context.close();
  });

  it('reaches applianceOffline (try again, back), genericError and exportChangeFormat through the simulator’s faults', async () => {
    const { context, page } = await openPage(browser, DESKTOP);
    await signIn(page, 'reseller2');
    const resellerId = await organisationId(page);
    // Any device of the client's first-generation appliance: the fault is the appliance's.
    const walk = async (client: RegExp, device?: RegExp) => {
      await page.goto(`/home/reseller-dashboard?recover=reseller:${resellerId}`);
      await waitForStep(page, 'clientSelect');
      await page.getByRole('dialog').getByRole('row', { name: client }).click();
      await page.locator('[data-step="recoverToolSelect"], [data-step="type"]').waitFor();
      if (await page.locator('[data-step="recoverToolSelect"]').count())
        await page.getByRole('button', { name: 'Appliance and cloud backups' }).click();
      await waitForStep(page, 'type');
      await page.getByRole('button', { name: 'Files and folders' }).click();
      await page.getByRole('button', { name: 'Appliance (local)' }).click();
      await waitForStep(page, 'setDevice');
      const rows = page.getByRole('dialog').locator('tbody tr');
      await (device ? rows.filter({ hasText: device }) : rows).first().click();
      await page.locator('[data-step="setDrive"], [data-step="setRecoveryPoint"]').waitFor();
      if (await page.locator('[data-step="setDrive"]').count())
        await page.getByTestId('choice').first().click();
      await waitForStep(page, 'setRecoveryPoint');
      await page.getByTestId('restore-point').first().click();
      await page.getByRole('button', { name: 'Next', exact: true }).click();
    };

    await walk(/Bayshore Freight/);
    await waitForStep(page, 'applianceOffline');
    await screenshot(page, 'recovery-fault-01-appliance-offline');
    await page.getByRole('button', { name: 'Try again' }).click();
    await waitForStep(page, 'applianceOffline');
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await waitForStep(page, 'setRecoveryPoint');
    await page.keyboard.press('Escape');

    await walk(/Ironwood Machine Works/);
    await waitForStep(page, 'genericError');
    const alert = page.getByRole('dialog').getByRole('alert');
    expect(await alert.textContent()).toContain('could not mount the restore point');
    expect(await alert.textContent()).toContain('The share could not be created');
    await screenshot(page, 'recovery-fault-02-generic-error');
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await waitForStep(page, 'setRecoveryPoint');
    await page.keyboard.press('Escape');

    // format_refused@system:115 (PRINT01-IRONWOOD): try_vhdx, then VHDX, which appliance 9 refuses too.
    await walk(/Ironwood Machine Works/, /PRINT01-IRONWOOD/);
    await waitForStep(page, 'exportChangeFormat');
    await screenshot(page, 'recovery-fault-03-change-format');
    const [retry] = await Promise.all([
      page.waitForRequest((r) => r.url().includes('/ra/expose_cifs_share/') && r.url().includes('/VHDX/')),
      page.getByRole('button', { name: 'Switch to VHDX and try again' }).click(),
    ]);
    expect(retry.method()).toBe('POST');
    await waitForStep(page, 'genericError');
    await context.close();
  });

  it('a client user starts at the tool or type step; a device entry starts at its step with the device chosen', async () => {
    const { context, page } = await openPage(browser, DESKTOP);
    await signIn(page, 'client');
    const clientId = await organisationId(page);
    await page.goto(`/home/clients?recover=client:${clientId}`);
    await page.locator('[data-step="recoverToolSelect"], [data-step="type"]').waitFor();
    // Nothing to go back to: the wizard started here.
    expect(await page.getByRole('dialog').getByRole('button', { name: 'Back', exact: true }).count()).toBe(0);
    expect(new URL(page.url()).search).toBe('');
    await page.keyboard.press('Escape');
    await context.close();

    const r = await openPage(browser, DESKTOP);
    await signIn(r.page, 'reseller');
    // The dashboard's quick action opens the general reseller flow.
    await r.page.getByRole('button', { name: 'Recovery wizard' }).click();
    await waitForStep(r.page, 'clientSelect');
    await r.page.keyboard.press('Escape');
    await r.page.getByRole('dialog').waitFor({ state: 'hidden' });
    // DC01-ACME (system 7 of the demo fleet) from its page's recover action.
    await r.page.goto('/home/reseller-dashboard?recover=device:7:restoreType');
    await waitForStep(r.page, 'restoreType');
    await r.page.getByRole('button', { name: 'Appliance (local)' }).click();
    // The device is known: setAppliance and setDevice are skipped, its one job too.
    await waitForStep(r.page, 'setDrive');
    expect(await r.page.getByText('Recovery · Acme Dental Group · DC01-ACME').isVisible()).toBe(true);
    await r.context.close();
  });

  it('works on a phone: the wizard fills the screen without sideways scrolling', async () => {
    const { context, page } = await openPage(browser, PHONE);
    await signIn(page, 'reseller');
    await toRecoveryPoint(page, 'Cloud (offsite)', 'recovery-phone');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // No day after today in the strip (issue 18.14).
    const days = await page
      .getByRole('button', { name: /\d{4}/ })
      .evaluateAll((bs) =>
        bs.map((b) => Date.parse(b.getAttribute('aria-label')?.replace(', no restore points', '') ?? '')),
      );
    expect(days.length).toBe(7);
    for (const d of days) expect(d).toBeLessThanOrEqual(Date.now());

    // The header names the point once chosen, and Back takes it away again (issue 18.14).
    await page.getByTestId('restore-point').first().click();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await waitForStep(page, 'browse');
    await page.getByText(/^Recovery · Acme Dental Group · DC01-ACME · /).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Back', exact: true }).click();
    await waitForStep(page, 'setRecoveryPoint');
    await page.getByText('Recovery · Acme Dental Group · DC01-ACME', { exact: true }).waitFor();
    await page.getByTestId('restore-point').first().click();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await waitForStep(page, 'browse');

    // Columns wide enough to read names, and a search inside the restore point.
    const root = page.getByRole('group', { name: 'Folder Restore point' });
    await root.getByText('C:', { exact: true }).waitFor();
    expect((await root.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(280);
    await page.getByLabel('Search this restore point').fill('Outlook');
    const hit = page.getByTestId('search-result').filter({ hasText: 'C:/Users/Public/Outlook.lnk' });
    await hit.waitFor({ timeout: 15_000 });
    await hit.getByLabel('Select Outlook.lnk').check();
    await page.getByText('Files selected: 1').waitFor();
    await page.getByText('Downloads as the file itself').waitFor();
    await screenshot(page, 'recovery-phone-08-search');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await context.close();
  });
});
