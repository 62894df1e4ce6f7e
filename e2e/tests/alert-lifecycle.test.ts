import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AlertListAnswer, AlertRow, ResellerClientsAnswer, SourceRow } from '@lifeboat/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProductionServer, startProduction } from '../../scripts/production-start.mjs';
import { seriousViolations } from '../support/axe';
import { launchBrowser, screenshotsAtWidths, settled, signIn } from '../support/browser';
import { apiGet } from '../support/devices';
import { type Inbox, type Mail, startInbox } from '../support/inbox';

// An alert's whole life in the browser (issue 27, Tests): a reseller sets its alert rule, a
// system fails to back up twice, the alert appears on the Alerts page, its e-mail arrives in this
// test's own SMTP server with a link to the device page, the reseller acknowledges it, the failure
// clears and the alert resolves, e-mailed again.
//
// The failing system is read from a real restic repository (a backup source, issue 25): the
// simulated fleet's backups run on their schedule's hourly or daily slots on the real clock, so a
// test cannot make one fail twice in minutes, while a repository that has gone away fails each
// sync at once, as it would for a partner. The console is this test's own production start, with
// SMTP_URL pointing at the inbox (the suite's shared server sends no mail).

const HOST = 'TIDEWATER-PC';
const RECIPIENT = 'oncall@tidewater.example';
const PASSWORD = 'tidewater repository';
const CONDITION = 'backup failed 2 times in a row';

let server: ProductionServer;
let inbox: Inbox;
let browser: Browser;
let dataDir: string;
let repo: string;

function restic(...args: string[]): void {
  execFileSync('restic', ['--repo', repo, ...args, '--quiet'], {
    env: { ...process.env, RESTIC_PASSWORD: PASSWORD, TZ: 'UTC' },
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'lifeboat-e2e-alerts-'));
  const roots = path.join(dataDir, 'repositories');
  repo = path.join(roots, 'tidewater');
  const tree = path.join(roots, 'tree');
  fs.mkdirSync(path.join(tree, 'Ledgers'), { recursive: true });
  fs.writeFileSync(path.join(tree, 'Ledgers', 'november.csv'), 'berth,vessel\n4,Marigold\n');
  restic('init');
  restic('backup', '--host', HOST, '--time', utcMinus(3_600_000), tree);
  inbox = await startInbox();
  server = await startProduction({
    timeoutMs: 300_000,
    env: {
      LIFEBOAT_DATA_DIR: dataDir,
      DATABASE_URL: '',
      SIM_SPEED: '0',
      SIM_FAULTS: '',
      LIFEBOAT_RESTIC_ROOTS: roots,
      SMTP_URL: `smtp://127.0.0.1:${inbox.port}`,
      MAIL_FROM: 'Lifeboat <alerts@lifeboat.example>',
    },
  });
  browser = await launchBrowser();
}, 320_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await inbox?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** restic's --time: `YYYY-MM-DD HH:MM:SS` in UTC (TZ is set for it), `ms` ago. */
function utcMinus(ms: number): string {
  return new Date(Date.now() - ms).toISOString().replace('T', ' ').slice(0, 19);
}

/** Polls `read` every second until it answers something, up to `seconds`. */
async function until<T>(what: string, seconds: number, read: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < seconds; i++) {
    const v = await read();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`${what}: not within ${seconds} s`);
}

/** The mail about the failing system whose subject starts with `word` (Troubled, Resolved). */
const mailAbout = (word: string) => () =>
  Promise.resolve(inbox.mails.find((m: Mail) => m.subject.startsWith(`[Lifeboat] ${word}: ${HOST} `)));

/** The system's alert as the signed-in user's list answers it, once it is in `state`. */
async function alertIn(
  page: Page,
  clientId: number,
  state: AlertRow['state'],
): Promise<AlertRow | undefined> {
  const list = await apiGet<AlertListAnswer>(
    page,
    `/api/alerts/list?state=all&condition=backup_failed&client_id=${clientId}&rows=100`,
  );
  return list.content.find((a) => a.subject_name === HOST && a.state === state);
}

