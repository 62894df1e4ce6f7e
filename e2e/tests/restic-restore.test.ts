import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ResellerClientsAnswer } from '@lifeboat/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import yauzl from 'yauzl';
import { launchBrowser, openPage, screenshotsAtWidths, signIn } from '../support/browser';
import { apiGet } from '../support/devices';
import { chooseShownDayLastPoint, waitForStep } from '../support/wizard';

// Recovery from a real restic repository in the browser (issue 25, tests 'Browser'): a reseller
// adds the repository (made here by the restic command under the server's LIFEBOAT_RESTIC_ROOTS)
// to a client, tests the connection, moves the repository and points the source at its new place
// (nothing duplicated), sees the systems with their health, restores a real file
// through the wizard and opens the downloaded zip, then downloads the disk image as a VHDX that
// qemu-img reads with the image's size. Screenshots of the wizard's restic steps at 1440, 768
// and 390 px.

let browser: Browser;
const PASSWORD = 'harbor restore repository';
const MB = 1024 * 1024;
const IMAGE_SIZE = 4 * MB;
const csv = Buffer.from('dog,rabies,2026-11-01\ncat,FVRCP,2026-10-12\n');
const xray = randomBytes(50_000);
const image = Buffer.alloc(IMAGE_SIZE);
randomBytes(4096).copy(image, MB);
let repo: string;

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

