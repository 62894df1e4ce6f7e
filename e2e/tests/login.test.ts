import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot, submitLogin, TABLET } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('login page', () => {
  it('names the product, says what it is and has labelled fields', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await expect(page.title()).resolves.toBe('Sign in · Lifeboat');
    expect(await page.getByText('Lifeboat', { exact: true }).first().isVisible()).toBe(true);
    expect(
      await page
        .getByText(/backup and recovery console/i)
        .first()
        .isVisible(),
    ).toBe(true);
    expect(await page.getByLabel('User name').isVisible()).toBe(true);
    expect(await page.getByLabel('Password', { exact: true }).isVisible()).toBe(true);
    // The user name field has the focus, ready to type.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('username');
    await context.close();
  });

  it('has no serious or critical accessibility violation', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it("shows the server's message on a wrong password, shakes the form and creates no session", async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    // Record every start of the shake (data-shaking appears while the animation runs).
    await page.evaluate(() => {
      const w = window as unknown as { shakeStarts: number; shakeAnimations: number };
      w.shakeStarts = 0;
      w.shakeAnimations = 0;
      new MutationObserver((records) => {
        for (const r of records) {
          const el = r.target as HTMLElement;
          if (r.attributeName === 'data-shaking' && el.dataset.shaking === 'true') {
            w.shakeStarts += 1;
            w.shakeAnimations += el.getAnimations().length;
          }
        }
      }).observe(document.body, { attributes: true, subtree: true, attributeFilter: ['data-shaking'] });
    });

    const [res] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/session') && r.request().method() === 'POST'),
      submitLogin(page, 'reseller2', 'not-the-password'),
    ]);
    expect(res.status()).toBe(401);
    const body = (await res.json()) as { code: string; message: string };
    expect(body.code).toBe('BAD_CREDENTIALS');

    const alert = page.getByRole('alert').filter({ hasText: body.message });
    await alert.waitFor();
    expect(await alert.isVisible()).toBe(true);

    const shake = await page.evaluate(() => {
      const w = window as unknown as { shakeStarts: number; shakeAnimations: number };
      return { shakeStarts: w.shakeStarts, shakeAnimations: w.shakeAnimations };
    });
    expect(shake.shakeStarts).toBe(1);
    expect(shake.shakeAnimations).toBe(1);
    await expect(page.locator('[data-shakes]').getAttribute('data-shakes')).resolves.toBe('1');
    // The shake finishes within the spec's 250 ms and leaves the card where it was.
    await expect.poll(() => page.locator('[data-shaking]').count(), { timeout: 400 }).toBe(0);

    // Still on the login page, no session cookie, and the API says nobody is signed in.
    expect(new URL(page.url()).pathname).toBe('/login');
    const cookies = await context.cookies();
    expect(cookies.filter((c) => c.name === 'lifeboat_session')).toEqual([]);
    const probe = await page.evaluate(async () => {
      const r = await fetch('/api/session', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
      return r.status;
    });
    expect(probe).toBe(401);
    // The password is cleared and focused for the next try.
    await expect(page.getByLabel('Password', { exact: true }).inputValue()).resolves.toBe('');
    await screenshot(page, 'login-error-1280');
    await context.close();
  });

  it('does not shake when the user prefers reduced motion, but still says what went wrong', async () => {
    const { context, page } = await openPage(browser, DESKTOP, { reducedMotion: 'reduce' });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await submitLogin(page, 'reseller2', 'still-wrong');
    await page.getByRole('alert').waitFor();
    expect(await page.locator('[data-shakes]').count()).toBe(0);
    await context.close();
  });

  it.each([
    ['1280', DESKTOP],
    ['700', TABLET],
    ['390', PHONE],
  ] as const)('looks right at %s px (screenshot)', async (name, viewport) => {
    const { context, page } = await openPage(browser, viewport);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await screenshot(page, `login-${name}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});
