import { DEFAULT_ALERT_ROUTING, DEFAULT_ALERT_RULE, REMIND_HOURS_DEFAULT } from '@lifeboat/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deliverAlertMails } from './deliver';
import { runDigests } from './digest';
import { evaluateAlerts } from './evaluate';
import { remindAlerts, reminderDue } from './remind';
import { type AlertsFixture, alertsFixture } from './test-fixture';
import { bodyOf, header, type Inbox, type Received, startInbox } from './test-inbox';

// Reminders of open alerts nobody has acknowledged (issue 27.2), on the manual clock and through
// a real SMTP server: due N hours after the alert last told anyone, never for an acknowledged,
// snoozed or resolved alert, never twice (two instances at once, a re-run), routed like the
// rule's other e-mail (one message, or a line of the digest), shown in the timeline; the rule's
// new field is checked and an old rule reads its default.

const inbox: Received[] = [];
let smtp: Inbox;
let f: AlertsFixture;
const HOUR = 3_600_000;

beforeEach(async () => {
  inbox.length = 0;
  smtp = await startInbox(inbox);
  f = await alertsFixture({
    smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
    mailFrom: 'Lifeboat <alerts@lifeboat.test>',
    publicUrl: 'https://backup.example.test',
    // The technician stays signed in across the hours the clock moves.
    sessionIdleMinutes: 10_080,
  });
});
afterEach(async () => {
  await f.t.close();
  await smtp.close();
});

const R = '/api/alerts/reseller_rule';
const A = '/api/alerts/alert';
const now = () => f.t.clock.now();
const evaluate = () => evaluateAlerts(f.t.dbh.db, now());
const remind = () => remindAlerts(f.t.dbh.db, now());
const deliver = () => deliverAlertMails(f.t.ctx, now());
const routed = (routing: Record<string, unknown>, recipients = ['oncall@msp.test']) => ({
  rule: { ...DEFAULT_ALERT_RULE, recipients, routing: { ...DEFAULT_ALERT_ROUTING, ...routing } },
});
async function saveReseller(body: unknown) {
  const res = await f.post('resa', `${R}/${f.w.resellerA}`, body);
  expect(res.statusCode, res.body).toBe(200);
}
/** The backup-failed alert of systemA1, opened now and its opening e-mailed. */
async function openAlert(): Promise<number> {
  await f.run(f.w.systemA1, 'FAILED');
  await f.run(f.w.systemA1, 'FAILED');
  await evaluate();
  const [a] = await f.alerts();
  expect(a).toBeDefined();
  return (a as { id: number }).id;
}

describe('reminderDue', () => {
  it('is N hours after the last telling, never with 0', () => {
    expect(reminderDue(1_000, 24)).toBe(1_000 + 24 * HOUR);
    expect(reminderDue(1_000, 1)).toBe(1_000 + HOUR);
    expect(reminderDue(1_000, 0)).toBeNull();
  });
});

