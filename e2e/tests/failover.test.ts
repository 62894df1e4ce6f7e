import type { SessionResponse } from '@lifeboat/contract';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, PHONE, screenshot, signIn, type Viewport } from '../support/browser';
import { organisationId } from '../support/session';
import { waitForStep } from '../support/wizard';

// The cloud virtual office (issue 16) as the demo `reseller` on Acme Dental Group: a test office
// from a runbook with an auto-stop, watched until it runs and stopped; the approval of production
// offices turned on by the reseller, a request withdrawn, one the `distributor` refuses and one the
// provider's `staff` approves; a runbook created and edited on the runbooks page. Each test makes
// its own runbook (named uniquely) and ends with no office running for the client.

const WIDE: Viewport = { width: 1440, height: 900 };
const NARROW: Viewport = { width: 768, height: 1024 };
const CLIENT = 'Acme Dental Group';
const xhr = { 'x-requested-with': 'XMLHttpRequest' };
/** An office test signs in (twice for the approval), walks the wizard and waits for boot and stop. */
const OFFICE_TEST_MS = 120_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function session(request: APIRequestContext): Promise<SessionResponse & { csrfToken: string }> {
  return (await request.get('/api/session', { headers: xhr })).json();
}

/** Acme's client id, from the reseller's client list. */
async function acmeId(context: BrowserContext): Promise<number> {
  const s = await session(context.request);
  const res = await context.request.get(`/reseller/get_reseller_clients/${s.user.organisationId}`, {
    headers: { ...xhr, 'x-csrf-token': s.csrfToken },
  });
  const rows: { id: number; name: string }[] = (await res.json()).table_data.data;
  const acme = rows.find((r) => r.name === CLIENT);
  expect(acme).toBeDefined();
  return acme?.id ?? 0;
}

/** A cloud runbook of Acme with its first two startable systems, made through the API. */
async function makeRunbook(context: BrowserContext, clientId: number, name: string): Promise<void> {
  const s = await session(context.request);
  const headers = { ...xhr, 'x-csrf-token': s.csrfToken };
  const list = await (await context.request.get(`/runbook/list/${clientId}`, { headers })).json();
  const systems = (list.systems as { id: number; startable: boolean }[])
    .filter((x) => x.startable)
    .slice(0, 2);
  expect(systems.length).toBeGreaterThan(0);
  const res = await context.request.post('/runbook/create', {
    headers,
    data: {
      client_id: clientId,
      name,
      vo_type: 'cloud',
      appliance_id: null,
      gateway: '10.20.0.1',
      netmask: '255.255.255.0',
      password: '',
      clear_password: false,
      systems: systems.map((x, i) => ({ system_id: x.id, group: i + 1, delay_seconds: 0, ip_address: '' })),
    },
  });
  expect(res.status()).toBe(200);
}

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The reseller's wizard from the dashboard to setVirtualizationRunbook for Acme. */
async function toOfficeStart(page: Page): Promise<void> {
  const s = (await page.evaluate(async () =>
    (await fetch('/api/session', { headers: { 'X-Requested-With': 'XMLHttpRequest' } })).json(),
  )) as SessionResponse;
  await page.goto(`/home/reseller-dashboard?recover=reseller:${s.user.organisationId}`);
  await waitForStep(page, 'clientSelect');
  const row = page.getByRole('dialog').getByRole('row', { name: new RegExp(CLIENT) });
  await row.click();
  await waitForStep(page, 'recoverToolSelect');
  await page.getByRole('button', { name: 'Direct-to-cloud backups' }).click();
  await waitForStep(page, 'typeRB');
  await page.getByRole('button', { name: 'Cloud virtual office' }).click();
  await waitForStep(page, 'setVirtualizationRunbook');
  // The choice is there whether the client has runbooks or not (the tests run in any order).
  await page
    .getByRole('dialog')
    .getByRole('radio', { name: /Choose the systems to start myself/ })
    .waitFor();
}

async function chooseRunbook(page: Page, name: string, shots: string | null): Promise<void> {
  const dialog = page.getByRole('dialog');
  const start = dialog.getByRole('button', { name: 'Start', exact: true });
  // Start waits for a runbook row (recovery-flow 5).
  expect(await start.isDisabled()).toBe(true);
  await dialog.getByRole('radio', { name: /Use a runbook/ }).check();
  const row = dialog.getByRole('row', { name: new RegExp(name) });
  await row.waitFor();
  if (shots) await screenshot(page, `${shots}-01-runbook`);
  await row.click();
  await start.click();
}

