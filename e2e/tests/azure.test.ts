import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, PHONE, screenshot, signIn, type Viewport } from '../support/browser';
import { organisationId } from '../support/session';
import { chooseShownDayLastPoint } from '../support/wizard';

// Azure direct restore (issue 14) as the demo `client` (Acme Dental Group, of the demo reseller,
// which has azure_restore_enabled): typeRB's "Restore to Azure" leads to /azure_export/view, which
// starts at the device step; BK01-ACME's newest point; two sign-ins on the simulator's device
// login page in a second tab, typing the codes shown; a resource group and a storage account; the
// restore (SIM_SPEED 0: it finishes at once) and its job in the Azure exports panel, dismissed.
// The demo `reseller` walks the whole page from the client step to its dashboard's panel; a code
// left past its 900 s shows the regenerate button (the page's clock is moved, not the spec's 900 s).
// Not here: cancelling a running restore (at SIM_SPEED 0 none stays running; the API tests cancel one).

const WIDE: Viewport = { width: 1440, height: 900 };
const NARROW: Viewport = { width: 768, height: 1024 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const stepOf = (page: Page, name: string) => page.getByTestId(`azure-step-${name}`);

/** Type the code shown in the wizard on the simulator's page (a second tab) and consent. */
async function signInOnSimulator(context: BrowserContext, page: Page, shots: string | null): Promise<void> {
  const box = page.getByTestId('device-code-box').last();
  const code = ((await box.getByTestId('device-code').textContent()) ?? '').trim();
  expect(code).toMatch(/^[A-Z0-9]{9}$/);
  const [sim] = await Promise.all([
    context.waitForEvent('page'),
    box.getByRole('link', { name: 'the Microsoft sign-in page' }).click(),
  ]);
  await sim.getByTestId('sim-banner').waitFor();
  await sim.getByLabel('Code').fill(code.toLowerCase());
  if (shots) await screenshot(sim, `${shots}-sim-code`);
  await sim.getByRole('button', { name: 'Next' }).click();
  await sim.getByRole('button', { name: 'Accept' }).waitFor();
  if (shots) await screenshot(sim, `${shots}-sim-consent`);
  await sim.getByRole('button', { name: 'Accept' }).click();
  await sim.getByTestId('sim-done').waitFor();
  // The same code again is refused, as Microsoft's page refuses a used code.
  await sim.goto('/sim/azure/devicelogin');
  await sim.getByLabel('Code').fill(code);
  await sim.getByRole('button', { name: 'Next' }).click();
  await sim.getByText('That code has already been used.', { exact: false }).waitFor();
  await sim.close();
}

/** The device step's row, then the newest day's point (a point is chosen when the day has several). */
async function pickDeviceAndPoint(page: Page, device: RegExp, shots?: string): Promise<void> {
  await page.getByRole('row', { name: device }).click();
  await chooseShownDayLastPoint(page);
  if (shots) await screenshot(page, `${shots}-01-point`);
  await page.getByRole('button', { name: 'Use this restore point' }).click();
}

async function restoreToAzure(viewport: Viewport, shots: string): Promise<void> {
  const { context, page } = await openPage(browser, viewport);
  await signIn(page, 'client');
  const clientId = await organisationId(page);
  await page.goto(`/home/clients?recover=client:${clientId}`);
  await page.getByRole('button', { name: 'Direct-to-cloud backups' }).click();
  await page.getByRole('button', { name: 'Restore to Azure' }).click();
  await page.waitForURL('**/azure_export/view');

  // A client user starts at the device step, the client being theirs.
  await page.getByRole('row', { name: /BK01-ACME/ }).waitFor();
  expect(await stepOf(page, 'client').count()).toBe(0);
  await screenshot(page, `${shots}-01-device`);
  await pickDeviceAndPoint(page, /BK01-ACME/, shots);

  // Two sign-ins: resource manager, then storage (disabled until the first is granted).
  await page.getByTestId('device-code').waitFor();
  const grantStorage = page.getByRole('button', { name: 'Grant storage access' });
  expect(await grantStorage.isDisabled()).toBe(true);
  await page.getByTestId('code-countdown').waitFor();
  await screenshot(page, `${shots}-02-code`);
  await signInOnSimulator(context, page, shots);
  await page.getByTestId('manager-granted').waitFor();
  await grantStorage.click();
  await page.getByText('2. Grant access to Azure Storage').waitFor();
  await signInOnSimulator(context, page, null);

  // Signed in: the resource group step opens.
  await page.getByRole('row', { name: /rg-recovery/ }).waitFor();
  expect(await page.getByTestId('azure-account').count()).toBe(0);
  await screenshot(page, `${shots}-03-groups`);
  await page.getByRole('row', { name: /rg-recovery/ }).click();
  // rg-recovery has two storage accounts in the simulator: nothing is preselected.
  const account = stepOf(page, 'storageAccount')
    .getByRole('row', { name: /rgrecovery/ })
    .first();
  await account.waitFor();
  const accountName = ((await account.locator('td').first().textContent()) ?? '').trim();
  expect(accountName).toMatch(/^rgrecovery\d+$/);
  await account.click();

  await page.getByRole('button', { name: 'Restore to cloud' }).waitFor();
  await screenshot(page, `${shots}-04-summary`);
  await page.getByRole('button', { name: 'Restore to cloud' }).click();
  const started = page.getByRole('dialog', { name: 'The restore to Azure has started' });
  await started.getByText('Restore completed').waitFor({ timeout: 30_000 });
  await started.getByRole('button', { name: 'Go to the client page' }).click();

  // The finished restore in the client page's Azure exports panel, then dismissed.
  const panel = page.getByRole('region', { name: 'Azure exports' });
  const job = panel.getByTestId('azure-job').filter({ hasText: accountName });
  await job.getByText('completed', { exact: true }).waitFor({ timeout: 30_000 });
  await job.scrollIntoViewIfNeeded();
  await screenshot(page, `${shots}-05-panel`);
  await job.getByRole('button', { name: 'Dismiss' }).click();
  const confirm = page.getByRole('dialog', { name: 'Dismiss this job?' });
  await confirm.getByRole('button', { name: 'Dismiss' }).click();
  await confirm.waitFor({ state: 'hidden' });
  await job.waitFor({ state: 'detached' });
  await context.close();
}

/** The reseller's whole page: client, device, point, two sign-ins, group, account, restore, panel. */
async function resellerRestores(viewport: Viewport, shots: string): Promise<void> {
  const { context, page } = await openPage(browser, viewport);
  await signIn(page, 'reseller');
  await page.goto('/azure_export/view');
  await stepOf(page, 'client')
    .getByRole('row', { name: /Acme Dental Group/ })
    .click();
  await page.getByRole('row', { name: /BK01-ACME/ }).waitFor();
  await pickDeviceAndPoint(page, /BK01-ACME/);

  await page.getByTestId('device-code').waitFor();
  await signInOnSimulator(context, page, null);
  await page.getByTestId('manager-granted').waitFor();
  await page.getByRole('button', { name: 'Grant storage access' }).click();
  await page.getByText('2. Grant access to Azure Storage').waitFor();
  await signInOnSimulator(context, page, null);

  // rg-recovery has two storage accounts in the simulator (the others' counts vary by session):
  // the second is chosen, and the summary opens.
  await page.getByRole('row', { name: /rg-recovery/ }).click();
  const accountRow = stepOf(page, 'storageAccount')
    .getByRole('row', { name: /rgrecovery/ })
    .last();
  await accountRow.waitFor();
  const storageAccount = ((await accountRow.locator('td').first().textContent()) ?? '').trim();
  expect(storageAccount).toMatch(/^rgrecovery\d+$/);
  await accountRow.click();
  const summary = stepOf(page, 'summary');
  await summary.getByRole('row', { name: /Storage account/ }).waitFor();
  expect(await summary.getByRole('row', { name: /Storage account/ }).textContent()).toContain(storageAccount);
  expect(await summary.getByRole('row', { name: /Resource group/ }).textContent()).toContain('rg-recovery');
  expect(await summary.getByRole('row', { name: /Client/ }).textContent()).toContain('Acme Dental Group');
  const account = (
    (await summary
      .getByRole('row', { name: /Azure account/ })
      .locator('td')
      .textContent()) ?? ''
  ).trim();
  expect(account).toContain('@');
  await screenshot(page, `${shots}-summary`);
  await summary.getByRole('button', { name: 'Restore to cloud' }).click();
  const started = page.getByRole('dialog', { name: 'The restore to Azure has started' });
  await started.getByText('Restore completed').waitFor({ timeout: 30_000 });
  await started.getByRole('button', { name: 'Go to the dashboard' }).click();

  // The dashboard's Azure exports panel shows the job with its stages, then it is dismissed.
  const panel = page.getByRole('region', { name: 'Azure exports' });
  const job = panel.getByTestId('azure-job').filter({ hasText: `Storage account: ${storageAccount}` });
  await job.getByText('completed', { exact: true }).waitFor({ timeout: 30_000 });
  expect(await job.textContent()).toContain(`Azure account: ${account}`);
  await job.getByText(/^Disk 0:/).waitFor();
  await job.scrollIntoViewIfNeeded();
  await screenshot(page, `${shots}-dashboard`);
  // Dismiss asks first; keeping the job leaves it there.
  await job.getByRole('button', { name: 'Dismiss' }).click();
  const confirm = page.getByRole('dialog', { name: 'Dismiss this job?' });
  await confirm.waitFor();
  await screenshot(page, `${shots}-dismiss`);
  await confirm.getByRole('button', { name: 'Dismiss' }).click();
  await confirm.waitFor({ state: 'hidden' });
  await job.waitFor({ state: 'detached' });
  // Gone for good: the panel loads afresh without it.
  await page.reload();
  await panel.waitFor();
  expect(await job.count()).toBe(0);
  await context.close();
}

describe('Azure direct restore', () => {
  it('walks a reseller through the whole page to the dashboard panel, at 1440 px', async () => {
    await resellerRestores(WIDE, 'azure-reseller-1440');
  }, 180_000);

  it('walks a reseller through the whole page at 768 px', async () => {
    await resellerRestores(NARROW, 'azure-reseller-768');
  }, 180_000);

  it("shows the provider's staff the switch on a reseller's settings, not the reseller", async () => {
    // Read only: the demo reseller's flag is what the other tests rely on.
    for (const viewport of [WIDE, NARROW]) {
      const reseller = await openPage(browser, viewport);
      await signIn(reseller.page, 'reseller');
      const resellerId = await organisationId(reseller.page);
      await reseller.page.goto(`/settings/reseller_settings/view/${resellerId}`);
      await reseller.page.getByRole('tab', { name: 'Failover approval' }).waitFor();
      expect(await reseller.page.getByRole('tab', { name: 'Azure direct restore' }).count()).toBe(0);
      await reseller.context.close();

      const { context, page } = await openPage(browser, viewport);
      await signIn(page, 'staff');
      await page.goto(`/settings/reseller_settings/view/${resellerId}`);
      await page.getByRole('tab', { name: 'Azure direct restore' }).click();
      const toggle = page.getByRole('switch', { name: /Azure direct restore/ });
      await toggle.waitFor({ state: 'attached' });
      expect(await toggle.isChecked()).toBe(true);
      await screenshot(page, `azure-staff-switch-${viewport.width}`);
      await context.close();
    }
  }, 180_000);

  it('shows the regenerate button once a code has passed its 900 s', async () => {
    const { context, page } = await openPage(browser, WIDE);
    // The page's clock, installed before the page loads, is moved; the server's code is untouched.
    await page.clock.install();
    await signIn(page, 'client');
    await page.goto('/azure_export/view');
    await page.getByRole('row', { name: /BK01-ACME/ }).waitFor();
    await pickDeviceAndPoint(page, /BK01-ACME/);
    const first = ((await page.getByTestId('device-code').textContent()) ?? '').trim();
    expect(await page.getByTestId('code-countdown').textContent()).toMatch(/^1[45]:\d\d$/);
    await page.clock.fastForward('14:00');
    await page
      .getByTestId('code-countdown')
      .filter({ hasText: /^0[01]:\d\d$/ })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Regenerate the code' }).count()).toBe(0);
    await page.clock.fastForward('01:01');
    const regenerate = page.getByRole('button', { name: 'Regenerate the code' });
    await regenerate.waitFor();
    expect(await page.getByTestId('device-code').count()).toBe(0);
    await page.getByText('This code has expired. Ask for a new one to sign in.').waitFor();
    await screenshot(page, 'azure-1440-expired');
    // A new code is asked for; once the page's clock is back to the real time (the server's), it
    // counts down from 15:00 again. (Moving the clock back first would un-expire the old code.)
    const asked = page.waitForResponse(
      (r) => r.url().includes('/azure_export/get_azure_authentication_data/manager') && r.ok(),
    );
    await regenerate.click();
    await asked;
    await page.clock.setSystemTime(Date.now());
    const code = page.getByTestId('device-code');
    await code.waitFor();
    expect(((await code.textContent()) ?? '').trim()).not.toBe(first);
    expect(await page.getByTestId('code-countdown').textContent()).toMatch(/^1[45]:\d\d$/);
    await context.close();
  }, 180_000);

  it('counts the code down from the server’s time left when the PC clock is 15 minutes fast', async () => {
    const { context, page } = await openPage(browser, WIDE);
    await page.clock.install({ time: Date.now() + 15 * 60_000 });
    await signIn(page, 'client');
    await page.goto('/azure_export/view');
    await page.getByRole('row', { name: /BK01-ACME/ }).waitFor();
    await pickDeviceAndPoint(page, /BK01-ACME/);
    await page.getByTestId('device-code').waitFor();
    expect(await page.getByTestId('code-countdown').textContent()).toMatch(/^1[45]:\d\d$/);
    expect(await page.getByRole('button', { name: 'Regenerate the code' }).count()).toBe(0);
    await context.close();
  }, 180_000);

  it('shows a client with macOS systems only as not selectable, with the reason', async () => {
    const { context, page } = await openPage(browser, WIDE);
    await signIn(page, 'reseller');
    await page.goto('/azure_export/view');
    // The demo's Pixel Forge Studios protects Macs only.
    const row = stepOf(page, 'client').getByRole('row', { name: /Pixel Forge Studios/ });
    await row.waitFor();
    expect(await row.getAttribute('aria-disabled')).toBe('true');
    await row.hover();
    await page
      .getByText('This client protects macOS systems only, which cannot be restored to Azure.')
      .waitFor();
    await screenshot(page, 'azure-1440-macos-client');
    await context.close();
  }, 180_000);

  it('walks a client user from typeRB to a finished restore in the panel, at 1440 px', async () => {
    await restoreToAzure(WIDE, 'azure-1440');
  }, 180_000);

  it('shows a reseller the client step first, at 768 and 390 px', async () => {
    for (const [viewport, name] of [
      [NARROW, 'azure-768'],
      [PHONE, 'azure-390'],
    ] as const) {
      const { context, page } = await openPage(browser, viewport);
      await signIn(page, 'reseller');
      await page.goto('/azure_export/view');
      await stepOf(page, 'client')
        .getByRole('row', { name: /Acme Dental Group/ })
        .waitFor();
      // Every later step waits for its prerequisites.
      expect(await stepOf(page, 'summary').getByRole('button').first().isDisabled()).toBe(true);
      await screenshot(page, `${name}-01-clients`);
      await page.getByRole('row', { name: /Acme Dental Group/ }).click();
      await page.getByRole('row', { name: /BK01-ACME/ }).waitFor();
      await screenshot(page, `${name}-02-device`);
      await context.close();
    }
  }, 180_000);
});
