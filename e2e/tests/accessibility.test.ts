import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, navTabs, openPage, signIn } from '../support/browser';
import { loaded, Scanner } from '../support/scanner';
import { organisationId } from '../support/session';

// Issue 18.20: axe on every page a demo user can reach and on every dialog those pages open
// without a lasting effect (add and edit dialogs, confirmations, menus, the recovery wizard's
// first steps, each closed again), with no serious or critical finding, headings in order
// (axe's heading-order) and one h1 per page. Each user's findings are collected and compared
// with none at the end, so one run lists them all.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// Buttons that open a dialog which only a further click would act on.
const DIALOG_BUTTONS = [
  'Add client',
  'Add user',
  'Add reseller',
  'Add distributor',
  'Download agent',
  'New runbook',
  'Add schedule',
  'Add site',
  'Add appliances',
  'Edit',
  'Delete',
  'Legend',
  'Alert settings',
  'Last result',
  'Show them',
] as const;

async function devicePage(s: Scanner, path: string): Promise<void> {
  const { page } = s;
  await s.visit(path);
  await s.dialogs(path, DIALOG_BUTTONS);
  // A job run's details, and the run as a page.
  const firstRun = page.getByTestId('job-history').locator('tbody tr').first();
  if ((await firstRun.count()) > 0) {
    await firstRun.getByRole('button').first().click();
    const modal = page.getByRole('dialog', { name: 'Job details' });
    await modal.waitFor();
    await loaded(page);
    await s.scan(`${path} · Job details`, modal);
    const job = await modal.locator('a[href^="/job/details/"]').first().getAttribute('href');
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    if (job) {
      await s.visit(job);
      await s.go(path);
    }
  }
  // The recovery wizard's first steps, closed without choosing anything that acts.
  await page.getByTestId('device-actions').waitFor();
  await loaded(page);
  const recover = page.getByTestId('device-actions').getByRole('button', { name: /^Recover/ });
  if ((await recover.count()) > 0 && (await recover.first().isEnabled())) {
    await recover.first().click();
    const wizard = page.getByRole('dialog');
    await wizard.getByTestId('wizard-step').waitFor();
    await loaded(page);
    await s.scan(`${path} · recovery wizard`, wizard);
    const first = wizard.getByRole('button', { name: 'Appliance and cloud backups' });
    if ((await first.count()) > 0) {
      await first.click();
      await wizard.locator('[data-testid="wizard-step"][data-step="type"]').waitFor();
      await loaded(page);
      await s.scan(`${path} · recovery wizard · type`, wizard);
    }
    await page.keyboard.press('Escape');
    await wizard.waitFor({ state: 'detached' });
  }
}

async function clientPages(s: Scanner, clientPath: string, full: boolean): Promise<void> {
  const id = clientPath.split('/')[3];
  await s.visit(clientPath);
  await s.dialogs(clientPath, DIALOG_BUTTONS);
  await s.visit(`/settings/client_settings/view/${id}`);
  await s.tabs(`/settings/client_settings/view/${id}`, DIALOG_BUTTONS);
  await s.visit(`/client/runbooks/${id}`);
  await s.dialogs(`/client/runbooks/${id}`, DIALOG_BUTTONS);
  // The inventory's tabs share one table: its first tab, and for one user the virtualized one.
  const inventory = `/dashboardumc/inventory/${id}/PROTECTED`;
  await s.visit(inventory);
  if (!full) return;
  await s.rowMenu(inventory);
  const virtualized = s.page.getByRole('tab', { name: /^Virtualized\b/ });
  if ((await virtualized.count()) === 0) return;
  await virtualized.first().click();
  await s.page.getByRole('tab', { name: /^Virtualized\b/, selected: true }).waitFor();
  await loaded(s.page);
  await s.scan(`${inventory} · Virtualized`);
}

/**
 * Every page and dialog of a signed-in user: the tabs, then the detail pages their links reach.
 * The entity tables' row dialogs and the detail pages' dialogs are the same components for every
 * user: they are opened as staff and as the demo reseller (`full`), the pages as everyone.
 */
async function walk(s: Scanner, user: string): Promise<void> {
  const { page } = s;
  const full = user === 'reseller' || user === 'staff';
  const links = new Map<string, string>();
  const remember = async (prefix: string) => {
    if (links.has(prefix)) return;
    const href = await s.firstLink(prefix);
    if (href) links.set(prefix, href);
  };
  for (const tab of await navTabs(page)) {
    const path = `/home/${tab}`;
    await s.visit(path);
    if (full) {
      await s.dialogs(path, DIALOG_BUTTONS);
      await s.rowMenu(path);
    }
    if (tab === 'support') await s.tabs(path, DIALOG_BUTTONS);
    for (const prefix of [
      '/device/details/',
      '/client/details/',
      '/appliance/details/',
      '/vault/details/',
      '/reseller/details/',
    ])
      await remember(prefix);
  }
  const device = links.get('/device/details/');
  if (device) {
    if (full || user === 'client') await devicePage(s, device);
    else await s.visit(device);
  }
  const client =
    user === 'client' ? `/client/details/${await organisationId(page)}` : links.get('/client/details/');
  if (client) await clientPages(s, client, user === 'reseller');
  for (const prefix of ['/appliance/details/', '/vault/details/', '/reseller/details/']) {
    const href = links.get(prefix);
    if (href) {
      await s.visit(href);
      if (full) await s.dialogs(href, DIALOG_BUTTONS);
    }
  }
  if (user === 'reseller' || user === 'reseller2') {
    const settings = `/settings/reseller_settings/view/${await organisationId(page)}`;
    await s.visit(settings);
    if (user === 'reseller') await s.tabs(settings, DIALOG_BUTTONS);
  }
  if (user !== 'client') await s.visit('/dashboard/appliance_list');
  await s.visit('/failover/offices');
  await s.visit('/azure_export/view');
  if (full) {
    await s.visit('/account/security');
    await s.visit('/audit');
  }
}

// The demo accounts of the generated fleet (packages/fleet/src/demo-accounts.ts), every one.
const USERS = ['distributor', 'staff', 'reseller', 'reseller2', 'client'] as const;

describe('accessibility (axe: no serious or critical finding, headings in order, one h1)', () => {
  for (const user of USERS) {
    it(`every page and dialog of ${user}`, async () => {
      const { context, page } = await openPage(browser);
      const s = new Scanner(page);
      const started = Date.now();
      await signIn(page, user);
      await walk(s, user);
      await context.close();
      console.log(`${user}: ${s.scanned.length} scans in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      // It walked the pages it should have (a broken walk must not pass as "no findings").
      expect(s.scanned.length).toBeGreaterThan(user === 'client' ? 6 : 10);
      expect(s.findings).toEqual([]);
    }, 300_000);
  }
});