/**
 * Where the wizard lands once the office is up: the client's office shows at once, never the
 * 'no office' the page (or the wizard's own check) read before the start.
 */
async function officeShownAtOnce(page: Page, clientId: number): Promise<void> {
  await page.waitForURL(`**/client/details/${clientId}/1`, { timeout: 60_000 });
  const office = page.getByTestId('virtual-office');
  await office.getByTestId('office-phase').waitFor({ timeout: 2_000 });
  expect(await office.getByText('No virtual office runs for this client.').count()).toBe(0);
}

/** The page at 1440, 768 and 390 px, back at its own width afterwards. */
async function shots(page: Page, name: string): Promise<void> {
  const own = page.viewportSize() ?? WIDE;
  for (const v of [WIDE, NARROW, PHONE]) {
    await page.setViewportSize(v);
    await screenshot(page, `${name}-${v.width}`);
  }
  await page.setViewportSize(own);
}

/** The reseller asks for a production office of one system of Acme, up to the approval wait. */
async function requestProduction(page: Page, reason: string, withShots: boolean): Promise<void> {
  await toOfficeStart(page);
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: /Choose the systems to start myself/ }).check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await waitForStep(page, 'setVirtualizationType');
  await page.getByRole('button', { name: 'Production virtual office' }).click();
  await waitForStep(page, 'setVirtualizationFailover');
  // One system is enough to see the office start: every other chosen one is unchosen.
  const systems = dialog.getByTestId('failover-systems').locator('input[type="checkbox"]:not(:disabled)');
  await systems.first().waitFor();
  await systems.first().check();
  const count = await systems.count();
  for (let i = 1; i < count; i++) await systems.nth(i).uncheck();
  if (withShots) await screenshot(page, 'failover-768-setup');
  await dialog.getByRole('button', { name: 'Next' }).click();
  // Production skips the auto-stop (recovery-flow 4).
  await waitForStep(page, 'createFailover');
  await dialog.getByLabel('Reason').fill(reason);
  if (withShots) await screenshot(page, 'failover-768-create');
  await dialog.getByRole('button', { name: 'Request approval' }).click();
  await page.getByTestId('failover-approval-wait').waitFor({ timeout: 15_000 });
  if (withShots) await screenshot(page, 'failover-768-waiting');
}

/** On the client's virtual office page: every system running, then Stop with its confirmation. */
async function stopOffice(page: Page, shots: string | null): Promise<void> {
  const office = page.getByTestId('virtual-office');
  await office.getByTestId('office-phase').getByText('Running').waitFor({ timeout: 60_000 });
  await expect
    .poll(async () => office.locator('[data-testid="office-system"]:not([data-state="running"])').count(), {
      timeout: 60_000,
    })
    .toBe(0);
  if (shots) {
    await screenshot(page, `${shots}-office`);
    await page.setViewportSize(PHONE);
    await screenshot(page, 'failover-390-office');
    await page.setViewportSize(WIDE);
  }
  await office.getByRole('button', { name: 'Stop the office' }).click();
  const confirm = page.getByRole('dialog', { name: 'Stop the virtual office?' });
  await confirm.getByRole('button', { name: 'Stop the office' }).click();
  await page.getByText('The virtual office is stopped.').waitFor();
  await confirm.waitFor({ state: 'hidden' });
  await page.getByText('No virtual office runs for this client.').waitFor({ timeout: 15_000 });
}

