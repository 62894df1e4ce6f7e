import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { ResellerClientsAnswer } from '@lifeboat/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { launchBrowser, openPage, screenshotsAtWidths, signIn } from '../support/browser';
import { apiGet } from '../support/devices';

// Issue 25.4 in the browser: a reseller adds a real restic repository (made here by the restic
// command under the server's LIFEBOAT_RESTIC_ROOTS) to a client, tests the connection with a wrong
// and then the right password, adds it, and sees its first sync's sentence; then removes it.

let browser: Browser;
const PASSWORD = 'harbor vets repository';
let repo: string;

beforeAll(async () => {
  browser = await launchBrowser();
  repo = path.join(inject('resticRoot'), `harbor-${process.pid}`);
  const tree = path.join(inject('resticRoot'), `tree-${process.pid}`);
  fs.mkdirSync(path.join(tree, 'Documents'), { recursive: true });
  fs.writeFileSync(path.join(tree, 'Documents', 'vaccinations.csv'), 'dog,rabies,2026-11-01\n');
  const env = { ...process.env, RESTIC_PASSWORD: PASSWORD, TZ: 'UTC' };
  execFileSync('restic', ['--repo', repo, 'init', '--quiet'], { env });
  const at = new Date(Date.now() - 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
  for (const host of ['RECEPTION-PC', 'SURGERY-PC'])
    execFileSync('restic', ['--repo', repo, 'backup', '--quiet', '--host', host, '--time', at, tree], {
      env,
    });
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

const WIDE = { width: 1440, height: 900 };

describe('Backup sources on the client page', () => {
  it('adds a restic repository after testing the connection, and shows its first sync', async () => {
    const { context, page } = await openPage(browser, WIDE);
    await signIn(page, 'reseller2');
    const { user } = await apiGet<{ user: { organisationId: number } }>(page, '/api/session');
    const clients = await apiGet<ResellerClientsAnswer>(
      page,
      `/reseller/get_reseller_clients/${user.organisationId}`,
    );
    const client = clients.table_data.data[0];
    expect(client).toBeTruthy();
    await page.goto(`/client/details/${client?.id}`);
    const panel = page.getByRole('heading', { name: 'Backup sources' });
    await panel.waitFor();
    await page.getByRole('button', { name: 'Add source' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add backup source' });
    await dialog.getByLabel('Name', { exact: false }).first().fill('Harbor repository');
    await dialog.getByRole('textbox', { name: 'Repository location' }).fill(repo);
    await dialog.getByLabel('Repository password').fill('not the password');
    await dialog.getByRole('button', { name: 'Test connection' }).click();
    await dialog.getByText('The repository refused the password: check it and try again.').waitFor();
    await dialog.getByLabel('Repository password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Test connection' }).click();
    await dialog.getByText('The repository opened: 2 systems, 2 restore points.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshotsAtWidths(page, 'sources-dialog');
    await dialog.getByRole('button', { name: 'Add source' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const card = page.getByTestId('backup-source').filter({ hasText: 'Harbor repository' });
    await card.getByText(/Last sync .*\. 2 systems, 2 restore points: 2 new\./).waitFor({ timeout: 30_000 });
    await expect(card.getByText('2 systems · every 15 minutes').isVisible()).resolves.toBe(true);
    // The repository's systems join the client's systems table, with their health.
    await page.getByPlaceholder('Search by system name').fill('RECEPTION');
    await page.getByText('RECEPTION-PC', { exact: true }).waitFor({ timeout: 30_000 });
    await page.getByText(/^1 of \d+ protected systems$/i).waitFor();
    await page.getByPlaceholder('Search by system name').fill('');
    await card.scrollIntoViewIfNeeded();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshotsAtWidths(page, 'sources-list');

    await card.getByRole('button', { name: 'Sync now' }).click();
    await card.getByText(/2 systems, 2 restore points, nothing new\./).waitFor({ timeout: 30_000 });

    await card.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('button', { name: 'Remove source' }).click();
    await card.waitFor({ state: 'detached' });
    await context.close();
  }, 120_000);
});
