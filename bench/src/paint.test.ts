import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ProductionServer, startProduction } from '../../scripts/production-start.mjs';
import { CHROMIUM, CHROMIUM_FLAGS, DASHBOARD_PARTS, paintOnce } from './paint-core';

// `npm run paint`'s own measurement, once, on the demo fleet and the production start: when the
// dashboard stops drawing a part the benchmark waits for, this fails and names the part. No
// time is asserted (speed is measured in the benchmark, not here).

let server: ProductionServer;
let browser: Browser;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lifeboat-paint-'));

beforeAll(async () => {
  server = await startProduction({
    env: { LIFEBOAT_DATA_DIR: dataDir, DATABASE_URL: '', SIM_SPEED: '0', LIFEBOAT_WORKERS: '0' },
  });
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('finds every part of the reseller dashboard after a sign-in, and the calls that drew them', async () => {
  const paint = await paintOnce(browser, { baseUrl: server.baseUrl, username: 'reseller', password: 'demo' });
  expect(Object.keys(paint.parts).sort()).toEqual(Object.keys(DASHBOARD_PARTS).sort());
  for (const at of Object.values(paint.parts)) expect(at).toBeLessThanOrEqual(paint.ms);
  const paths = paint.calls
    .filter((c) => c.start >= 0)
    .map((c) => `${c.method} ${c.path.replace(/\?.*$/, '')}`);
  // The sign-in itself comes first (code still loading from the form's use started before the
  // press), then the dashboard's data.
  expect(paths[0]).toBe('POST /api/session');
  expect(paths.some((p) => /^GET \/reseller\/get_dashboard_page_data\/\d+$/.test(p))).toBe(true);
  expect(paths.some((p) => /^POST \/reseller\/dashboard\/protected_systems\/\d+\//.test(p))).toBe(true);
}, 120_000);