describe('reminders', () => {
  it('e-mails an unacknowledged alert every N hours, once, until it is acknowledged', async () => {
    await saveReseller(routed({ remind_hours: 2 }));
    const id = await openAlert();
    expect(await deliver()).toMatchObject({ sent: 1 });

    // Not before N hours.
    f.t.clock.advance(2 * HOUR - 60_000);
    expect(await remind()).toEqual({ reminded: 0 });
    f.t.clock.advance(60_000);
    // Two instances at once, then a re-run after a restart: one reminder.
    const both = await Promise.all([remind(), remind()]);
    expect(both[0].reminded + both[1].reminded).toBe(1);
    expect(await remind()).toEqual({ reminded: 0 });
    expect(await deliver()).toMatchObject({ sent: 1 });
    expect(await deliver()).toMatchObject({ sent: 0 });
    expect(inbox).toHaveLength(2);
    const m = inbox[1] as Received;
    expect(m.to).toEqual(['oncall@msp.test']);
    expect(header(m, 'Subject')).toBe(
      '[Lifeboat] Troubled (reminder): FS01-A1 (Client A1) backup failed 2 times in a row',
    );
    const body = bodyOf(m);
    expect(body).toContain('Still open since 2026-11-20 12:00 UTC, and nobody has acknowledged it.');
    expect(body).toContain('every 2 hours');
    expect(body).toContain(`https://backup.example.test/device/details/${f.w.systemA1}`);
    const mails = await f.t.dbh.db.selectFrom('alert_mails').select('id').orderBy('id').execute();
    expect(header(m, 'Message-ID')).toBe(`<alert-mail-${mails[1]?.id}@lifeboat>`);

    // The timeline says whom it reminded.
    const got = await f.get('resa', `${A}/${id}`);
    expect(got.statusCode, got.body).toBe(200);
    const tl = got.json();
    const reminded = tl.events.filter((e: { kind: string }) => e.kind === 'reminded');
    expect(reminded).toEqual([
      expect.objectContaining({
        at: now(),
        mails: [{ to: ['oncall@msp.test'], status: 'sent', sent_at: now() }],
      }),
    ]);

    // The next one counts from this reminder; acknowledging stops them.
    f.t.clock.advance(HOUR);
    expect(await remind()).toEqual({ reminded: 0 });
    f.t.clock.advance(HOUR);
    expect(await remind()).toEqual({ reminded: 1 });
    expect((await f.post('resa', `${A}/${id}/acknowledge`, {})).statusCode).toBe(200);
    f.t.clock.advance(10 * HOUR);
    expect(await remind()).toEqual({ reminded: 0 });
    // The second reminder, not yet sent when the alert was acknowledged, went with it.
    expect((await f.events()).filter((e) => e.kind === 'reminded')).toHaveLength(1);
    expect(await deliver()).toMatchObject({ sent: 0 });
    expect(inbox).toHaveLength(2);
  });

  it('is never sent for a snoozed alert (it comes when the snooze ends) or a resolved one', async () => {
    await saveReseller(routed({ remind_hours: 1 }));
    await openAlert();
    const snoozed = await f.post('resa', '/api/alerts/snoozes', {
      system_id: String(f.w.systemA1),
      kind: 'snooze',
      ends_at: now() + 3 * HOUR,
      reason: 'Known problem',
    });
    expect(snoozed.statusCode, snoozed.body).toBe(200);
    f.t.clock.advance(2 * HOUR);
    expect(await remind()).toEqual({ reminded: 0 });
    f.t.clock.advance(HOUR);
    expect(await remind()).toEqual({ reminded: 1 });

    // Resolved: no reminder.
    await f.run(f.w.systemA1, 'COMPLETED');
    await evaluate();
    expect((await f.alerts())[0]?.resolved_at).toBe(now());
    f.t.clock.advance(5 * HOUR);
    expect(await remind()).toEqual({ reminded: 0 });
  });

  it('counts from a reopening, which ends the acknowledgement', async () => {
    await saveReseller(routed({ remind_hours: 2 }));
    const id = await openAlert();
    expect((await f.post('resa', `${A}/${id}/acknowledge`, {})).statusCode).toBe(200);
    f.t.clock.advance(10 * 60_000);
    await f.run(f.w.systemA1, 'COMPLETED');
    await evaluate();
    f.t.clock.advance(10 * 60_000);
    await f.run(f.w.systemA1, 'FAILED');
    await f.run(f.w.systemA1, 'FAILED');
    await evaluate();
    expect((await f.events()).map((e) => e.kind)).toEqual(['opened', 'acknowledged', 'resolved', 'reopened']);
    // Two hours after the opening, one hour and forty minutes after the reopening: not yet.
    f.t.clock.advance(HOUR + 40 * 60_000);
    expect(await remind()).toEqual({ reminded: 0 });
    f.t.clock.advance(20 * 60_000);
    expect(await remind()).toEqual({ reminded: 1 });
  });

  it('is never sent with 0 hours', async () => {
    await saveReseller(routed({ remind_hours: 0 }));
    await openAlert();
    f.t.clock.advance(48 * HOUR);
    expect(await remind()).toEqual({ reminded: 0 });
  });

  it('joins the digest of a digest rule instead of a message of its own', async () => {
    await saveReseller(routed({ email: 'hourly', remind_hours: 1 }));
    await openAlert();
    f.t.clock.set(Date.parse('2026-11-20T13:00:00Z'));
    expect(await runDigests(f.t.ctx, now())).toMatchObject({ sent: 1 });
    // The reminder made at 13:00 waits for the 14:00 digest.
    expect(await remind()).toEqual({ reminded: 1 });
    expect(await deliver()).toMatchObject({ sent: 0 });
    f.t.clock.set(Date.parse('2026-11-20T14:00:00Z'));
    expect(await runDigests(f.t.ctx, now())).toMatchObject({ sent: 1 });
    expect(inbox).toHaveLength(2);
    expect(bodyOf(inbox[1] as Received)).toMatch(/13:00 {2}Reminder {2}Troubled: FS01-A1 \(Client A1\)/);
  });

  it('holds a reminder through quiet hours', async () => {
    await saveReseller(routed({ remind_hours: 1, quiet_hours: { start: '12:30', end: '18:00' } }));
    await openAlert();
    expect(await deliver()).toMatchObject({ sent: 1 });
    f.t.clock.advance(HOUR);
    expect(await remind()).toEqual({ reminded: 1 });
    expect(await deliver()).toMatchObject({ sent: 0 });
    // Not reminded again while the first is held: it counts from its making.
    f.t.clock.set(Date.parse('2026-11-20T18:00:00Z'));
    expect(await runDigests(f.t.ctx, now())).toMatchObject({ sent: 1 });
    expect(header(inbox[1] as Received, 'Subject')).toBe(
      '[Lifeboat] After quiet hours: 1 alert change (Client A1)',
    );
  });

  it('drops a reminder not yet gone out when someone acknowledges', async () => {
    await saveReseller(routed({ remind_hours: 1, quiet_hours: { start: '12:30', end: '18:00' } }));
    const id = await openAlert();
    expect(await deliver()).toMatchObject({ sent: 1 });
    f.t.clock.advance(HOUR);
    expect(await remind()).toEqual({ reminded: 1 });
    expect((await f.post('resa', `${A}/${id}/acknowledge`, {})).statusCode).toBe(200);
    expect((await f.events()).map((e) => e.kind)).toEqual(['opened', 'acknowledged']);
    f.t.clock.set(Date.parse('2026-11-20T18:00:00Z'));
    expect(await runDigests(f.t.ctx, now())).toMatchObject({ sent: 0 });
    expect(inbox).toHaveLength(1);
  });
});

