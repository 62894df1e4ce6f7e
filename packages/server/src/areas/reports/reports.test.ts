import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPORT_DATE_MESSAGES } from '@lifeboat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, TEST_PASSWORD, type World } from '../../test/factories';
import { call, createTestApp, loginAs, type Session, type TestApp } from '../../test/harness';
import { REPORT_GENERATE, reportGenerateHandler } from './generate-handler';
import { NO_SYSTEMS } from './render';
import { seedReportFleet } from './test-fleet';

// The executive summary report's calls on the real app (spec: inventory-reports-exports-security
// 4, 5, 7); the PDF is read back with pdftotext (poppler), as any PDF reader would.

let t: TestApp;
let w: World;
const s: Record<string, Session> = {};
const base = '/async_reports/executive_summary';
// TEST_NOW is 2026-11-20: October is the previous month.
const OCT = { from_date: '2026-10-01', to_date: '2026-10-31' };

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t.dbh.db, t.clock.now());
  await seedReportFleet(t.dbh.db, w, t.clock.now());
  t.ctx.operations.register(REPORT_GENERATE, reportGenerateHandler(t.ctx));
  for (const u of ['staff', 'dist', 'resa', 'resb', 'clia1']) s[u] = await loginAs(t.app, u, TEST_PASSWORD);
});
afterAll(() => t.close());

