import fs from 'node:fs';
import type { ResellerClientsAnswer } from '@lifeboat/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  openPage,
  screenshot,
  screenshotsAtWidths,
  sessionHeaders,
  signIn,
} from '../support/browser';
import { apiGet } from '../support/devices';

// Issue 17.5-6 and the MFA reminder (17.2) in the browser: an IPsec site is added with its fields
// checked and its firewall configuration downloaded, the runbook settings refuse a bad DNS server;
// appliances are added to an update schedule and the warnings for a bad identifier show; the MFA
// reminder shows once the browser's clock is more than 3 days past its showTime. Each test makes
// its own data and removes it.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WIDE = { width: 1440, height: 900 };

async function apiPost<T>(page: Page, path: string, body: { form?: Record<string, string>; json?: unknown }) {
  const res = await page.request.post(path, {
    headers: await sessionHeaders(page),
    ...(body.form ? { form: body.form } : { data: body.json }),
  });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

const me = (page: Page) => apiGet<{ user: { organisationId: number } }>(page, '/api/session');

describe('Virtual office network settings', () => {
  it('adds an IPsec site, downloads its configuration, checks the runbook settings, and deletes the site', async () => {
    const { context, page } = await openPage(browser, WIDE);
    await signIn(page, 'reseller2');
    const { user } = await me(page);
    const clients = await apiGet<ResellerClientsAnswer>(
      page,
      `/reseller/get_reseller_clients/${user.organisationId}`,
    );
    const client = clients.table_data.data[0];
    expect(client).toBeTruthy();
    await page.goto(`/settings/client_settings/view/${client?.id}`);
    await page.getByRole('tab', { name: 'Virtual office' }).click();
    await page.getByRole('button', { name: 'Add site' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add IPsec site' });
    const name = `Branch ${Date.now().toString(36)}`;
    await dialog.getByLabel('Site name').fill(name);
    await dialog.getByLabel('Public IP').fill('300.1.1.1');
    await dialog.getByLabel('Remote IP').fill('198.51.100.7');
    await dialog.getByLabel('Remote name').fill('fw.branch.example');
    await dialog.getByLabel('Remote subnets').fill('192.168.50.1/24');
    await dialog.getByRole('button', { name: 'Add site' }).click();
    await dialog
      .getByText('Enter the public IP as four numbers from 0 to 255, such as 203.0.113.10.')
      .waitFor();
    await dialog.getByText('192.168.50.1/24 is not a network').waitFor();
    await screenshot(page, 'ipsec-site-dialog-errors');
    await dialog.getByLabel('Public IP').fill('203.0.113.7');
    await dialog.getByLabel('Remote subnets').fill('192.168.50.0/24\n10.20.0.0/16');
    await dialog.getByRole('button', { name: 'Add site' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const card = page.getByTestId('ipsec-site').filter({ hasText: name });
    await card.getByText('10.20.0.0/16').waitFor();
    await screenshotsAtWidths(page, 'office-network');

    // The firewall's configuration, as a file.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('link', { name: `Download the configuration of ${name}` }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.swanctl\.conf$/);
    const conf = fs.readFileSync((await download.path()) as string, 'utf8');
    expect(conf).toContain('local_ts = 192.168.50.0/24,10.20.0.0/16');
    expect(conf).toContain('local_addrs = 198.51.100.7');
    expect(conf).toMatch(/secret = "[\w-]{40,}"/);

    // Runbook settings: a bad DNS server is refused under its field, then a good one is saved.
    const dns = page.getByLabel('DHCP DNS servers');
    await dns.fill('8.8.8');
    await page.getByRole('button', { name: 'Save runbook settings' }).click();
    await page.getByText('8.8.8 is not an IPv4 address such as 8.8.8.8.').waitFor();
    await dns.fill('8.8.8.8\n1.1.1.1');
    await page.getByRole('button', { name: 'Save runbook settings' }).click();
    await page.getByText('Runbook settings saved').waitFor();

    // Delete the site, after the question.
    await card.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete IPsec site' });
    await confirm.getByRole('button', { name: 'Delete site' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await card.waitFor({ state: 'detached' });
    await apiPost(page, `/settings/client_settings/save_runbook_settings/${client?.id}`, {
      json: {
        vpn_users: [],
        dhcp_dns_servers: [],
        s2s_allowed_ips: [],
        auth_method: 'direct',
        connection_type: 'secure',
        port_forwards: [],
        dhcp_mappings: [],
      },
    });
    await context.close();
  }, 60_000);

  it('lists sites as a person reads their names: Site 2 before Site 10', async () => {
    const { context, page } = await openPage(browser, WIDE);
    await signIn(page, 'reseller2');
    const { user } = await me(page);
    const clients = await apiGet<ResellerClientsAnswer>(
      page,
      `/reseller/get_reseller_clients/${user.organisationId}`,
    );
    const client = clients.table_data.data[1];
    expect(client).toBeTruthy();
    const base = `/settings/client_settings`;
    const tag = Date.now().toString(36);
    const ids: number[] = [];
    for (const n of [1, 10, 2]) {
      const a = await apiPost<{ sites: { id: number; name: string }[] }>(
        page,
        `${base}/save_ipsec_site/${client?.id}`,
        {
          json: {
            name: `Site ${n} ${tag}`,
            public_ip: `203.0.113.${n}`,
            remote_ip: '198.51.100.7',
            remote_name: `fw${n}.example.com`,
            remote_subnets: [`192.168.${n}.0/24`],
          },
        },
      );
      ids.push(a.sites.find((x) => x.name === `Site ${n} ${tag}`)?.id ?? 0);
    }
    try {
      await page.goto(`/settings/client_settings/view/${client?.id}`);
      await page.getByRole('tab', { name: 'Virtual office' }).click();
      const cards = page.getByTestId('ipsec-site').filter({ hasText: tag });
      await expect.poll(() => cards.count()).toBe(3);
      const order = (await cards.allInnerTexts()).map((t) => (t.match(/Site \d+/) ?? [''])[0]);
      expect(order).toEqual(['Site 1', 'Site 2', 'Site 10']);
    } finally {
      for (const id of ids)
        await apiPost(page, `${base}/delete_ipsec_site/${client?.id}`, { json: { site_id: id } });
    }
    await context.close();
  }, 60_000);
});

describe('Appliance update schedules', () => {
  it('adds appliances to a schedule and shows a warning for each bad identifier', async () => {
    const { context, page } = await openPage(browser, WIDE);
    await signIn(page, 'reseller2');
    const { user } = await me(page);
    const table = await apiPost<{ content: { id: number; sid: string; name: string }[] }>(
      page,
      `/reseller/dashboard/appliances/${user.organisationId}/1/10`,
      { form: {} },
    );
    const appliance = table.content[0];
    expect(appliance).toBeTruthy();
    await page.goto(`/settings/reseller_settings/view/${user.organisationId}`);
    await page.getByRole('tab', { name: 'Update schedules' }).click();
    await page.getByRole('button', { name: 'Add schedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add update schedule' });
    const name = `Nightly ${Date.now().toString(36)}`;
    await dialog.getByLabel('Schedule name').fill(name);
    await dialog.getByLabel('Starts at').fill('25:00');
    await dialog.getByRole('button', { name: 'Add schedule' }).click();
    await dialog.getByText('Enter the start as HH:MM on a 24-hour clock, such as 22:00.').waitFor();
    await dialog.getByLabel('Starts at').fill('23:30');
    await dialog.getByRole('button', { name: 'Add schedule' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const card = page.getByTestId('update-schedule').filter({ hasText: name });
    await card.getByText('Sunday 23:30–03:30').waitFor();

    await card.getByRole('button', { name: 'Add appliances' }).click();
    const add = page.getByRole('dialog', { name: `Add appliances to ${name}` });
    const input = add.getByLabel('Appliance identifiers');
    // spec: recovery-flow 5: only digits, lower-case letters and commas stay in the input.
    await input.fill(`${appliance?.sid},NoSuch-1,zz0000`);
    await expect.poll(() => input.inputValue()).toBe(`${appliance?.sid},ouch1,zz0000`);
    await add.getByRole('button', { name: 'Add appliances' }).click();
    const warnings = add.getByRole('alert').filter({ hasText: 'Some appliances were not added' });
    await warnings.getByText('zz0000: no appliance has this identifier.').waitFor();
    await warnings.getByText('ouch1: no appliance has this identifier.').waitFor();
    await warnings.getByText(`Added: ${appliance?.sid}.`).waitFor();
    await screenshotsAtWidths(page, 'update-schedule-warnings');
    await add.getByRole('button', { name: 'Close', exact: true }).click();
    await add.waitFor({ state: 'hidden' });
    await card.getByText(appliance?.name ?? '').waitFor();
    await screenshotsAtWidths(page, 'update-schedules');

    // The appliance's page shows its schedule.
    await page.goto(`/appliance/details/${appliance?.id}`);
    await page.getByTestId('appliance-schedule').getByText(`${name}: Sunday 23:30–03:30`).waitFor();
    await page.goto(`/settings/reseller_settings/view/${user.organisationId}`);
    await page.getByRole('tab', { name: 'Update schedules' }).click();

    // Delete the schedule, after the question.
    await card.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete update schedule' });
    await confirm.getByRole('button', { name: 'Delete schedule' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await card.waitFor({ state: 'detached' });
    await context.close();
  }, 60_000);
});

describe('The MFA reminder', () => {
  it('shows once more than 3 days have passed since showTime, and remind me later hides it', async () => {
    const { context, page } = await openPage(browser, WIDE);
    await signIn(page, 'distributor');
    // Start from a known showTime: now.
    await apiPost(page, '/reminder/update_reminder', { json: { reminder: {} } });
    const reminder = page.getByText('Turn on multi-factor authentication');
    // Three days and an hour later, on the browser's clock.
    await page.clock.setFixedTime(Date.now() + 3 * 24 * 3_600_000 + 3_600_000);
    await page.reload();
    await reminder.waitFor();
    await screenshotsAtWidths(page, 'mfa-reminder');
    const later = page.waitForResponse((r) => r.url().endsWith('/reminder/update_reminder') && r.ok());
    await page.getByRole('button', { name: 'Remind me later' }).click();
    await later;
    // showTime is now the server's present: back on the true clock, the reminder is not due.
    const after = await apiGet<{ showTime: number; active: boolean; due: boolean }>(
      page,
      '/reminder/get_reminder_template',
    );
    expect(after).toMatchObject({ active: true, due: false });
    expect(Math.abs(Date.now() - after.showTime)).toBeLessThan(120_000);
    await page.clock.setFixedTime(Date.now());
    const answered = page.waitForResponse(
      (r) => r.url().endsWith('/reminder/get_reminder_template') && r.ok(),
    );
    await page.reload();
    await answered;
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(await reminder.count()).toBe(0);
    await context.close();
  }, 60_000);
});
