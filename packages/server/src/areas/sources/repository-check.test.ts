import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { dayStart } from '@lifeboat/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestRepo, type TestRepo } from '../../sources/restic/test-repo';
import { buildWorld, TEST_PASSWORD, type World } from '../../test/factories';
import { call, createTestApp, loginAs, type Session, TEST_NOW, type TestApp } from '../../test/harness';
import { evaluateAlerts } from '../alerts/evaluate';
import { gatherReportData } from '../reports/data';
import { renderReportPdf } from '../reports/pdf';
import { registerSourceSync } from './sync-handler';

// The repository check of a restic source, on a real repository: it runs with the source's sync
// when due, and its result appears where AutoVerify results appear, named for what it is: the
// device page, the dashboard's failure feed, the report's evidence, the alert. A pack file
// overwritten on disk makes the next check (reading all of the data back) fail, and every one of
// those places says so. Also: the reseller's 7-day health chart counts the source's systems the
// day their first sync writes them.

const HOUR = 3_600_000;
let repo: TestRepo;
let t: TestApp;
let w: World;
let resa: Session;
let sourceId: number;

beforeAll(async () => {
  repo = makeTestRepo('lifeboat-check-');
  repo.backup('RECEPTION-PC', TEST_NOW - 2 * HOUR);
  repo.backup('FRONT-DESK', TEST_NOW - 3 * HOUR, { files: { 'x-ray.bin': 'x'.repeat(200_000) } });
  t = await createTestApp({ resticRoots: [repo.root] });
  w = await buildWorld(t.dbh.db, TEST_NOW);
  registerSourceSync(t.ctx);
  resa = await loginAs(t.app, 'resa', TEST_PASSWORD);
  const res = await call(t.app, resa, {
    method: 'POST',
    url: `/api/sources/client/${w.clientA1}`,
    payload: { name: 'Clinic repository', location: repo.location, password: repo.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  sourceId = Number(res.json().id);
}, 60_000);
afterAll(async () => {
  await t.close();
  repo.remove();
});

const get = (url: string) => call(t.app, resa, { method: 'GET', url });
const systemIds = async () =>
  (
    await t.dbh.db
      .selectFrom('protected_systems')
      .select(['id', 'name'])
      .where('source_id', '=', sourceId)
      .orderBy('name')
      .execute()
  ).map((r) => ({ id: Number(r.id), name: r.name }));
const lastRun = async () => {
  const op = await t.dbh.db
    .selectFrom('operations')
    .select('result')
    .where('kind', '=', 'sources.sync')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return JSON.parse(op.result ?? 'null');
};

async function reportText(): Promise<string> {
  const day = new Date(t.clock.now()).toISOString().slice(0, 10);
  const data = await gatherReportData(t.dbh.db, w.clientA1, day, day);
  const pdf = await renderReportPdf(data, {
    level: 'detailed',
    bandwidthMbps: 100,
    summary: 'Summary.',
    suggestedActions: 'None.',
    screenshots: new Map(),
    generatedAt: t.clock.now(),
  });
  const file = path.join(repo.root, 'report.pdf');
  fs.writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

describe('the repository check of a restic source', () => {
  it('runs with the first sync and shows a sound repository as a passed repository check', async () => {
    await t.ctx.operations.runOnce();
    expect(await lastRun()).toMatchObject({
      status: 'ok',
      systems_added: 2,
      check: {
        status: 'ok',
        sentence: 'The repository is sound: its structure and 5% of its data were read back without error.',
      },
    });
    const systems = await systemIds();
    expect(systems.map((s) => s.name)).toEqual(['FRONT-DESK', 'RECEPTION-PC']);
    const [desk] = systems;
    const card = (await get(`/device/get_device_autoverify_info/${desk?.id}`)).json();
    expect(card).toMatchObject({ ok: true, verification: 'repository_check', has_thumbnail: false });
    expect(card.tableData).toHaveLength(1);
    expect(card.tableData[0]).toMatchObject({ status: 'success', rp: TEST_NOW - 3 * HOUR });
    const last = (await get(`/device/get_last_autoverify_data/${desk?.id}`)).json();
    expect(last.data).toMatchObject({
      verification: 'repository_check',
      autoverify_status: 'success',
      target_info: { target_type: 'repository', target_link_text: 'Clinic repository' },
    });
    const info = (await get(`/device/get_device_details_info/${desk?.id}`)).json();
    expect(info.verification).toBe('repository_check');
    // A restic system has no machine to boot: the boot AutoVerify is not offered.
    const actions = (await get(`/device/get_device_actions/${desk?.id}`)).json();
    expect(actions.showAutoverify).toBe(false);
    const text = await reportText();
    expect(text).toContain('Recovery evidence: AutoVerify and repository checks');
    expect(text).toMatch(/Repository checks passed 2 of 2/);
    expect(text).toContain('Repository check passed on');
  }, 60_000);

  it('puts the systems of the first sync into the 7-day health chart the same day', async () => {
    const row = await t.dbh.db
      .selectFrom('reseller_health_daily')
      .select(['healthy', 'total'])
      .where('reseller_id', '=', w.resellerA)
      .where('day', '=', dayStart(t.clock.now()))
      .executeTakeFirstOrThrow();
    const counted = await t.dbh.db
      .selectFrom('protected_systems')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('reseller_id', '=', w.resellerA)
      .where('parked', '=', 0)
      .executeTakeFirstOrThrow();
    expect(Number(row.total)).toBe(Number(counted.n));
    const chart = (await get(`/reseller/get_protected_system_health_history/${w.resellerA}`)).json();
    expect(chart.data.at(-1)).toBe(Math.round((Number(row.healthy) / Number(row.total)) * 1000) / 10);
  });

  it('does not check again before the check is due', async () => {
    t.clock.advance(HOUR);
    await t.ctx.operations.runOnce();
    resa = await loginAs(t.app, 'resa', TEST_PASSWORD);
    // Sync now: a sync, but the daily check is not due.
    const res = await call(t.app, resa, { method: 'POST', url: `/api/sources/${sourceId}/sync` });
    expect(res.statusCode, res.body).toBe(200);
    await t.ctx.operations.runOnce();
    expect((await lastRun()).check).toBeUndefined();
    const rows = await t.dbh.db
      .selectFrom('autoverify_results')
      .select('id')
      .where('kind', '=', 'repository_check')
      .execute();
    expect(rows).toHaveLength(2);
  });

  it('finds a damaged pack file, and the device page, feed, report and alerts say so', async () => {
    // Overwrite bytes in the middle of the biggest pack file, then read all the data back.
    const packs = execFileSync('find', [path.join(repo.location, 'data'), '-type', 'f'], { encoding: 'utf8' })
      .trim()
      .split('\n');
    const biggest = packs.sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0] as string;
    const fd = fs.openSync(biggest, 'r+');
    fs.writeSync(fd, Buffer.alloc(4000, 0x5a), 0, 4000, 200);
    fs.closeSync(fd);
    await t.dbh.db
      .updateTable('backup_sources')
      .set({ check_percent: 100 })
      .where('id', '=', sourceId)
      .execute();

    t.clock.advance(24 * HOUR);
    await t.ctx.operations.runOnce();
    resa = await loginAs(t.app, 'resa', TEST_PASSWORD);
    expect(await lastRun()).toMatchObject({
      check: {
        status: 'failed',
        sentence: 'The repository check found damaged data: restores from it may fail.',
      },
    });
    const [desk, reception] = await systemIds();
    for (const sys of [desk, reception]) {
      const card = (await get(`/device/get_device_autoverify_info/${sys?.id}`)).json();
      expect(card.tableData[0]).toMatchObject({ status: 'failure' });
    }
    const feeds = (await get(`/reseller/get_collapsible_feeds/${w.resellerA}`)).body;
    expect(feeds).toContain('AutoVerify and repository check failures this week');
    expect(feeds).toContain(
      'repository check failed. The repository check found damaged data: restores from it may fail.',
    );
    const text = await reportText();
    expect(text).toContain('Repository check failed on');
    expect(text).toContain('Latest repository check');
    // The alert of the first tool's AutoVerify failures opens for each system of the source.
    await evaluateAlerts(t.dbh.db, t.clock.now());
    const alerts = await t.dbh.db
      .selectFrom('alerts')
      .select(['condition', 'subject_id', 'summary'])
      .where('condition', '=', 'autoverify_failed')
      .orderBy('subject_id')
      .execute();
    expect(alerts.map((a) => Number(a.subject_id)).sort()).toEqual(
      [desk?.id, reception?.id].map(Number).sort(),
    );
    expect(alerts[0]?.summary).toBe('AutoVerify or repository check failed');
    const source = await t.dbh.db
      .selectFrom('backup_sources')
      .select(['last_check_outcome', 'last_check_sentence'])
      .where('id', '=', sourceId)
      .executeTakeFirstOrThrow();
    expect(source.last_check_outcome).toBe('failed');
  }, 60_000);
});
