import type { Page } from 'playwright-core';
import { screenshot, type Viewport } from './browser';
import type { VmDevice } from './virtualization';
import { waitForStep, wizardStep } from './wizard';

// The virtualization browser test's way through the wizard (tests/virtualization.test.ts): into
// the first tool's virtualization for a device, through the steps before a restore point, and
// the screenshots of each step it reaches.

/** The width the walks run at (the wizard's widest layout). */
export const WIDE: Viewport = { width: 1440, height: 900 };

/** A step at desktop width and at 768 px (issue 12: screenshots of every step at both), then as it was. */
export async function shots(page: Page, name: string): Promise<void> {
  const size = page.viewportSize() ?? WIDE;
  await page.setViewportSize(WIDE);
  await screenshot(page, `${name}-1440`);
  await page.setViewportSize({ width: 768, height: 1000 });
  await screenshot(page, `${name}-768`);
  await page.setViewportSize(size);
}

/**
 * Opens the client-level wizard (the dashboard's Recover: no appliance chosen yet), picks the
 * first tool when asked, then the recovery type `typeName`, and waits for the location step.
 */
export async function openClientWizardOn(page: Page, clientId: number, typeName: string): Promise<void> {
  await page.goto(`/home/clients?recover=client:${clientId}`);
  await page.locator('[data-step="recoverToolSelect"], [data-step="type"]').waitFor({ timeout: 15_000 });
  if (await wizardStep(page, 'recoverToolSelect').count())
    await page.getByRole('button', { name: 'Appliance and cloud backups' }).click();
  await waitForStep(page, 'type');
  await page.getByRole('button', { name: typeName }).click();
  await waitForStep(page, 'locateVirtualization');
}

/** Chooses the device's appliance where the wizard asks (it chooses a single one by itself). */
export async function chooseAppliance(page: Page, d: VmDevice): Promise<void> {
  const appliance = page.getByRole('dialog').getByRole('row', { name: new RegExp(d.applianceName) });
  await appliance.or(wizardStep(page, 'setDevice')).first().waitFor({ timeout: 15_000 });
  if (await wizardStep(page, 'setAppliance').count()) await appliance.click();
  await waitForStep(page, 'setDevice');
}

/** Opens the wizard as the device list's recover action does (first tool: locateVirtualization). */
export async function openOn(page: Page, d: VmDevice): Promise<void> {
  // The deep link the recover action uses, on a light page (the device list behind it only slows the run).
  await page.goto(`/home/clients?recover=device:${d.id}:locateVirtualization`);
  await waitForStep(page, 'locateVirtualization');
  await page.getByRole('dialog').getByTestId('choice').first().waitFor();
}

/** setJob: one job is chosen by the step itself (it may go on at any moment); of several, the first. */
async function chooseJob(page: Page): Promise<void> {
  const rows = page.getByRole('dialog').getByRole('table', { name: 'jobs' }).getByRole('row');
  const gone = page.locator('[data-step="setDrive"], [data-step="setRecoveryPoint"]');
  await rows.nth(1).or(gone).first().waitFor();
  if ((await rows.count()) > 2) await rows.nth(1).click();
}

/** From the location to the restore point: the export type when asked, a job, a drive, the first point. */
export async function choosePoint(page: Page, typeLabel: string | null): Promise<void> {
  const dialog = page.getByRole('dialog');
  const any = page.locator(
    ['setExportType', 'setJob', 'setDrive', 'setRecoveryPoint'].map((s) => `[data-step="${s}"]`).join(', '),
  );
  for (;;) {
    await any.waitFor({ timeout: 15_000 });
    const name = await any.getAttribute('data-step');
    if (name === 'setExportType' && typeLabel) await dialog.getByRole('button', { name: typeLabel }).click();
    else if (name === 'setJob') await chooseJob(page);
    else if (name === 'setDrive') await dialog.getByTestId('choice').first().click();
    else if (name === 'setRecoveryPoint') break;
    await wizardStep(page, name ?? '').waitFor({ state: 'detached' });
  }
  await page.getByTestId('restore-point').first().click();
  await dialog.getByRole('button', { name: 'Next', exact: true }).click();
}
