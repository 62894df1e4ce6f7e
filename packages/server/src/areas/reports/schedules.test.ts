import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, TEST_PASSWORD, type World } from '../../test/factories';
import { call, createTestApp, loginAs, type Session, type TestApp } from '../../test/harness';
import { NO_SYSTEMS } from './render';
import { registerReportSchedules } from './schedules';
import { REPORT_SWEEP_MS } from './sweep';
import { seedReportFleet } from './test-fleet';

// Scheduled reports: saved definitions, and a delivery received by a real SMTP server in this
// process when the manual clock crosses the period boundary (issue 15.4).

/** The subject and the PDF attachment of a raw MIME message, as nodemailer writes them. */
function readMail(raw: Buffer) {
  const text = raw.toString('latin1');
  const subject = /^Subject: (.*)$/m.exec(text)?.[1]?.trim();
  const part = text.split(/\r?\n--/).find((p) => /Content-Type: application\/pdf/i.test(p)) ?? '';
  const filename = /filename="?([^"\r\n;]+)"?/i.exec(part)?.[1];
  const body = part
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('')
    .replace(/\s+/g, '');
  return { subject, filename, pdf: Buffer.from(body, 'base64') };
}

interface Received {
  to: string[];
  raw: Buffer;
}
let t: TestApp;
let w: World;
let smtp: SMTPServer;
const inbox: Received[] = [];
const s: Record<string, Session> = {};

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks) });
        cb();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    mailFrom: 'Lifeboat <reports@lifeboat.test>',
  });
  w = await buildWorld(t.dbh.db, t.clock.now());
  await seedReportFleet(t.dbh.db, w, t.clock.now());
  registerReportSchedules(t.ctx);
  for (const u of ['resa', 'resb']) s[u] = await loginAs(t.app, u, TEST_PASSWORD);
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((r) => smtp.close(() => r()));
});