/** Clicks the source's Sync now and waits until the sync after `since` is written. */
async function syncNow(page: Page, clientId: number, since: number): Promise<void> {
  const card = page.getByTestId('backup-source').filter({ hasText: 'Tidewater repository' });
  await card.getByRole('button', { name: 'Sync now' }).click();
  await until('the sync', 60, async () => {
    const { sources } = await apiGet<{ sources: SourceRow[] }>(page, `/api/sources/client/${clientId}`);
    const s = sources[0];
    return s && (s.last_sync_at ?? 0) > since && s.sync_operation_id === null ? true : undefined;
  });
}

const lastSyncAt = async (page: Page, clientId: number) =>
  (await apiGet<{ sources: SourceRow[] }>(page, `/api/sources/client/${clientId}`)).sources[0]
    ?.last_sync_at ?? 0;

// Two evaluations a minute apart at most, each followed by a delivery run: a few minutes in all.
// Its steps are one story told in order (each starts where the last ended), so a shuffled run
// keeps their order (shuffle: false) and shuffles only where this file runs among the others.
describe('An alert from its rule to its resolution', { timeout: 600_000, shuffle: false }, () => {
  let context: BrowserContext;
  let page: Page;
  let clientId = 0;
  let clientName = '';

  it('the reseller sets its alert rule: two failures in a row, an e-mail each', async () => {
    context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 1440, height: 900 },
      locale: 'en-GB',
    });
    page = await context.newPage();
    await signIn(page, 'reseller');
    const me = await apiGet<{ user: { organisationId: number } }>(page, '/api/session');
    await page.goto(`/settings/reseller_settings/view/${me.user.organisationId}`);
    await page.getByRole('tab', { name: 'Alert rule' }).click();
    await page.getByText('What raises an alert').waitFor();
    await page.getByLabel('Failures in a row before an alert').fill('2');
    const addresses = page.getByRole('combobox', { name: 'E-mail addresses' });
    await addresses.fill(RECIPIENT);
    await addresses.press('Enter');
    await page.getByLabel('One e-mail for each alert that opens or resolves').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Alert rule saved').waitFor();

    const clients = await apiGet<ResellerClientsAnswer>(
      page,
      `/reseller/get_reseller_clients/${me.user.organisationId}`,
    );
    const client = clients.table_data.data[0];
    expect(client).toBeTruthy();
    clientId = Number(client?.id);
    clientName = client?.name ?? '';
  });

  it("a client's repository is added, then fails two syncs in a row", async () => {
    await page.goto(`/client/details/${clientId}`);
    await page.getByRole('button', { name: 'Add source' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add backup source' });
    await dialog.getByLabel('Name', { exact: false }).first().fill('Tidewater repository');
    await dialog.getByRole('textbox', { name: 'Repository location' }).fill(repo);
    await dialog.getByLabel('Repository password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Add source' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const card = page.getByTestId('backup-source').filter({ hasText: 'Tidewater repository' });
    await card.getByText(/1 system, 1 restore point: 1 new\./).waitFor({ timeout: 60_000 });

    // The repository's disk goes away: each sync now fails, a failed backup for its system.
    fs.renameSync(repo, `${repo}-away`);
    for (let i = 0; i < 2; i++) await syncNow(page, clientId, await lastSyncAt(page, clientId));
    await card.getByText(/There is no repository at this location\./).waitFor();
  });

  it('the alert appears, and its e-mail arrives with a link to the device page', async () => {
    // The evaluation runs every minute; the Alerts page shows what it found once reloaded.
    const alert = await until('the open alert', 120, () => alertIn(page, clientId, 'open'));
    await page.goto(`/home/alerts?condition=backup_failed&client_id=${clientId}`);
    const row = page.locator(`tr[data-alert="${alert.id}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain(HOST);
    await row.locator('[data-state="open"]').waitFor();
    await row.getByText(CONDITION, { exact: false }).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshotsAtWidths(page, 'alert-lifecycle-open');

    const opened = await until('the alert e-mail', 90, mailAbout('Troubled'));
    expect(opened.to).toEqual([RECIPIENT]);
    expect(opened.subject).toBe(`[Lifeboat] Troubled: ${HOST} (${clientName}) ${CONDITION}`);
    const device = `${server.baseUrl}/device/details/${alert.subject_id}`;
    expect(opened.body).toContain(device);

    // The e-mail's link opens the failing system's own page.
    await page.goto(device);
    await page.getByTestId('system-alerts').waitFor();
    await page.getByText(HOST, { exact: true }).first().waitFor();
  });

  it('the reseller acknowledges it; the timeline says who was e-mailed and who acknowledged', async () => {
    const alert = await until('the open alert', 5, () => alertIn(page, clientId, 'open'));
    await page.goto(`/home/alerts?condition=backup_failed&client_id=${clientId}`);
    const row = page.locator(`tr[data-alert="${alert.id}"]`);
    await row.getByRole('button', { name: `Timeline of ${HOST}: ` }).click();
    const drawer = page.getByRole('dialog');
    await drawer.locator('[data-event="opened"]').waitFor();
    await drawer.getByText(`E-mailed ${RECIPIENT} at`, { exact: false }).waitFor();
    await drawer.getByText('Still holding').waitFor();
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
    await drawer.getByLabel('Note for the others (optional)').fill('Checking the repository disk.');
    await drawer.getByRole('button', { name: 'Acknowledge' }).click();
    await drawer.locator('[data-event="acknowledged"]').waitFor();
    await drawer.getByText('“Checking the repository disk.”').waitFor();
    expect(await drawer.locator('[data-event="acknowledged"]').textContent()).toMatch(/^Acknowledged by /);
    await page.keyboard.press('Escape');
    await row.locator('[data-state="acknowledged"]').waitFor();
    await screenshotsAtWidths(page, 'alert-lifecycle-acknowledged');
  });

  it('the failure clears: a new backup syncs, the alert resolves and says so by e-mail', async () => {
    fs.renameSync(`${repo}-away`, repo);
    restic('backup', '--host', HOST, path.join(path.dirname(repo), 'tree'));
    await page.goto(`/client/details/${clientId}`);
    await syncNow(page, clientId, await lastSyncAt(page, clientId));
    const card = page.getByTestId('backup-source').filter({ hasText: 'Tidewater repository' });
    await card.getByText(/1 system, 2 restore points: 1 new\./).waitFor();

    const alert = await until('the resolved alert', 120, () => alertIn(page, clientId, 'resolved'));
    await page.goto(`/home/alerts?condition=backup_failed&client_id=${clientId}&state=all&alert=${alert.id}`);
    const row = page.locator(`tr[data-alert="${alert.id}"]`);
    await row.locator('[data-state="resolved"]').waitFor();
    const drawer = page.getByRole('dialog');
    const kinds = async () =>
      drawer.locator('[data-event]').evaluateAll((items) => items.map((e) => e.getAttribute('data-event')));
    await drawer.locator('[data-event="resolved"]').waitFor();
    expect(await kinds()).toEqual(['opened', 'acknowledged', 'resolved']);
    await drawer.getByText('A backup succeeded.').waitFor();
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshotsAtWidths(page, 'alert-lifecycle-resolved');

    const resolved = await until('the resolution e-mail', 90, mailAbout('Resolved'));
    expect(resolved.subject).toBe(`[Lifeboat] Resolved: ${HOST} (${clientName}) ${CONDITION}`);
    expect(resolved.body).toContain(`${server.baseUrl}/device/details/${alert.subject_id}`);
    // One message per transition, never one per evaluation.
    expect(inbox.mails.filter((m) => m.subject.includes(` ${HOST} `)).map((m) => m.subject)).toEqual([
      `[Lifeboat] Troubled: ${HOST} (${clientName}) ${CONDITION}`,
      resolved.subject,
    ]);
    await context.close();
  });
});