const get = (who: string, url: string) => call(t.app, s[who]!, { method: 'GET', url });
const generate = (who: string, fields: Record<string, string | number>) =>
  call(t.app, s[who]!, {
    method: 'POST',
    url: `${base}/generate_report`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(
      Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString(),
  });
const count = async (table: 'reports' | 'operations') =>
  (await t.dbh.db.selectFrom(table).select('id').execute()).length;

describe('lists', () => {
  it('staff and distributors list resellers; resellers list their own clients', async () => {
    const staff = (await get('staff', `${base}/get_resellers_list`)).json();
    expect(staff.entities_list.map((e: { id: number }) => e.id)).toEqual(
      expect.arrayContaining([w.resellerA, w.resellerB]),
    );
    const clients = (await get('resa', `${base}/get_clients_list/${w.resellerA}`)).json();
    expect(clients.entities_list).toEqual([
      { id: w.clientA1, name: 'Client A1' },
      { id: w.clientA2, name: 'Client A2' },
    ]);
    expect((await get('staff', `${base}/get_clients_list/${w.resellerB}`)).json().entities_list).toHaveLength(
      1,
    );
  });
  it('answers 404 for another tenant; a client user chooses no reseller', async () => {
    expect((await get('resb', `${base}/get_clients_list/${w.resellerA}`)).statusCode).toBe(404);
    expect((await get('resb', `${base}/get_date_created/${w.clientA1}`)).statusCode).toBe(404);
    expect((await get('resa', `${base}/get_date_created/abc`)).statusCode).toBe(404);
    expect((await get('clia1', `${base}/get_resellers_list`)).json()).toEqual({ entities_list: [] });
    expect((await get('clia1', `${base}/get_clients_list/${w.resellerA}`)).statusCode).toBe(404);
  });
  it('gives the creation date in seconds', async () => {
    const res = await get('resa', `${base}/get_date_created/${w.clientA1}`);
    expect(res.json()).toEqual({ date_created: Date.UTC(2026, 0, 1) / 1000 });
  });
});

describe('POST generate_report', () => {
  const valid = { client_id: 0, ...OCT, level: 'detailed', bandwidth_estimate: 100 };
  it('refuses each date rule with the server’s message', async () => {
    const cases: [Record<string, string>, string][] = [
      [
        { from_date: '2025-12-01', to_date: '2025-12-31' },
        REPORT_DATE_MESSAGES.client_not_exists('01/01/2026'),
      ],
      [{ from_date: '2026-10-10', to_date: '2026-10-01' }, REPORT_DATE_MESSAGES.start_before_end],
      [{ from_date: '2026-10-01', to_date: '2026-10-05' }, REPORT_DATE_MESSAGES.range_too_small],
      [{ from_date: '2026-06-01', to_date: '2026-10-31' }, REPORT_DATE_MESSAGES.range_too_big],
      [{ from_date: '2026-11-01', to_date: '2026-11-20' }, REPORT_DATE_MESSAGES.out_of_range],
      [{ from_date: '2026/10/01', to_date: '2026-10-31' }, REPORT_DATE_MESSAGES.bad_date],
    ];
    const before = await count('reports');
    for (const [dates, message] of cases) {
      const res = await generate('resa', { ...valid, client_id: w.clientA1, ...dates });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await count('reports')).toBe(before);
  });
  it('client_too_new for a client created yesterday', async () => {
    await t.dbh.db
      .updateTable('organisations')
      .set({ created_at: t.clock.now() - 86_400_000 })
      .where('id', '=', w.clientA2)
      .execute();
    const res = await generate('resa', { ...valid, client_id: w.clientA2 });
    expect(res.json().message).toBe(REPORT_DATE_MESSAGES.client_too_new);
    await t.dbh.db
      .updateTable('organisations')
      .set({ created_at: Date.UTC(2026, 0, 1) })
      .where('id', '=', w.clientA2)
      .execute();
  });
  it('answers 400 for a bad level and 404 for another tenant’s client, creating nothing', async () => {
    const before = [await count('reports'), await count('operations')];
    expect((await generate('resa', { ...valid, client_id: w.clientA1, level: 'huge' })).statusCode).toBe(400);
    expect((await generate('resb', { ...valid, client_id: w.clientA1 })).statusCode).toBe(404);
    expect((await generate('resa', { ...valid, client_id: w.resellerA })).statusCode).toBe(404);
    expect([await count('reports'), await count('operations')]).toEqual(before);
  });

  it('generates a real PDF from the fleet: status, content, download (audited)', async () => {
    const res = await generate('resa', {
      ...valid,
      client_id: w.clientA1,
      summary_overview: 'All good\nthis month',
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().report_id as number;
    expect((await get('resa', `${base}/report_status/${id}`)).json().status).toBe('PENDING');
    expect((await get('resa', `${base}/content/${id}`)).statusCode).toBe(409);
    await t.ctx.operations.runOnce();
    expect((await get('resa', `${base}/report_status/${id}`)).json()).toEqual({
      status: 'COMPLETED',
      progress: 100,
      message: null,
    });
    expect((await get('resb', `${base}/report_status/${id}`)).statusCode).toBe(404);
    expect((await get('resb', `${base}/content/${id}`)).statusCode).toBe(404);
    const content = (await get('resa', `${base}/content/${id}`)).json().data as string;
    const pdf = Buffer.from(content, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    const dl = await get('resa', `${base}/download/${id}/2026-10-01/2026-10-31`);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['content-disposition']).toBe(
      'attachment; filename="Executive-summary-Client-A1-2026-10-01-to-2026-10-31.pdf"',
    );
    expect((await get('resb', `${base}/download/${id}/2026-10-01/2026-10-31`)).statusCode).toBe(404);
    const audits = await t.dbh.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'report')
      .execute();
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['report.generate', 'report.download']),
    );

    const dir = mkdtempSync(path.join(tmpdir(), 'report-'));
    const file = path.join(dir, 'report.pdf');
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Executive summary report');
    expect(text).toContain('Client A1');
    expect(text).toContain('2026-10-01 to 2026-10-31');
    expect(text).toContain('FS01-A1');
    // One backup in four failed: 75% success.
    expect(text).toContain('75%');
    expect(text).toContain('All good this month');
    expect(text).toContain('Recovery verified');
    expect(text).toContain('Suggested actions');
    if (process.env.REPORT_PDF_OUT) writeFileSync(process.env.REPORT_PDF_OUT, pdf);
  });

  it('a FAILED generation gives the cannot-load message', async () => {
    const res = await generate('resa', { ...valid, client_id: w.clientA2 });
    // Client A2's only system was created in January too, so make it empty first.
    const id = res.json().report_id as number;
    await t.dbh.db
      .updateTable('protected_systems')
      .set({ created_at: t.clock.now() })
      .where('id', '=', w.systemA2)
      .execute();
    await t.ctx.operations.runOnce();
    expect((await get('resa', `${base}/report_status/${id}`)).json()).toMatchObject({
      status: 'FAILED',
      message: NO_SYSTEMS,
    });
    // The history says it failed and why, instead of 'pending' for ever.
    const row = async () =>
      (await get('resa', `${base}/history`)).json().reports.filter((r: { id: number }) => r.id === id);
    expect(await row()).toEqual([expect.objectContaining({ status: 'FAILED', message: NO_SYSTEMS })]);

    // Try again: another tenant's report is a 404, a client user's a 404 too (not in scope).
    const retry = (who: string, form: Record<string, string> = {}) =>
      call(t.app, s[who]!, {
        method: 'POST',
        url: `${base}/regenerate/${id}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(form).toString(),
      });
    expect((await retry('resb')).statusCode).toBe(404);
    expect((await retry('resa', { bandwidth_estimate: 'fast' })).statusCode).toBe(400);
    // The cause goes away (the system existed after all): the retry works, in the same row.
    await t.dbh.db
      .updateTable('protected_systems')
      .set({ created_at: Date.UTC(2026, 0, 1) })
      .where('id', '=', w.systemA2)
      .execute();
    const again = await retry('resa');
    expect(again.json()).toEqual({ report_id: id });
    expect((await row())[0].status).toBe('PENDING');
    await t.ctx.operations.runOnce();
    expect((await get('resa', `${base}/report_status/${id}`)).json().status).toBe('COMPLETED');
    expect(await row()).toEqual([expect.objectContaining({ status: 'COMPLETED', message: null })]);
    expect((await get('resa', `${base}/content/${id}`)).statusCode).toBe(200);
    const audits = await t.dbh.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'report')
      .where('target_id', '=', String(id))
      .execute();
    expect(audits.map((a) => a.action)).toContain('report.regenerate');
  });

  it('Update draws the same report again with the new texts: one history row, no stale PDF', async () => {
    const id = (await generate('resa', { ...valid, client_id: w.clientA1 })).json().report_id as number;
    await t.ctx.operations.runOnce();
    const rows = async () =>
      (await get('resa', `${base}/history`)).json().reports.filter((r: { id: number }) => r.id === id);
    const update = (summary: string) =>
      call(t.app, s.resa!, {
        method: 'POST',
        url: `${base}/regenerate/${id}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ summary_overview: summary, bandwidth_estimate: '500' }).toString(),
      });
    const before = await count('reports');
    // Two Updates in a row: only the latest one's operation may store its PDF.
    expect((await update('First edit')).json()).toEqual({ report_id: id });
    expect((await update('Second edit')).json()).toEqual({ report_id: id });
    expect((await get('resa', `${base}/content/${id}`)).statusCode).toBe(409);
    await t.ctx.operations.runOnce();
    expect(await count('reports')).toBe(before);
    expect(await rows()).toEqual([expect.objectContaining({ status: 'COMPLETED' })]);
    const pdf = Buffer.from((await get('resa', `${base}/content/${id}`)).json().data as string, 'base64');
    const dir = mkdtempSync(path.join(tmpdir(), 'report-'));
    writeFileSync(path.join(dir, 'r.pdf'), pdf);
    const text = execFileSync('pdftotext', [path.join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain('Second edit');
    expect(text).not.toContain('First edit');
  });

  it('a client user generates its own company’s report, and no other client’s', async () => {
    expect((await get('clia1', `${base}/get_date_created/${w.clientA1}`)).json()).toEqual({
      date_created: Date.UTC(2026, 0, 1) / 1000,
    });
    expect((await get('clia1', `${base}/get_date_created/${w.clientA2}`)).statusCode).toBe(404);
    const before = await count('reports');
    expect((await generate('clia1', { ...valid, client_id: w.clientA2 })).statusCode).toBe(404);
    expect(await count('reports')).toBe(before);
    const res = await generate('clia1', { ...valid, client_id: w.clientA1 });
    expect(res.statusCode).toBe(200);
    const id = res.json().report_id as number;
    await t.ctx.operations.runOnce();
    expect((await get('clia1', `${base}/report_status/${id}`)).json().status).toBe('COMPLETED');
    expect((await get('clia1', `${base}/download/${id}/2026-10-01/2026-10-31`)).statusCode).toBe(200);
    // Its history holds its own company's reports only (its reseller's included).
    const names = (await get('clia1', `${base}/history`))
      .json()
      .reports.map((r: { client_name: string }) => r.client_name);
    expect(names).toContain('Client A1');
    expect(new Set(names)).toEqual(new Set(['Client A1']));
    // The reseller sees the report its client made.
    expect((await get('resa', `${base}/report_status/${id}`)).json().status).toBe('COMPLETED');
  });

  it('a cancelled generation stores nothing and says CANCELLED', async () => {
    const id = (await generate('resa', { ...valid, client_id: w.clientA1 })).json().report_id as number;
    expect((await call(t.app, s.resb!, { method: 'POST', url: `${base}/cancel/${id}` })).statusCode).toBe(
      404,
    );
    const res = await call(t.app, s.resa!, { method: 'POST', url: `${base}/cancel/${id}` });
    expect(res.json()).toEqual({ ok: true });
    await t.ctx.operations.runOnce();
    expect((await get('resa', `${base}/report_status/${id}`)).json().status).toBe('CANCELLED');
    expect((await get('resa', `${base}/content/${id}`)).statusCode).toBe(409);
  });
});