describe('the rule field', () => {
  it('refuses bad hours with a sentence; an old rule reads the default', async () => {
    for (const [hours, sentence] of [
      [-1, 'Enter 0 (no reminders) or more hours.'],
      [1.5, 'Enter a whole number of hours.'],
      [169, 'Enter at most 168 hours (a week), or 0 for no reminders.'],
      ['twelve', 'Enter a number of hours, or 0 for no reminders.'],
      [null, 'Enter a number of hours, or 0 for no reminders.'],
    ] as const) {
      const bad = await f.post('resa', `${R}/${f.w.resellerA}`, routed({ remind_hours: hours }));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain(sentence);
    }
    const { remind_hours: _, ...oldRouting } = DEFAULT_ALERT_ROUTING;
    await f.t.dbh.db
      .insertInto('alert_rules')
      .values({
        reseller_id: f.w.resellerA,
        client_id: 0,
        rule: JSON.stringify({ ...DEFAULT_ALERT_RULE, routing: oldRouting }),
        updated_at: now(),
        updated_by: null,
      })
      .execute();
    const read = await f.get('resa', `${R}/${f.w.resellerA}`);
    expect(read.json().rule.routing.remind_hours).toBe(REMIND_HOURS_DEFAULT);
    expect(REMIND_HOURS_DEFAULT).toBe(24);
  });
});