async function testOffice(viewport: Viewport, shots: string | null): Promise<void> {
  const { context, page } = await openPage(browser, viewport);
  await signIn(page, 'reseller');
  const clientId = await acmeId(context);
  const runbook = unique('Test office');
  await makeRunbook(context, clientId, runbook);
  await toOfficeStart(page);
  await chooseRunbook(page, runbook, shots);
  await waitForStep(page, 'setRunbookVirtualizationType');
  await page.getByRole('button', { name: 'Test virtual office' }).click();
  await waitForStep(page, 'startRunbookWarning');
  const next = page.getByRole('dialog').getByRole('button', { name: /^Continue/ });
  await expect.poll(() => next.isEnabled(), { timeout: 15_000 }).toBe(true);
  await next.click();
  await waitForStep(page, 'setVoVmsAutoStop');
  // Half an hour ahead breaks the rule (at least one hour); two days ahead passes.
  const at = page.getByTestId('autostop-at');
  const local = (ms: number) => {
    const d = new Date(ms);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
  };
  await at.fill(local(Date.now() + 30 * 60_000));
  await page.getByText('The auto-stop time must be at least one hour in the future.').waitFor();
  expect(await page.getByRole('dialog').getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
  if (shots) {
    await screenshot(page, `${shots}-04-autostop-error`);
    await page.setViewportSize(PHONE);
    await screenshot(page, 'failover-390-autostop-error');
    await page.setViewportSize(WIDE);
  }
  await at.fill(local(Date.now() + 2 * 24 * 3_600_000));
  await page.getByRole('dialog').getByRole('button', { name: 'Next' }).click();
  await waitForStep(page, 'createRunbookFailover');
  await page.getByRole('button', { name: 'Start the test office' }).click();
  // The wizard follows the office until it is up, then opens the client's virtual office.
  await officeShownAtOnce(page, clientId);
  await page.getByTestId('virtual-office').getByText('Auto-stop').waitFor();
  expect(await page.getByTestId('virtual-office').getByText(runbook).isVisible()).toBe(true);
  await stopOffice(page, shots);
  await context.close();
}

describe('cloud virtual office (issue 16)', () => {
  it(
    'starts a test office from a runbook with an auto-stop, watches it come up and stops it',
    async () => {
      await testOffice(WIDE, 'failover-1440');
    },
    OFFICE_TEST_MS,
  );

  it(
    'approval is opt-in: turned on, a request is withdrawn, refused with a reason the requester reads, and approved',
    async () => {
      const r = await openPage(browser, NARROW);
      await signIn(r.page, 'reseller');
      const clientId = await acmeId(r.context);
      const resellerId = await organisationId(r.page);
      try {
        // Off by default: the reseller turns it on on its settings screen (no confirmation to add a safeguard).
        await r.page.goto(`/settings/reseller_settings/view/${resellerId}`);
        await r.page.getByRole('tab', { name: 'Failover approval' }).click();
        const toggle = r.page.getByRole('switch', { name: /Production failover needs approval/ });
        await toggle.waitFor({ state: 'attached' });
        expect(await toggle.isChecked()).toBe(false);
        await toggle.click();
        await r.page.getByText('Production failovers now wait for a second person’s approval.').waitFor();
        await screenshot(r.page, 'failover-768-approval-setting');

        // The requester withdraws their own request from the client's page.
        await requestProduction(r.page, 'Power cut at the main site', true);
        await r.page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
        await r.page.goto(`/client/details/${clientId}`);
        const mine = r.page.getByTestId('approval-request').filter({ hasText: 'Power cut at the main site' });
        await mine.getByText('Your request').waitFor({ timeout: 15_000 });
        await shots(r.page, 'failover-withdraw');
        await mine.getByRole('button', { name: 'Withdraw' }).click();
        const withdraw = r.page.getByRole('dialog', { name: 'Withdraw your request?' });
        await withdraw.getByRole('button', { name: 'Withdraw the request' }).click();
        await r.page.getByText(`Your request for a production office of ${CLIENT} was withdrawn.`).waitFor();
        await mine.waitFor({ state: 'detached' });
        expect(await r.page.getByTestId('office-refusal').count()).toBe(0);

        // The distributor sees the next request on its home page as one to decide, and refuses it.
        await requestProduction(r.page, 'Fire at the main site', false);
        const d = await openPage(browser, WIDE);
        await signIn(d.page, 'distributor');
        await d.page.goto('/home/resellers');
        const asked = d.page.getByTestId('approval-request').filter({ hasText: 'Fire at the main site' });
        await asked.getByRole('button', { name: 'Approve' }).waitFor({ timeout: 15_000 });
        expect(await asked.getByText('Your request').count()).toBe(0);
        await shots(d.page, 'failover-distributor-home');
        await asked.getByRole('button', { name: 'Refuse' }).click();
        const refuse = d.page.getByRole('dialog', { name: 'Refuse the production office?' });
        await refuse.getByLabel('Why not? (optional)').fill('Use the test office first');
        await refuse.getByRole('button', { name: 'Refuse' }).click();
        await d.page.getByText(`The production office of ${CLIENT} was refused.`).waitFor();
        await d.context.close();

        // The requester's wizard says so, and so does the client's page after it.
        await waitForStep(r.page, 'createFailoverFailed');
        await r.page.getByRole('dialog').getByText('Use the test office first').waitFor();
        await r.page.goto(`/client/details/${clientId}`);
        const refusal = r.page.getByTestId('office-refusal');
        await refusal
          .getByText(/refused this failover: Use the test office first/)
          .waitFor({ timeout: 15_000 });
        await shots(r.page, 'failover-refused');

        // The provider's staff approves the third from its home page, and it starts.
        await requestProduction(r.page, 'Flood at the main site', false);
        const s = await openPage(browser, WIDE);
        await signIn(s.page, 'staff');
        await s.page.goto('/home/resellers');
        const request = s.page.getByTestId('approval-request').filter({ hasText: 'Flood at the main site' });
        await request.getByRole('button', { name: 'Approve' }).click({ timeout: 15_000 });
        const confirm = s.page.getByRole('dialog', { name: 'Approve the production office?' });
        await confirm.getByRole('button', { name: 'Approve and start' }).click();
        await s.page.getByText(`The production office of ${CLIENT} is starting.`).waitFor();
        await s.context.close();

        // The requester's wizard sees it start and opens the office.
        await officeShownAtOnce(r.page, clientId);
        await r.page.getByTestId('virtual-office').getByText('Production', { exact: true }).waitFor();
        await stopOffice(r.page, 'failover-768');
      } finally {
        // The demo reseller's default (off) for the tests that follow, whatever happened above.
        const session = await r.page.evaluate(async () =>
          (await fetch('/api/session', { headers: { 'X-Requested-With': 'XMLHttpRequest' } })).json(),
        );
        await r.context.request.post(`/settings/reseller_settings/save_failover_approval/${resellerId}`, {
          headers: { ...xhr, 'x-csrf-token': session.csrfToken },
          data: { approval_required: false },
        });
        await r.context.close();
      }
    },
    3 * OFFICE_TEST_MS,
  );

  it('creates and edits a runbook on the runbooks page', async () => {
    const { context, page } = await openPage(browser, WIDE);
    await signIn(page, 'reseller');
    const clientId = await acmeId(context);
    await page.goto(`/client/runbooks/${clientId}`);
    await page.getByRole('heading', { name: 'Runbooks' }).waitFor();
    await page.getByRole('button', { name: 'New runbook' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New runbook' });
    // An empty form shows each rule's message without a call.
    await dialog.getByLabel('Office gateway').fill('10.0.0');
    await dialog.getByRole('button', { name: 'Create runbook' }).click();
    await dialog.getByText('Enter the gateway as an IPv4 address, such as 10.0.0.1.').waitFor();
    await dialog.getByText('Add at least one system to the runbook.').waitFor();
    await screenshot(page, 'runbooks-1440-errors');
    const name = unique('Branch office');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Office gateway').fill('10.0.0.1');
    await dialog.getByRole('button', { name: 'Add a system' }).click();
    await dialog.getByPlaceholder('Choose a system').click();
    await page.getByRole('option', { disabled: false }).first().click();
    await dialog.getByRole('button', { name: 'Create runbook' }).click();
    await page.getByText(`Runbook ${name} created.`).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByTestId('runbook-row').filter({ hasText: name });
    await row.waitFor();
    expect(await row.getByText('Never run').isVisible()).toBe(true);

    await row.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await edit.getByLabel('Name').waitFor();
    expect(await edit.getByLabel('Name').inputValue()).toBe(name);
    await edit.getByLabel('Address').fill('10.0.0.1');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText('This is the gateway’s address.').waitFor();
    await edit.getByLabel('Address').fill('10.0.0.20');
    await edit.getByRole('button', { name: 'Add a system' }).click();
    await edit.getByPlaceholder('Choose a system').nth(1).click();
    await page.getByRole('option', { disabled: false }).nth(1).click();
    await screenshot(page, 'runbooks-1440-edit');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Runbook ${name} saved.`).waitFor();
    await edit.waitFor({ state: 'hidden' });
    await row.getByRole('cell', { name: '2', exact: true }).waitFor();
    await screenshot(page, 'runbooks-1440');
    await page.setViewportSize(NARROW);
    await screenshot(page, 'runbooks-768');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'runbooks-390');
    await context.close();
  });
});
