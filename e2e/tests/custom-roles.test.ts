import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  launchBrowser,
  navTabs,
  openPage,
  SCREENSHOTS,
  screenshotsAtWidths,
  sessionHeaders,
  signIn,
} from '../support/browser';

// Custom roles in the browser (docs/decisions.md 'Roles'): a reseller makes a "Technician" role
// without reports on the users tab, gives it to a new user, and that user signs in to find no
// Reports tab while the reports calls answer 403.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const REPORTS = 'Generate, schedule and download executive summary reports.';
/** Where the screens of this work are kept for people to look at. */
const SHOTS = process.env.LIFEBOAT_SHOTS_DIR;

function keep(names: string[]) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const n of names)
    for (const w of [1440, 768, 390])
      fs.copyFileSync(path.join(SCREENSHOTS, `${n}-${w}.png`), path.join(SHOTS, `${n}-${w}.png`));
}

describe('custom roles', () => {
  it('a reseller makes a Technician role without reports, gives it to a user, who has no reports', {
    timeout: 180_000,
  }, async () => {
    const run = Date.now().toString(36);
    const roleName = `Technician ${run}`;
    const username = `tech-${run}`;
    const password = 'technician password';
    const { context, page } = await openPage(browser, DESKTOP);
    page.setDefaultTimeout(15_000);
    await signIn(page, 'reseller');
    await page.goto('/user/empty_table');
    const section = page.getByTestId('roles-section');
    await section.getByText('Reseller (built-in)').waitFor();
    await section.getByRole('button', { name: 'Add role' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add role' });
    await dialog.getByLabel('Name').fill(roleName);
    // Every right the reseller may give, but reports.
    const boxes = dialog.getByRole('checkbox');
    for (let i = 0; i < (await boxes.count()); i++) {
      const box = boxes.nth(i);
      if (await box.isDisabled()) continue;
      const label = (await box.getAttribute('aria-label')) ?? '';
      const id = await box.getAttribute('id');
      const text = id ? ((await dialog.locator(`label[for="${id}"]`).textContent()) ?? label) : label;
      if (text.trim() !== REPORTS) await box.check();
    }
    expect(await dialog.getByRole('checkbox', { name: REPORTS }).isChecked()).toBe(false);
    await screenshotsAtWidths(page, 'roles-dialog');
    await dialog.getByRole('button', { name: 'Add role' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = section.getByRole('row').filter({ hasText: roleName });
    await row.waitFor();
    await screenshotsAtWidths(page, 'roles-section');

    // The new user, with the role.
    await page.getByRole('button', { name: 'Add user' }).first().click();
    const add = page.getByRole('dialog', { name: 'Add user' });
    await add.getByLabel('Full name').fill('Tess Technician');
    await add.getByLabel('E-mail').fill(`${username}@example.com`);
    await add.getByLabel('User name').fill(username);
    await add.getByLabel(/^Password/).fill(password);
    const roleSelect = add.getByLabel('Role');
    await roleSelect.waitFor();
    await roleSelect.selectOption({ label: roleName });
    await screenshotsAtWidths(page, 'roles-user-dialog');
    await add.getByRole('button', { name: 'Add user' }).click();
    await add.waitFor({ state: 'hidden' });
    await section
      .getByRole('row')
      .filter({ hasText: roleName })
      .getByRole('cell', { name: '1', exact: true })
      .waitFor();
    const reseller = await page.request.get('/api/session', { headers: await sessionHeaders(page) });
    const resellerName = ((await reseller.json()) as { user: { name: string } }).user.name;
    await context.close();

    // The technician: no Reports tab, and the reports calls refused.
    const tech = await openPage(browser, DESKTOP);
    await signIn(tech.page, username, password);
    const tabs = await navTabs(tech.page);
    expect(tabs).toContain('users');
    expect(tabs).not.toContain('reports');
    const headers = await sessionHeaders(tech.page);
    const me = await tech.page.request.get('/api/session', { headers });
    expect(((await me.json()) as { user: { rights: string[] } }).user.rights).not.toContain('view_reports');
    for (const url of [
      '/async_reports/executive_summary/get_clients_list/0',
      '/async_reports/executive_summary/get_resellers_list',
    ]) {
      const res = await tech.page.request.get(url, { headers });
      expect(res.status(), url).toBe(403);
      expect(((await res.json()) as { message: string }).message).toBe('You cannot use reports.');
    }
    // On the users tab: Add user and their own row's Edit, but nothing on the reseller's user,
    // who holds the reports right the role takes away (the server answers 403 there).
    await tech.page.goto('/user/empty_table');
    await tech.page.getByRole('searchbox').fill('Tess Technician');
    await tech.page.getByRole('button', { name: 'Actions for Tess Technician' }).click();
    await tech.page.getByRole('menuitem', { name: 'Edit' }).waitFor();
    expect(await tech.page.getByRole('menuitem', { name: 'Delete' }).count()).toBe(0);
    await tech.page.keyboard.press('Escape');
    await tech.page.getByRole('searchbox').fill(resellerName);
    await tech.page.getByRole('cell', { name: resellerName }).first().waitFor();
    expect(await tech.page.getByRole('button', { name: `Actions for ${resellerName}` }).count()).toBe(0);
    expect(await tech.page.getByRole('button', { name: 'Add user' }).count()).toBeGreaterThan(0);
    await screenshotsAtWidths(tech.page, 'roles-narrowed-users');
    await tech.context.close();
    keep(['roles-dialog', 'roles-section', 'roles-user-dialog', 'roles-narrowed-users']);
  });
});
