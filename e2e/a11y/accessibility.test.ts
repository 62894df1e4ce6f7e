import fs from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AxeFinding, accessibilityFindings } from '../support/axe';
import { launchBrowser, navTabs, openPage, signIn } from '../support/browser';
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

interface Finding extends AxeFinding {
  where: string;
}

const LOADING =
  '[aria-busy="true"], .mantine-Skeleton-root[data-visible="true"], .mantine-Loader-root, [data-loading="true"]';

/** Nothing is still loading (skeletons, spinners, tables fetching) or fading in. */
async function loaded(page: Page): Promise<void> {
  await page.waitForFunction((sel) => document.querySelectorAll(sel).length === 0, LOADING, {
    timeout: 30_000,
    polling: 100,
  });
  // A dialog or menu half faded in has colours axe would misjudge.
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running'),
    undefined,
    {
      timeout: 30_000,
      polling: 100,
    },
  );
}

/** The element and everything around it are fully opaque (its transition in has ended). */
async function opaque(target: Locator): Promise<void> {
  await target.evaluate(
    (el) =>
      new Promise<void>((resolve) => {
        const check = () => {
          for (let e: Element | null = el; e; e = e.parentElement)
            if (Number(getComputedStyle(e).opacity) < 1) return void requestAnimationFrame(check);
          resolve();
        };
        check();
      }),
  );
}

class Scanner {
  readonly findings: Finding[] = [];
  readonly scanned: string[] = [];

  constructor(readonly page: Page) {}

  /** Scans what is on screen now; a page (not a dialog or menu) must have exactly one h1. */
  async scan(where: string, isPage = true): Promise<void> {
    this.scanned.push(where);
    for (const f of await accessibilityFindings(this.page)) this.findings.push({ ...f, where });
    if (process.env.AXE_LOG)
      fs.appendFileSync(
        process.env.AXE_LOG,
        `${where}\n${JSON.stringify(this.findings.filter((f) => f.where === where))}\n`,
      );
    if (!isPage) return;
    const h1 = await this.page.locator('h1:visible').count();
    if (h1 !== 1)
      this.findings.push({ id: 'one-h1', impact: '', help: `${h1} h1 elements`, targets: [], where });
  }

  /** Opens a page by its address, waits for its heading and data, and scans it. */
  async visit(path: string): Promise<void> {
    await this.page.goto(path);
    // A page without its h1 is a finding (scan counts them), not a crash of the walk.
    await this.page
      .locator('main h1')
      .first()
      .waitFor()
      .catch(() => undefined);
    await loaded(this.page);
    await this.scan(path);
  }

  /** Clicks `opener`, scans the dialog it opens, and closes it with Escape (a cancel). */
  async dialog(where: string, opener: Locator): Promise<void> {
    await opener.click();
    const dialog = this.page.getByRole('dialog').last();
    await dialog.waitFor();
    await opaque(dialog);
    await loaded(this.page);
    await this.scan(where, false);
    await this.page.keyboard.press('Escape');
    await this.page.getByRole('dialog').first().waitFor({ state: 'detached' });
  }

  /** Every dialog button of this list the page shows, opened and cancelled. */
  async dialogs(where: string, names: readonly string[]): Promise<void> {
    for (const name of names) {
      const button = this.page.getByRole('button', { name, exact: true });
      if ((await button.count()) === 0 || !(await button.first().isEnabled())) continue;
      await this.dialog(`${where} · ${name}`, button.first());
    }
  }

