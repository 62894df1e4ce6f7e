import type { Page } from 'playwright-core';

// The recovery wizard in the browser tests: each step renders data-testid="wizard-step" with its
// spec name in data-step (recovery-flow), so a test waits on the step itself, not on its texts.

/** The wizard's step `name` (spec name, as typeRB or locateVirtualization). */
export const wizardStep = (page: Page, name: string) =>
  page.locator(`[data-testid="wizard-step"][data-step="${name}"]`);

/** Waits until the wizard shows step `name` (30 s: a first page load on a busy CI machine). */
export async function waitForStep(page: Page, name: string, timeout = 30_000): Promise<void> {
  await wizardStep(page, name).waitFor({ timeout });
}

/**
 * The shared restore point picker (both tools and the Azure wizard): waits for its days and
 * chooses the shown day's last point, unless the day's single point is already chosen.
 */
export async function chooseShownDayLastPoint(page: Page): Promise<void> {
  const picker = page.getByTestId('restore-point-picker');
  await picker.getByTestId('restore-point').first().waitFor();
  const last = picker.getByTestId('restore-point').last();
  if ((await last.getAttribute('aria-pressed')) !== 'true') await last.click();
}

/**
 * From the first tool's `type` step to DC01-ACME's restore points on drive C: (Acme Dental
 * Group's server): files and folders, from the cloud or the appliance.
 */
export async function firstToolToDc01Points(
  page: Page,
  via: 'Cloud (offsite)' | 'Appliance (local)',
): Promise<void> {
  await waitForStep(page, 'type');
  await page.getByRole('button', { name: 'Files and folders' }).click();
  await waitForStep(page, 'restoreType');
  await page.getByRole('button', { name: via }).click();
  await waitForStep(page, 'setDevice');
  await page
    .getByRole('dialog')
    .getByRole('row', { name: /DC01-ACME/ })
    .click();
  await waitForStep(page, 'setDrive');
  await page.getByRole('button', { name: 'C:' }).click();
  await waitForStep(page, 'setRecoveryPoint');
}
