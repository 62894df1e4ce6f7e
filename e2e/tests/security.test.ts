import { type Browser, request } from 'playwright-core';
import { TOTP } from 'totp-generator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  DESKTOP,
  launchBrowser,
  openPage,
  screenshot,
  signIn,
  submitLogin,
} from '../support/browser';

// MFA end to end in the browser (issue 17): a reseller sets MFA up by reading the key shown next
// to the QR code, signs out and in with a code computed by an independent TOTP implementation,
// then turns it off again with a recovery code (so the shared demo account is left as it was).

let browser: Browser;
/** Recovery codes not used yet while the test left MFA on for reseller2 (none once it is off). */
let unusedCodes: string[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  // The demo account is shared with every later test file: a failure half-way must not leave MFA
  // on (every later sign-in as reseller2 would then be asked for a code and fail in cascade).
  if (unusedCodes.length >= 2) await turnMfaOffThroughApi(unusedCodes[0] ?? '', unusedCodes[1] ?? '');
});

/** Signs in with one recovery code and turns MFA off with another, through the API alone. */
async function turnMfaOffThroughApi(signInCode: string, disableCode: string): Promise<void> {
  const api = await request.newContext({ baseURL: baseUrl() });
  const xhr = { 'x-requested-with': 'XMLHttpRequest' };
  try {
    const signedIn = await api.post('/api/session', {
      headers: xhr,
      data: { username: 'reseller2', password: 'demo', code: signInCode },
    });
    expect(signedIn.status()).toBe(200);
    const { csrfToken } = (await signedIn.json()) as { csrfToken: string };
    const off = await api.post('/mfa/disable', {
      headers: { ...xhr, 'x-csrf-token': csrfToken },
      data: { password: 'demo', code: disableCode },
    });
    expect(off.status()).toBe(200);
  } finally {
    await api.dispose();
  }
}

const TABLET_768 = { width: 768, height: 1000 };
const codeAt = async (secret: string, ms = Date.now()) =>
  (await TOTP.generate(secret, { timestamp: ms })).otp;
/** Wait for the next 30-second step: a code is never accepted twice. */
const nextStep = () => new Promise((r) => setTimeout(r, 30_000 - (Date.now() % 30_000) + 200));

describe('MFA', () => {
  it('is set up from the key, asked for at sign-in, and turned off with a recovery code', async () => {
    const { context, page } = await openPage(browser, DESKTOP);
    await signIn(page, 'reseller2');
    await page.getByRole('link', { name: 'Security' }).first().click();
    await page.getByRole('heading', { name: 'Sign-in security' }).waitFor();
    await page.getByRole('button', { name: 'Set up MFA' }).click();
    await page.getByRole('img', { name: 'QR code of the MFA secret' }).waitFor();
    const secret = (await page.getByTestId('mfa-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const save = page.getByRole('button', { name: 'Save', exact: true });
    const input = page.getByLabel('Code from the app');
    await input.fill('123');
    expect(await save.isDisabled()).toBe(true);
    await input.fill('000000');
    expect(await save.isEnabled()).toBe(true);
    await screenshot(page, 'mfa-setup-desktop');
    await page.setViewportSize(TABLET_768);
    await screenshot(page, 'mfa-setup-768');
    await page.setViewportSize(DESKTOP);
    // A wrong code: errors.mfa_save in the completion area.
    if ((await codeAt(secret)) !== '000000') {
      await save.click();
      await page.getByRole('alert').filter({ hasText: 'does not match' }).waitFor();
    }
    await input.fill(await codeAt(secret));
    await save.click();
    await page.getByRole('heading', { name: 'Your recovery codes' }).waitFor();
    const list = page.getByTestId('recovery-codes');
    await list.locator('code').first().waitFor();
    const codes = await list.locator('code').allTextContents();
    expect(codes).toHaveLength(10);
    unusedCodes = codes.map((c) => c.trim());
    // MFA is on from the saved code: the card's badge agrees with the "MFA is on" message.
    await page.getByText('MFA is on').waitFor();
    expect(await page.getByTestId('mfa-state').textContent()).toBe('On');
    await screenshot(page, 'mfa-recovery-codes');
    await page.getByRole('button', { name: 'I have saved them' }).click();

    // Sign out and in: the form asks for the code.
    await page.getByRole('button', { name: 'Sign out' }).first().click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await submitLogin(page, 'reseller2', 'demo');
    const codeInput = page.getByLabel('Authentication code');
    await codeInput.waitFor();
    await nextStep();
    await codeInput.fill(await codeAt(secret));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();

    // The audit log shows the change.
    await page.goto('/audit?action=mfa.');
    await page.getByRole('table', { name: 'Audit log' }).getByText('Turned MFA on').first().waitFor();
    await screenshot(page, 'audit-log-desktop');
    await page.setViewportSize(TABLET_768);
    await screenshot(page, 'audit-log-768');
    await page.setViewportSize(DESKTOP);

    // Turn it off with the password and a recovery code.
    await page.goto('/account/security');
    await page.getByLabel('Password', { exact: true }).fill('demo');
    await page.getByLabel('Code from the app').fill(unusedCodes.pop() ?? '');
    await page.getByRole('button', { name: 'Turn MFA off' }).click();
    await page.getByRole('button', { name: 'Set up MFA' }).waitFor();
    unusedCodes = [];
    await context.close();
  }, 90_000);
});
