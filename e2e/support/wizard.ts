import type { Page } from 'playwright-core';

// The recovery wizard in the browser tests: each step renders data-testid="wizard-step" with its
// spec name in data-step (recovery-flow), so a test waits on the step itself, not on its texts.

/** The wizard's step `name` (spec name, as typeRB or locateVirtualization). */
export const wizardStep = (page: Page, name: string) =>
  page.locator(`[data-testid="wizard-step"][data-step="${name}"]`);

/** Waits until the wizard shows step `name`. */
export async function waitForStep(page: Page, name: string, timeout = 15_000): Promise<void> {
  await wizardStep(page, name).waitFor({ timeout });
}