const save = (who: string, fields: Record<string, string>) =>
  call(t.app, s[who]!, {
    method: 'POST',
    url: '/api/v1/object/report_definition/save',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
const params = (clientId: number) =>
  JSON.stringify({ level: 'summary', client_id: clientId, bandwidth_estimate: 100 });
const base = '/async_reports/executive_summary';

describe('report_definition/save', () => {
  const fields = (clientId: number, emails: string) => ({
    name: 'Monthly for the owner',
    delivery_type: 'email',
    email_address: emails,
    active: '1',
    type: 'monthly',
    report_params: params(clientId),
  });
  it('names an invalid address, refuses over the limit and another tenant’s client', async () => {
    const refused = await save('resa', fields(w.clientA1, 'owner@a1.test, nope'));
    // A refused field is a 400 with the spec's is_error and errors.
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      is_error: true,
      errors: { email_address: '"nope" is not a valid e-mail address.' },
    });
    const many = Array.from({ length: 11 }, (_, i) => `u${i}@a1.test`).join(',');
    expect((await save('resa', fields(w.clientA1, many))).json().errors.email_address).toMatch(/limit/);
    expect((await save('resb', fields(w.clientA1, 'x@y.test'))).statusCode).toBe(404);
    // The client's id in hexadecimal is no id (it was read as the client).
    const hex = JSON.stringify({
      level: 'summary',
      client_id: `0x${w.clientA1.toString(16)}`,
      bandwidth_estimate: 100,
    });
    const refusedHex = await save('resa', { ...fields(w.clientA1, 'x@y.test'), report_params: hex });
    expect(refusedHex.statusCode).toBe(400);
    expect(refusedHex.json().errors).toEqual({ report_params: 'The report options are not valid.' });
    expect((await save('resa', { ...fields(w.clientA1, 'x@y.test'), type: 'daily' })).statusCode).toBe(400);
  });

  it('delivers the previous month by e-mail at the boundary, once, even with two claims', async () => {
    const res = await save('resa', fields(w.clientA1, 'owner@a1.test, it@a1.test'));
    expect(res.json().is_error).toBe(false);
    const list = (await call(t.app, s.resa!, { method: 'GET', url: `${base}/schedules` })).json();
    expect(list.definitions).toHaveLength(1);
    expect(list.definitions[0]).toMatchObject({ client_name: 'Client A1', type: 'monthly', active: true });
    expect(list.definitions[0].next_run_at).toBe(Date.UTC(2026, 11, 1));
    expect(
      (await call(t.app, s.resb!, { method: 'GET', url: `${base}/schedules` })).json().definitions,
    ).toEqual([]);

    await t.ctx.operations.runOnce();
    expect(inbox).toHaveLength(0);
    t.clock.set(Date.UTC(2026, 11, 1, 0, 0, 5));
    await t.ctx.operations.runOnce(); // claims the slot and runs it
    await t.ctx.operations.runOnce(); // a second pass (or instance) finds nothing due
    expect(inbox).toHaveLength(1);
    const mail = inbox[0]!;
    expect(mail.to.sort()).toEqual(['it@a1.test', 'owner@a1.test']);
    const parsed = readMail(mail.raw);
    expect(parsed.subject).toBe('Executive summary: Client A1, 2026-11-01 to 2026-11-30');
    expect(parsed.filename).toBe('Executive-summary-Client-A1-2026-11-01-to-2026-11-30.pdf');
    expect(parsed.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const dir = mkdtempSync(path.join(tmpdir(), 'mail-'));
    writeFileSync(path.join(dir, 'r.pdf'), parsed.pdf);
    const text = execFileSync('pdftotext', [path.join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain('Client A1');
    expect(text).toContain('FS01-A1');

    // The clock moved eleven days: the sessions ended.
    for (const u of ['resa', 'resb']) s[u] = await loginAs(t.app, u, TEST_PASSWORD);
    const after = (await call(t.app, s.resa!, { method: 'GET', url: `${base}/schedules` })).json();
    expect(after.definitions[0].next_run_at).toBe(Date.UTC(2027, 0, 1));
    const history = (await call(t.app, s.resa!, { method: 'GET', url: `${base}/history` })).json();
    expect(history.reports[0]).toMatchObject({
      client_name: 'Client A1',
      sent_to: ['owner@a1.test', 'it@a1.test'],
    });
    const audits = await t.dbh.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'report.%')
      .execute();
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['report.schedule', 'report.deliver']),
    );
  });

  it('edits a schedule: frequency and addresses change, the texts stay; another tenant gets 404', async () => {
    const list = () => call(t.app, s.resa!, { method: 'GET', url: `${base}/schedules` });
    const before = (await list()).json().definitions[0];
    const withText = JSON.stringify({
      level: 'summary',
      client_id: w.clientA1,
      bandwidth_estimate: 100,
      summary_overview: 'All good.',
    });
    const edit = (who: string, emails: string) =>
      save(who, {
        ...fields(w.clientA1, emails),
        id: String(before.id),
        type: before.type,
        report_params: withText,
      });
    expect((await edit('resb', 'x@y.test')).statusCode).toBe(404);
    expect((await edit('resa', 'owner@a1.test, boss@a1.test')).json()).toEqual({
      is_error: false,
      id: before.id,
    });
    const after = (await list()).json().definitions;
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      id: before.id,
      email_address: ['owner@a1.test', 'boss@a1.test'],
      summary_overview: 'All good.',
    });
  });

  it('a paused schedule sends nothing; delete removes it', async () => {
    const id = (await call(t.app, s.resa!, { method: 'GET', url: `${base}/schedules` })).json().definitions[0]
      .id;
    await save('resa', { ...fields(w.clientA1, 'owner@a1.test'), id: String(id), active: '0' });
    t.clock.set(Date.UTC(2027, 0, 1, 0, 0, 5));
    await t.ctx.operations.runOnce();
    expect(inbox).toHaveLength(1);
    for (const u of ['resa', 'resb']) s[u] = await loginAs(t.app, u, TEST_PASSWORD);
    expect(
      (await call(t.app, s.resb!, { method: 'DELETE', url: `${base}/schedules/${id}` })).statusCode,
    ).toBe(404);
    expect((await call(t.app, s.resa!, { method: 'DELETE', url: `${base}/schedules/${id}` })).json()).toEqual(
      { ok: true },
    );
    expect(
      (await call(t.app, s.resa!, { method: 'GET', url: `${base}/schedules` })).json().definitions,
    ).toEqual([]);
  });
});

