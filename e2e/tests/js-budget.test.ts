import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, signIn } from '../support/browser';

// The JavaScript budget (issue 18 point 19): what a browser fetches for the sign-in page, and from
// the sign-in page to a working dashboard, gzipped as the build serves it. Measured in a real
// browser so no lazy import, dialog or schema bundle is missed. Both ceilings are the issue's
// targets (docs/decisions.md, 'Issue 18 point 19', has the figures: 75.7 and 236.1 KB on
// 24 November 2026). zod loads only with a form that validates: none on this way.

const TARGET_KB = { signIn: 100, dashboard: 250 };

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/web/dist');

/** The gzipped size of a built file, as the server sends it (its .gz twin, else gzipped here). */
function gzippedBytes(urlPath: string): number {
  const file = path.join(DIST, decodeURIComponent(urlPath));
  if (fs.existsSync(`${file}.gz`)) return fs.statSync(`${file}.gz`).size;
  return gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

/** Records every script the page loads from the console's own assets. */
function recordScripts(page: Page): Set<string> {
  const scripts = new Set<string>();
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (r.request().resourceType() === 'script' || url.pathname.endsWith('.js')) scripts.add(url.pathname);
  });
  return scripts;
}

const kb = (files: Iterable<string>) => [...files].reduce((sum, f) => sum + gzippedBytes(f), 0) / 1024;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('JavaScript budget', () => {
  it('keeps the sign-in page and the way to a working dashboard within budget', async () => {
    const { context, page } = await openPage(browser);
    const scripts = recordScripts(page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.waitForLoadState('networkidle');
    const signInKb = kb(scripts);

    await signIn(page, 'reseller');
    await page.waitForURL('**/home/reseller-dashboard');
    await page.locator('[data-table="reseller_protected_systems_table"] [data-row-id]').first().waitFor();
    await page.waitForLoadState('networkidle');
    const dashboardKb = kb(scripts);
    process.stdout.write(
      `JavaScript (gzip): sign-in ${signInKb.toFixed(1)} KB (target ${TARGET_KB.signIn}), sign-in to dashboard ` +
        `${dashboardKb.toFixed(1)} KB (target ${TARGET_KB.dashboard}) in ${scripts.size} files\n`,
    );
    if (process.env.JS_BUDGET_LIST) {
      const rows = [...scripts].map((f) => `${(gzippedBytes(f) / 1024).toFixed(1).padStart(6)} KB  ${f}`);
      process.stdout.write(`${rows.sort().reverse().join('\n')}\n`);
    }
    expect(
      [...scripts].filter((f) => /\/zod-[^/]*\.js$/.test(f)),
      'zod on the way to the dashboard',
    ).toEqual([]);
    expect(signInKb).toBeLessThan(TARGET_KB.signIn);
    expect(dashboardKb).toBeLessThan(TARGET_KB.dashboard);
    await context.close();
  });
});