  /** The first row's actions menu, then each of its dialog items (edit, delete) opened and cancelled. */
  async rowMenu(where: string): Promise<void> {
    const actions = this.page.getByRole('button', { name: /^Actions for / });
    if ((await actions.count()) === 0) return;
    await actions.first().click();
    const menu = this.page.getByRole('menu');
    await menu.waitFor();
    await opaque(menu);
    await loaded(this.page);
    await this.scan(`${where} · row menu`, false);
    const items = (await menu.getByRole('menuitem').allInnerTexts()).map((t) => t.trim());
    await this.page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    for (const item of items.filter((t) => /^(Edit|Delete|Reset MFA)/.test(t))) {
      await actions.first().click();
      await this.dialog(`${where} · ${item}`, this.page.getByRole('menuitem', { name: item, exact: true }));
    }
  }

  /** Each tab of a tab list, chosen and scanned. */
  async tabs(where: string): Promise<void> {
    const tabs = this.page.getByRole('tab');
    const names = (await tabs.allInnerTexts()).map((t) => t.trim());
    for (const name of names.slice(1)) {
      await this.page.getByRole('tab', { name, exact: true }).click();
      await loaded(this.page);
      await this.scan(`${where} · ${name}`);
      await this.dialogs(`${where} · ${name}`, DIALOG_BUTTONS);
    }
  }

  /** The first link on the page whose address starts with `prefix`. */
  async firstLink(prefix: string): Promise<string | null> {
    const link = this.page.locator(`a[href^="${prefix}"]`);
    return (await link.count()) > 0 ? link.first().getAttribute('href') : null;
  }
}

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
    await s.scan(`${path} · Job details`, false);
    const job = await modal.locator('a[href^="/job/details/"]').first().getAttribute('href');
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    if (job) await s.visit(job);
  }
  // The recovery wizard's first steps, closed without choosing anything that acts.
  await page.goto(path);
  await page.getByTestId('device-actions').waitFor();
  await loaded(page);
  const recover = page.getByTestId('device-actions').getByRole('button', { name: /^Recover/ });
  if ((await recover.count()) > 0 && (await recover.first().isEnabled())) {
    await recover.first().click();
    const wizard = page.getByRole('dialog');
    await wizard.getByTestId('wizard-step').waitFor();
    await loaded(page);
    await s.scan(`${path} · recovery wizard`, false);
    const first = wizard.getByRole('button', { name: 'Appliance and cloud backups' });
    if ((await first.count()) > 0) {
      await first.click();
      await wizard.locator('[data-testid="wizard-step"][data-step="type"]').waitFor();
      await loaded(page);
      await s.scan(`${path} · recovery wizard · type`, false);
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
  await s.tabs(`/settings/client_settings/view/${id}`);
  await s.visit(`/client/runbooks/${id}`);
  await s.dialogs(`/client/runbooks/${id}`, DIALOG_BUTTONS);
  // The inventory's tabs share one table: its first tab, and for one user the virtualized one.
  const types = full ? ['PROTECTED', 'VIRTUALIZED'] : ['PROTECTED'];
  for (const type of types) await s.visit(`/dashboardumc/inventory/${id}/${type}`);
  if (full) await s.rowMenu(`/dashboardumc/inventory/${id}/PROTECTED`);
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
    if (tab === 'support') await s.tabs(path);
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
    if (user === 'reseller') await s.tabs(settings);
  }
  if (user !== 'client') await s.visit('/dashboard/appliance_list');
  await s.visit('/failover/offices');
  await s.visit('/azure_export/view');
  if (full) {
    await s.visit('/account/security');
    await s.visit('/audit');
  }
}

const USERS = ['staff', 'reseller', 'reseller2', 'client'] as const;

describe('accessibility (axe: no serious or critical finding, headings in order, one h1)', () => {
  for (const user of USERS) {
    it(`every page and dialog of ${user}`, async () => {
      const { context, page } = await openPage(browser);
      const s = new Scanner(page);
      await signIn(page, user);
      await walk(s, user);
      await context.close();
      // It walked the pages it should have (a broken walk must not pass as "no findings").
      expect(s.scanned.length).toBeGreaterThan(user === 'client' ? 6 : 10);
      expect(s.findings).toEqual([]);
    }, 900_000);
  }
});
