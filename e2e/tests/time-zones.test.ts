import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, screenshot, sessionHeaders, signIn } from '../support/browser';
import { waitForStep } from '../support/wizard';

// Days and times agree in any time zone (issue 24): the user's zone, set in the profile and named
// on screen, is the one the day strip groups restore points in, the one their times are written
// in and the one the wizard's header uses, on both tool generations. Each zone is walked with the
// browser in that zone; a point whose day there differs from its UTC day is chosen.

const ZONES = ['America/Los_Angeles', 'Asia/Tokyo', 'Pacific/Kiritimati'] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const headers = sessionHeaders;

/** The zone the other test files expect: the machine's, as a browser there would store it. */
async function restoreZone(page: Page): Promise<void> {
  await page.request.put('/api/session/time_zone', {
    headers: await headers(page),
    data: { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone },
  });
}

const dayIn = (ms: number, zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(ms);
const timeIn = (ms: number, zone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(ms);
const dateTimeIn = (ms: number, zone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(ms);
const dateIn = (ms: number, zone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  }).format(ms);

/** Sets the zone in the profile, as a person does, and checks the shell names it. */
async function chooseZone(page: Page, zone: string): Promise<void> {
  await page.goto('/account/security');
  const select = page
    .getByRole('textbox', { name: 'Your time zone' })
    .or(page.getByRole('combobox', { name: 'Your time zone' }))
    .first();
  await select.fill(zone);
  await page.getByRole('option', { name: zone, exact: true }).click();
  // The browser's zone is the user's until another is chosen: then there is nothing to save.
  const save = page.getByRole('button', { name: 'Save time zone' });
  if (await save.isEnabled()) await save.click();
  const city = (zone.split('/').pop() ?? zone).replace(/_/g, ' ');
  await page
    .getByTestId('user-time-zone')
    .filter({ hasText: `${city} time` })
    .waitFor();
}

interface Strip {
  data: { dates: { date: string; points: { id: number; ts: number }[] }[] };
}

async function firstTool(page: Page, zone: string, shots: string): Promise<void> {
  // DC01-ACME (system 7) from its page's Recover, the cloud points of drive C:.
  const [pointsRes] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/filebrowsing/recovery_points/')),
    (async () => {
      await page.goto('/home/reseller-dashboard?recover=device:7:restoreType');
      await waitForStep(page, 'restoreType');
      await page.getByRole('button', { name: 'Cloud (offsite)' }).click();
      await waitForStep(page, 'setDrive');
      await page.getByRole('button', { name: 'C:' }).click();
    })(),
  ]);
  await waitForStep(page, 'setRecoveryPoint');
  const strip = (await pointsRes.json()) as Strip;
  const all = strip.data.dates.flatMap((d) => d.points.map((p) => ({ ...p, day: d.date })));
  // The server's days are the zone's days.
  for (const p of all) expect(p.day).toBe(dayIn(p.ts, zone));
  const crossing = all.find((p) => dayIn(p.ts, 'UTC') !== p.day) ?? all[all.length - 1];
  if (!crossing) throw new Error('DC01-ACME has no cloud point in the strip.');
  const dayButton = page.getByRole('button', { name: dateIn(crossing.ts, zone), exact: true });
  await dayButton.click();
  const heading = `Restore points of ${dateIn(crossing.ts, zone)}`;
  await page.getByText(heading).waitFor();
  const dayPoints = strip.data.dates.find((d) => d.date === crossing.day)?.points ?? [];
  const index = dayPoints.findIndex((p) => p.id === crossing.id);
  const chip = page.getByTestId('restore-point').nth(index);
  expect(await chip.textContent()).toBe(timeIn(crossing.ts, zone));
  const city = (zone.split('/').pop() ?? zone).replace(/_/g, ' ');
  expect(await page.getByTestId('time-zone').textContent()).toContain(`${city} time`);
  await screenshot(page, `${shots}-first-tool`);
  await chip.click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await waitForStep(page, 'browse');
  // The header writes the same day and time.
  await page
    .getByText(`Recovery · Acme Dental Group · DC01-ACME · ${dateTimeIn(crossing.ts, zone)}`)
    .waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
}

async function secondTool(page: Page, zone: string, shots: string): Promise<void> {
  const h = await headers(page);
  // Acme Dental Group, the client of DC01-ACME (system 7).
  const dc01 = await page.request.post('/device/get', {
    headers: h,
    data: { scopeBy: 'device', forDevice: 7 },
  });
  const clientId = ((await dc01.json()) as { list: { client_id: number }[] }).list[0]?.client_id;
  const rows = await page.request.get(`/client/load_rb_devices_table_data/${clientId}/0`, { headers: h });
  const device = ((await rows.json()) as { data: { id: number; psName: string }[] }).data.find(
    (d) => d.psName === 'BK01-ACME',
  );
  if (!device) throw new Error('BK01-ACME is not in the demo fleet.');
  // The picker's strip may touch two months: the newest point's month answers newOffset 0.
  const [month] = await Promise.all([
    page.waitForResponse(
      async (r) =>
        r.url().includes('/ftps_export/get_rb_device_restore_points/') &&
        ((await r.json()) as { newOffset: number }).newOffset === 0,
    ),
    (async () => {
      await page.goto(`/home/reseller-dashboard?recover=device:${device.id}:typeRB`);
      await waitForStep(page, 'typeRB');
      await page.getByRole('button', { name: 'Files and folders by FTPS' }).click();
    })(),
  ]);
  await waitForStep(page, 'selectRestorePoint');
  const body = (await month.json()) as { restorePoints: Record<string, { value: string; ts?: number }[]> };
  const days = Object.keys(body.restorePoints).map(Number);
  const shownDay = Math.max(...days);
  const points = (body.restorePoints[String(shownDay)] ?? []).filter((o) => o.ts !== undefined);
  for (const o of points) expect(Number(dayIn(o.ts ?? 0, zone).slice(8))).toBe(shownDay);
  const last = points[points.length - 1];
  if (!last?.ts) throw new Error('BK01-ACME has no cloud point.');
  // The same picker as the first tool: the day's times in the zone, which it names.
  const chip = page
    .getByTestId('restore-point')
    .filter({ hasText: new RegExp(`^${timeIn(last.ts, zone)}$`) })
    .last();
  await chip.click();
  expect(await page.getByTestId('time-zone').textContent()).toContain(
    `${(zone.split('/').pop() ?? zone).replace(/_/g, ' ')} time`,
  );
  await screenshot(page, `${shots}-second-tool`);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByText(`Recovery · Acme Dental Group · BK01-ACME · ${dateTimeIn(last.ts, zone)}`).waitFor();
  await page.keyboard.press('Escape');
}

describe('days and times in the user time zone', () => {
  for (const zone of ZONES) {
    it(`agree on both tools with the browser and the user in ${zone}`, async () => {
      const context = await browser.newContext({
        baseURL: baseUrl(),
        viewport: { width: 1280, height: 800 },
        locale: 'en-GB',
        timezoneId: zone,
      });
      const page = await context.newPage();
      await signIn(page, 'reseller');
      try {
        await chooseZone(page, zone);
        const shots = `time-zone-${zone.replace('/', '-')}`;
        await screenshot(page, `${shots}-profile`);
        await firstTool(page, zone, shots);
        await secondTool(page, zone, shots);
      } finally {
        await restoreZone(page);
        await context.close();
      }
    }, 90_000);
  }
});