describe('a delivery that fails', () => {
  it('says why in the history, and Try again delivers it in the same row', async () => {
    for (const u of ['resa', 'resb']) s[u] = await loginAs(t.app, u, TEST_PASSWORD);
    // Client A2's only system seems to arrive later: January has nothing to report.
    const system = (at: number) =>
      t.dbh.db
        .updateTable('protected_systems')
        .set({ created_at: at })
        .where('id', '=', w.systemA2)
        .execute();
    await system(Date.UTC(2027, 5, 1));
    const saved = await save('resa', {
      name: 'Monthly for A2',
      delivery_type: 'email',
      email_address: 'owner@a2.test',
      active: '1',
      type: 'monthly',
      report_params: params(w.clientA2),
    });
    expect(saved.json().is_error).toBe(false);
    const sent = inbox.length;
    t.clock.set(Date.UTC(2027, 1, 1, 0, 0, 5));
    await t.ctx.operations.runOnce();
    expect(inbox).toHaveLength(sent);
    for (const u of ['resa', 'resb']) s[u] = await loginAs(t.app, u, TEST_PASSWORD);
    const rows = async () =>
      (await call(t.app, s.resa!, { method: 'GET', url: `${base}/history` }))
        .json()
        .reports.filter((r: { client_name: string }) => r.client_name === 'Client A2');
    const [failed] = await rows();
    expect(failed).toMatchObject({
      status: 'FAILED',
      message: NO_SYSTEMS,
      from_date: '2027-01-01',
      to_date: '2027-01-31',
    });

    const retry = (who: string) =>
      call(t.app, s[who]!, {
        method: 'POST',
        url: `${base}/regenerate/${failed.id}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
    expect((await retry('resb')).statusCode).toBe(404);
    await system(Date.UTC(2026, 0, 1));
    expect((await retry('resa')).json()).toEqual({ report_id: failed.id });
    await t.ctx.operations.runOnce();
    expect(inbox).toHaveLength(sent + 1);
    expect(inbox.at(-1)?.to).toEqual(['owner@a2.test']);
    expect(readMail(inbox.at(-1)!.raw).subject).toBe(
      'Executive summary: Client A2, 2027-01-01 to 2027-01-31',
    );
    expect(await rows()).toEqual([
      expect.objectContaining({
        id: failed.id,
        status: 'COMPLETED',
        message: null,
        sent_to: ['owner@a2.test'],
      }),
    ]);
    // Sent: it stays as sent.
    expect((await retry('resa')).statusCode).toBe(409);
    const del = await call(t.app, s.resa!, { method: 'DELETE', url: `${base}/schedules/${saved.json().id}` });
    expect(del.json()).toEqual({ ok: true });
  });
});

describe('reports.sweep', () => {
  it('deletes the reports whose history days are over, and only those', async () => {
    const count = async () =>
      Number(
        (
          await t.dbh.db
            .selectFrom('reports')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expect(before).toBeGreaterThan(0);
    const first = await t.dbh.db
      .selectFrom('reports')
      .select(['id', 'expires_at'])
      .orderBy('expires_at')
      .executeTakeFirstOrThrow();
    // Not yet: a minute before its expiry the report stays.
    t.clock.set(Number(first.expires_at) - 60_000);
    await t.ctx.operations.runOnce();
    expect(await count()).toBe(before);
    t.clock.set(Number(first.expires_at) + REPORT_SWEEP_MS);
    await t.ctx.operations.runOnce();
    const left = await t.dbh.db.selectFrom('reports').select('expires_at').execute();
    expect(left.every((r) => Number(r.expires_at) > Number(first.expires_at) + REPORT_SWEEP_MS)).toBe(true);
    expect(left.length).toBeLessThan(before);
  });
});
