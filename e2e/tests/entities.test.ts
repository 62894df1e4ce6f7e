import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { launchBrowser, openPage, PHONE, screenshot, signIn } from '../support/browser';

// The console's tabs as entity tables (issue 5, part B): the client dialog, field errors, url state
// with back and forward, and the support login window.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const table = (page: Page, name: string) => page.getByRole('table', { name });
const rowNames = (page: Page, name: string) =>
  table(page, name).locator('tbody tr td:first-child').allInnerTexts();
const search = (page: Page) => page.getByRole('searchbox');

function query(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

describe('entity tables', () => {
  it('creates and edits a client', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, 'reseller');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Clients' }).click();
    await page.waitForURL('**/home/clients');
    await table(page, 'clients').locator('tbody tr').first().getByRole('link').waitFor();

    await page.getByRole('button', { name: 'Add client' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add client' });
    // Characters outside spec 5's set are dropped as they are typed.
    await dialog.getByLabel('Client name').pressSequentially('Harbour <Dental>; Care');
    expect(await dialog.getByLabel('Client name').inputValue()).toBe('Harbour Dental Care');
    const saves: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/object/client/save')) saves.push(r.url());
    });
    const email = dialog.getByLabel('Contact e-mail');
    const submit = dialog.getByRole('button', { name: 'Add client' });
    // The contract's schema checks the address in the browser: its message shows under the
    // field and nothing is sent.
    await email.fill('not an address');
    await submit.click();
    await dialog.getByText('Enter an e-mail address such as name@example.com.').waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(saves).toEqual([]);
    // A refusal only the server can make (a name another of the reseller's clients has) shows
    // under its field, the form says it was not saved, and the button works again.
    const taken = (await rowNames(page, 'clients'))[0] ?? '';
    await email.fill('office@harbourdental.example');
    await dialog.getByLabel('Client name').fill(taken);
    await submit.click();
    await dialog.getByText(`A client named \u201c${taken}\u201d already exists.`).waitFor();
    await dialog.getByText('The client was not saved').waitFor();
    expect(await dialog.getByLabel('Client name').getAttribute('aria-invalid')).toBe('true');
    expect(saves).toHaveLength(1);
    await screenshot(page, 'entities-client-dialog-error-1280');
    await dialog.getByLabel('Client name').fill('Harbour Dental Care');
    expect(await submit.isEnabled()).toBe(true);
    await submit.click();
    await dialog.waitFor({ state: 'hidden' });

    await search(page).fill('harbour d');
    await page.waitForURL((u) => u.searchParams.get('search') === 'harbour d');
    await expect.poll(() => rowNames(page, 'clients')).toEqual(['Harbour Dental Care']);

    await page.getByRole('button', { name: 'Actions for Harbour Dental Care' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit client' });
    const name = edit.getByLabel('Client name');
    await expect.poll(() => name.inputValue()).toBe('Harbour Dental Care');
    await name.fill('Harbour Dental Group');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.waitFor({ state: 'hidden' });
    await table(page, 'clients').getByRole('link', { name: 'Harbour Dental Group' }).waitFor();

    // An empty client can be deleted, after confirming.
    await page.getByRole('button', { name: 'Actions for Harbour Dental Group' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Harbour Dental Group?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await table(page, 'clients').getByText('No client matches these filters.').waitFor();
    await context.close();
  });

  it('the provider’s staff and a distributor add, edit and delete a reseller', async () => {
    const { context, page } = await openPage(browser, { width: 1440, height: 900 });
    const stamp = Date.now().toString().slice(-6);
    try {
      await signIn(page, 'staff');
      await page.goto('/home/resellers');
      await table(page, 'resellers').locator('tbody tr').first().getByRole('link').first().waitFor();
      await page.getByRole('button', { name: 'Add reseller' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Add reseller' });
      // Staff choose the distributor: an empty form says so with the name, nothing is sent.
      await dialog.getByRole('button', { name: 'Add reseller' }).click();
      await dialog.getByText('Choose the distributor the reseller belongs to.').waitFor();
      await dialog.getByText('Enter the reseller name.').waitFor();
      await dialog.getByLabel(/^Distributor/).click();
      await page.getByRole('option', { name: 'Summit Channel Partners' }).click();
      await dialog.getByLabel('Reseller name').fill(`Harbour IT ${stamp}`);
      await dialog.getByLabel('Contact e-mail').fill('ops@harbour-it.example');
      for (const viewport of [
        { width: 1440, height: 900 },
        { width: 768, height: 1024 },
        { width: 390, height: 844 },
      ]) {
        await page.setViewportSize(viewport);
        await screenshot(page, `entities-reseller-add-${viewport.width}`);
      }
      await page.setViewportSize({ width: 1440, height: 900 });
      await dialog.getByRole('button', { name: 'Add reseller' }).click();
      await dialog.waitFor({ state: 'hidden' });

      await search(page).fill(`Harbour IT ${stamp}`);
      await expect.poll(() => rowNames(page, 'resellers')).toEqual([`Harbour IT ${stamp}`]);
      await page.getByRole('button', { name: `Actions for Harbour IT ${stamp}` }).click();
      await page.getByRole('menuitem', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit reseller' });
      await expect.poll(() => edit.getByLabel('Reseller name').inputValue()).toBe(`Harbour IT ${stamp}`);
      await edit.getByLabel('Reseller name').fill(`Harbour Systems ${stamp}`);
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await edit.waitFor({ state: 'hidden' });
      await search(page).fill(`Harbour Systems ${stamp}`);
      await expect.poll(() => rowNames(page, 'resellers')).toEqual([`Harbour Systems ${stamp}`]);
      for (const viewport of [
        { width: 1440, height: 900 },
        { width: 768, height: 1024 },
        { width: 390, height: 844 },
      ]) {
        await page.setViewportSize(viewport);
        await screenshot(page, `entities-resellers-table-${viewport.width}`);
      }
      await page.setViewportSize({ width: 1440, height: 900 });

      // An empty reseller is deleted after confirming.
      await page.getByRole('button', { name: `Actions for Harbour Systems ${stamp}` }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: `Delete Harbour Systems ${stamp}?` });
      await confirm.getByText(/cannot be deleted/).waitFor();
      await screenshot(page, 'entities-reseller-delete-1440');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await confirm.waitFor({ state: 'hidden' });
      await table(page, 'resellers').getByText('No reseller matches this search.').waitFor();

      // A reseller with clients offers no Delete.
      await page.goto('/home/resellers');
      const firstLink = table(page, 'resellers').locator('tbody tr').first().getByRole('link').first();
      await firstLink.waitFor();
      const first = (await firstLink.textContent())?.trim() ?? '';
      await page.getByRole('button', { name: `Actions for ${first}` }).click();
      await page.getByRole('menuitem', { name: 'Edit' }).waitFor();
      expect(await page.getByRole('menuitem', { name: 'Delete' }).count()).toBe(0);
      await page.keyboard.press('Escape');
    } finally {
      await context.close();
    }

    // A distributor adds one under itself: no distributor to choose.
    const d = await openPage(browser);
    try {
      await signIn(d.page, 'distributor');
      await d.page.goto('/home/resellers');
      await table(d.page, 'resellers').locator('tbody tr').first().getByRole('link').first().waitFor();
      await d.page.getByRole('button', { name: 'Add reseller' }).first().click();
      const dialog = d.page.getByRole('dialog', { name: 'Add reseller' });
      await dialog.getByLabel('Reseller name').fill(`Summit Partner ${stamp}`);
      expect(await dialog.getByLabel(/^Distributor/).count()).toBe(0);
      await dialog.getByRole('button', { name: 'Add reseller' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await search(d.page).fill(`Summit Partner ${stamp}`);
      await expect.poll(() => rowNames(d.page, 'resellers')).toEqual([`Summit Partner ${stamp}`]);
      await d.page.getByRole('button', { name: `Actions for Summit Partner ${stamp}` }).click();
      await d.page.getByRole('menuitem', { name: 'Delete' }).click();
      const confirm = d.page.getByRole('dialog', { name: `Delete Summit Partner ${stamp}?` });
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await confirm.waitFor({ state: 'hidden' });
    } finally {
      await d.context.close();
    }
  });

  it('creates a user for one of the reseller’s clients, who can then sign in', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, 'reseller');
    await page.goto('/home/users');
    await table(page, 'users').locator('tbody tr').first().waitFor();
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add user' });
    await dialog.getByLabel('Organisation').click();
    await page.getByRole('option', { name: 'Acme Dental Group' }).click();
    await dialog.getByLabel('Full name').fill('Jamie Front');
    await dialog.getByLabel('E-mail').fill('jamie@acmedental.example');
    await dialog.getByLabel(/^Password/).fill('short');
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await dialog.getByText('Use at least 8 characters.').waitFor();
    await screenshot(page, 'entities-user-dialog-error-1280');
    await dialog.getByLabel(/^Password/).fill('a long password');
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await search(page).fill('jamie');
    const row = table(page, 'users').locator('tbody tr', { hasText: 'Jamie Front' });
    await row.waitFor();
    expect(await row.innerText()).toContain('Acme Dental Group');
    expect(await row.innerText()).toContain('Client');
    await context.close();

    const other = await openPage(browser);
    await signIn(other.page, 'jamie@acmedental.example', 'a long password');
    await other.page.waitForURL('**/home/clients');
    await other.context.close();
  });

  it('restores each tab’s page and search with back and forward', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, 'reseller');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Clients' }).click();
    await table(page, 'clients').locator('tbody tr').first().getByRole('link').waitFor();
    const firstPage = await rowNames(page, 'clients');
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL((u) => u.searchParams.get('page') === '2');
    await expect.poll(() => rowNames(page, 'clients')).not.toEqual(firstPage);
    const secondPage = await rowNames(page, 'clients');

    await nav.getByRole('link', { name: 'Users' }).click();
    await page.waitForURL('**/home/users');
    await table(page, 'users').locator('tbody tr').first().waitFor();
    await search(page).fill('alex');
    await page.waitForURL((u) => u.searchParams.get('search') === 'alex');
    await expect.poll(() => rowNames(page, 'users')).toEqual([expect.stringContaining('Alex Carter')]);

    await nav.getByRole('link', { name: 'Vaults' }).click();
    await page.waitForURL('**/home/vault');

    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/home/users' && u.searchParams.get('search') === 'alex');
    await expect.poll(() => search(page).inputValue()).toBe('alex');
    await expect.poll(() => rowNames(page, 'users')).toEqual([expect.stringContaining('Alex Carter')]);

    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/home/clients' && u.searchParams.get('page') === '2');
    await expect.poll(() => rowNames(page, 'clients')).toEqual(secondPage);
    expect(await page.getByRole('button', { name: 'Page 2' }).getAttribute('data-active')).toBe('true');

    await page.goForward();
    await page.waitForURL((u) => u.pathname === '/home/users');
    expect(query(page).get('search')).toBe('alex');
    await expect.poll(() => search(page).inputValue()).toBe('alex');
    await context.close();
  });

  it('opens the support login of an appliance in a new window, honestly', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, 'reseller');
    await page.goto('/home/appliances');
    const first = table(page, 'appliances').locator('tbody tr').first();
    await first.getByRole('link').waitFor();
    const name = await first.getByRole('link').innerText();
    await first.getByRole('button', { name: `Actions for ${name}` }).click();
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('menuitem', { name: 'Support login' }).click(),
    ]);
    await popup.waitForURL('**/appliance/login/**');
    await popup.getByRole('heading', { level: 1, name }).waitFor();
    await popup.getByText(/No real appliance is reachable|is offline/).waitFor();
    await context.close();
  });

  it('gives the provider’s staff the admin users and support appliances, found by serial', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, 'staff');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Admin' }).click();
    await table(page, 'users').getByText('Morgan Ellis').waitFor();
    expect(await table(page, 'users').innerText()).not.toContain('Reseller');

    await nav.getByRole('link', { name: 'Support appliances' }).click();
    const rows = table(page, 'appliances').locator('tbody tr');
    await rows.first().getByRole('link').waitFor();
    const serial = (await rows.nth(1).innerText()).match(/serial (\S+)/)?.[1];
    expect(serial).toBeTruthy();
    await search(page).fill(serial as string);
    await page.waitForURL((u) => u.searchParams.get('search') === serial);
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain(`serial ${serial}`);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'entities-support-appliances-1280');
    await context.close();
  });

  it('shows the users table on a phone without sideways scrolling, and passes axe', async () => {
    const { context, page } = await openPage(browser, PHONE);
    await signIn(page, 'reseller');
    await page.goto('/home/users');
    await table(page, 'users').locator('tbody tr').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'entities-users-390');
    await context.close();
  });
});