beforeAll(async () => {
  browser = await launchBrowser();
  repo = path.join(inject('resticRoot'), `restore-${process.pid}`);
  const tree = path.join(inject('resticRoot'), `restore-tree-${process.pid}`);
  fs.mkdirSync(path.join(tree, 'Documents', 'scans'), { recursive: true });
  fs.writeFileSync(path.join(tree, 'Documents', 'vaccinations.csv'), csv);
  fs.writeFileSync(path.join(tree, 'Documents', 'scans', 'x-ray.bin'), xray);
  const env = { ...process.env, RESTIC_PASSWORD: PASSWORD, TZ: 'UTC' };
  execFileSync('restic', ['--repo', repo, 'init', '--quiet'], { env });
  const at = new Date(Date.now() - 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
  // A relative path: the snapshot holds /Documents, as an office PC's backup of its folders would.
  execFileSync(
    'restic',
    ['--repo', repo, 'backup', '--quiet', '--host', 'FRONT-DESK', '--time', at, 'Documents'],
    {
      env,
      cwd: tree,
    },
  );
  execFileSync(
    'restic',
    [
      '--repo',
      repo,
      'backup',
      '--quiet',
      '--host',
      'XRAY-SERVER',
      '--time',
      at,
      '--stdin',
      '--stdin-filename',
      'disk.img',
    ],
    { env, input: image },
  );
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

function zipMembers(file: string): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out: Record<string, string> = {};
      zip.on('entry', (e: yauzl.Entry) => {
        if (e.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(e, (err2, s) => {
          if (err2 || !s) return reject(err2);
          const chunks: Buffer[] = [];
          s.on('data', (c: Buffer) => chunks.push(c));
          s.on('end', () => {
            out[e.fileName] = sha(Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.readEntry();
    });
  });
}

/** Opens the client's recovery wizard and picks the tool. */
async function openWizard(
  page: Page,
  clientId: number,
  tool: 'Appliance and cloud backups' | 'Direct-to-cloud backups',
) {
  await page.goto(`/home/clients?recover=client:${clientId}`);
  await page
    .locator('[data-step="recoverToolSelect"], [data-step="type"], [data-step="typeRB"]')
    .first()
    .waitFor();
  if (await page.locator('[data-step="recoverToolSelect"]').count()) {
    await page.getByRole('button', { name: tool }).click();
  }
}

const dialog = (page: Page) => page.getByRole('dialog');

describe('Recovery from a restic repository', () => {
  it('a reseller adds the repository, restores a file as a zip and downloads the disk as a VHDX', async () => {
    const { context, page } = await openPage(browser, { width: 1440, height: 900 });
    await signIn(page, 'reseller2');
    const { user } = await apiGet<{ user: { organisationId: number } }>(page, '/api/session');
    const clients = await apiGet<ResellerClientsAnswer>(
      page,
      `/reseller/get_reseller_clients/${user.organisationId}`,
    );
    const client = clients.table_data.data[1] ?? clients.table_data.data[0];
    const clientId = Number(client?.id);
    expect(clientId).toBeGreaterThan(0);

    // The source, after a connection test.
    await page.goto(`/client/details/${clientId}`);
    await page.getByRole('heading', { name: 'Backup sources' }).waitFor();
    await page.getByRole('button', { name: 'Add source' }).click();
    const add = page.getByRole('dialog', { name: 'Add backup source' });
    await add.getByLabel('Name', { exact: false }).first().fill('Front desk repository');
    await add.getByRole('textbox', { name: 'Repository location' }).fill(repo);
    await add.getByLabel('Repository password').fill(PASSWORD);
    await add.getByRole('button', { name: 'Test connection' }).click();
    await add.getByText('The repository opened: 2 systems, 2 restore points.').waitFor();
    await add.getByRole('button', { name: 'Add source' }).click();
    await add.waitFor({ state: 'hidden' });
    const card = page.getByTestId('backup-source').filter({ hasText: 'Front desk repository' });
    await card.getByText(/Last sync .*\. 2 systems, 2 restore points: 2 new\./).waitFor({ timeout: 30_000 });

    // The sync interval and the repository check's share are edited on the card.
    await card.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit backup source' });
    await edit.getByLabel('Sync every (minutes)').fill('30');
    await edit.getByLabel('Repository check reads (% of the data)').fill('10');
    await screenshotsAtWidths(page, 'restic-00-edit-source');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'hidden' });
    await card.getByText('2 systems · every 30 minutes · repository check of 10 % every 24 hours').waitFor();

    // The repository moves: a wrong new password is said on the test, the right place tests and
    // saves, and the next sync finds the same two systems and points (nothing duplicated).
    const moved = `${repo}-moved`;
    fs.renameSync(repo, moved);
    repo = moved;
    await card.getByRole('button', { name: 'Edit' }).click();
    await edit.getByRole('textbox', { name: 'Repository location' }).fill(repo);
    await edit.getByLabel('New repository password').fill('not the repository password');
    await edit.getByRole('button', { name: 'Test connection' }).click();
    await edit.getByText('Connection failed').waitFor({ timeout: 30_000 });
    await edit.getByLabel('New repository password').fill('');
    await edit.getByRole('button', { name: 'Test connection' }).click();
    await edit.getByText('The repository opened: 2 systems, 2 restore points.').waitFor({ timeout: 30_000 });
    await screenshotsAtWidths(page, 'restic-00-move-source');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'hidden', timeout: 30_000 });
    await card.getByText(repo, { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Sync now' }).click();
    await card
      .getByText(/Last sync .*\. 2 systems, 2 restore points, nothing new\./)
      .waitFor({ timeout: 30_000 });

    // Its systems in the client's table, with the health the console's thresholds give: a point
    // an hour old is within them.
    await page.getByPlaceholder('Search by system name').fill('FRONT-DESK');
    const row = page.getByRole('row', { name: /FRONT-DESK/ });
    await row.waitFor({ timeout: 30_000 });
    await row.getByText('Healthy').first().waitFor();
    await screenshotsAtWidths(page, 'restic-01-systems');

    // A real file through the first tool's cloud browse, downloaded as a zip.
    await openWizard(page, clientId, 'Appliance and cloud backups');
    await waitForStep(page, 'type');
    await page.getByRole('button', { name: 'Files and folders' }).click();
    await waitForStep(page, 'restoreType');
    await page.getByRole('button', { name: 'Cloud (offsite)' }).click();
    await waitForStep(page, 'setDevice');
    await dialog(page)
      .getByRole('row', { name: /FRONT-DESK/ })
      .click();
    // One restore point: the wizard chooses it and opens the browser at once.
    await waitForStep(page, 'browse', 30_000);
    const rootGroup = page.getByRole('group', { name: 'Folder Restore point' });
    await rootGroup.getByText('/', { exact: true }).click();
    const documents = dialog(page).getByText('Documents', { exact: true });
    await documents.waitFor({ timeout: 30_000 }).catch(async (err) => {
      await page.screenshot({ path: '/work/shots/restic/debug-browse.png', fullPage: true });
      throw err;
    });
    await documents.click();
    const docs = page.getByRole('group', { name: 'Folder Documents' });
    await docs.getByLabel('Select vaccinations.csv').check();
    await docs.getByLabel('Select scans').check();
    await screenshotsAtWidths(page, 'restic-03-browse');
    await dialog(page).getByRole('button', { name: 'Next', exact: true }).click();
    await waitForStep(page, 'restore');
    const link = page.getByTestId('download-link');
    await link.waitFor({ timeout: 15_000 });
    await screenshotsAtWidths(page, 'restic-04-link');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^FRONT-DESK-.*\.zip$/);
    expect(await zipMembers(await download.path())).toEqual({
      'vaccinations.csv': sha(csv),
      'scans/x-ray.bin': sha(xray),
    });
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'hidden' });

    // The disk image of XRAY-SERVER as a VHDX download, through the second tool.
    await openWizard(page, clientId, 'Direct-to-cloud backups');
    await waitForStep(page, 'typeRB').catch(async (err) => {
      await page.screenshot({ path: '/work/shots/restic/debug-type-rb.png', fullPage: true });
      throw err;
    });
    const choice = page.getByRole('button', { name: 'Virtual disk as a download' });
    await choice.waitFor();
    await screenshotsAtWidths(page, 'restic-05-type-rb');
    await choice.click();
    await waitForStep(page, 'rbSetDevice');
    await dialog(page)
      .getByRole('row', { name: /XRAY-SERVER/ })
      .click();
    await waitForStep(page, 'selectRestorePoint');
    await chooseShownDayLastPoint(page);
    await dialog(page).getByRole('button', { name: 'Next', exact: true }).click();
    await waitForStep(page, 'rbExportType');
    await screenshotsAtWidths(page, 'restic-06-format');
    await dialog(page).getByRole('button', { name: 'Next', exact: true }).click();
    await waitForStep(page, 'exportVirtualDisk');
    await page.getByRole('button', { name: 'Prepare the download' }).click();
    const diskLink = page.getByTestId('download-link');
    await diskLink.waitFor({ timeout: 15_000 });
    await screenshotsAtWidths(page, 'restic-07-disk-link');
    const [disk] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), diskLink.click()]);
    expect(disk.suggestedFilename()).toMatch(/^XRAY-SERVER-.*\.vhdx$/);
    const file = await disk.path();
    const info = JSON.parse(execFileSync('qemu-img', ['info', '--output=json', file], { encoding: 'utf8' }));
    expect(info.format).toBe('vhdx');
    expect(info['virtual-size']).toBe(IMAGE_SIZE);
    execFileSync('qemu-img', ['check', file]);
    await page.keyboard.press('Escape');

    // The source is removed again: the other browser tests see the client as it was.
    await page.goto(`/client/details/${clientId}`);
    await card.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('button', { name: 'Remove source' }).click();
    await card.waitFor({ state: 'detached' });
    await context.close();
  }, 240_000);
});
