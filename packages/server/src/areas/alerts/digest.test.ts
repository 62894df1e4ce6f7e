import { DEFAULT_ALERT_ROUTING, DEFAULT_ALERT_RULE } from '@lifeboat/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/factories';
import { deliverAlertMails } from './deliver';
import { DIGEST_LINES_MAX, gatherDigests, runDigests } from './digest';
import { evaluateAlerts } from './evaluate';
import { type AlertsFixture, alertsFixture } from './test-fixture';
import { bodyOf, header, type Inbox, type Received, startInbox } from './test-inbox';

// Alert routing and digests (issue 27.3-4) through a real SMTP server: an hourly rule sends one
// digest with every change of the hour, each with its device page; two instances gathering at
// once and a restart between gathering and sending make one message; quiet hours hold e-mail and
// send it as one digest when they end, webhooks not; severity thresholds and chosen endpoints
// route; the rule's new fields are checked (sentences, tenancy) and an old rule reads defaults.

const inbox: Received[] = [];
let smtp: Inbox;
let f: AlertsFixture;

beforeEach(async () => {
  inbox.length = 0;
  smtp = await startInbox(inbox);
  f = await alertsFixture({
    smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
    mailFrom: 'Lifeboat <alerts@lifeboat.test>',
    publicUrl: 'https://backup.example.test',
  });
});
afterEach(async () => {
  await f.t.close();
  await smtp.close();
});

const R = '/api/alerts/reseller_rule';
const C = '/api/alerts/client_rule';
const now = () => f.t.clock.now();
const evaluate = () => evaluateAlerts(f.t.dbh.db, now());
const routed = (routing: Partial<typeof DEFAULT_ALERT_ROUTING>, recipients = ['oncall@msp.test']) => ({
  rule: { ...DEFAULT_ALERT_RULE, recipients, routing: { ...DEFAULT_ALERT_ROUTING, ...routing } },
});
async function saveReseller(body: unknown) {
  const res = await f.post('resa', `${R}/${f.w.resellerA}`, body);
  expect(res.statusCode, res.body).toBe(200);
}
async function failTwice(...systems: number[]) {
  for (const s of systems) {
    await f.run(s, 'FAILED');
    await f.run(s, 'FAILED');
  }
}
const mails = () =>
  f.t.dbh.db
    .selectFrom('alert_mails')
    .select(['status', 'digest_id', 'next_attempt_at'])
    .orderBy('id')
    .execute();

describe('hourly digest', () => {
  it('lists the first changes of a burst and counts the rest in a sentence', async () => {
    await saveReseller(routed({ email: 'hourly' }));
    await failTwice(f.w.systemA1, f.w.systemA2);
    await evaluate();
    // A burst: as many more held changes as a digest shows lines, plus the two real ones.
    const held = await f.t.dbh.db
      .selectFrom('alert_mails')
      .selectAll()
      .where('status', '=', 'held')
      .execute();
    expect(held).toHaveLength(2);
    const { id: _mail, ...mail } = held[0] as (typeof held)[number];
    const { id: _event, ...event } = await f.t.dbh.db
      .selectFrom('alert_events')
      .selectAll()
      .where('id', '=', mail.event_id)
      .executeTakeFirstOrThrow();
    const events = await f.t.dbh.db
      .insertInto('alert_events')
      .values(Array.from({ length: DIGEST_LINES_MAX }, () => event))
      .returning('id')
      .execute();
    await f.t.dbh.db
      .insertInto('alert_mails')
      .values(events.map((e) => ({ ...mail, event_id: e.id })))
      .execute();

    f.t.clock.set(Date.parse('2026-11-20T13:00:00Z'));
    expect(await runDigests(f.t.ctx, now())).toEqual({ gathered: 1, sent: 1, retried: 0 });
    expect(inbox).toHaveLength(1);
    const [d] = inbox as [Received];
    const total = DIGEST_LINES_MAX + 2;
    expect(header(d, 'Subject')).toBe(`[Lifeboat] Hourly digest: ${total} alert changes (Reseller A)`);
    const body = bodyOf(d);
    expect(body.match(/\/device\/details\//g)).toHaveLength(DIGEST_LINES_MAX);
    expect(body).toContain('... and 2 more changes: the Alerts page lists them all.');
  });

  it('sends one message with every change of the hour, none before the hour, nothing twice', async () => {
    await saveReseller(routed({ email: 'hourly' }));
    // The clock starts at 12:00 UTC: three changes in the hour (two opened, one resolved).
    await failTwice(f.w.systemA1, f.w.systemA2);
    await evaluate();
    f.t.clock.advance(10 * 60_000);
    await f.run(f.w.systemA2, 'COMPLETED');
    await evaluate();
    expect(await deliverAlertMails(f.t.ctx, now())).toMatchObject({ sent: 0 });
    expect(await runDigests(f.t.ctx, now())).toEqual({ gathered: 0, sent: 0, retried: 0 });
    expect(inbox).toHaveLength(0);

    f.t.clock.set(Date.parse('2026-11-20T13:00:00Z'));
    expect(await runDigests(f.t.ctx, now())).toEqual({ gathered: 1, sent: 1, retried: 0 });
    expect(inbox).toHaveLength(1);
    const [d] = inbox as [Received];
    expect(d.to).toEqual(['oncall@msp.test']);
    expect(header(d, 'Subject')).toBe('[Lifeboat] Hourly digest: 3 alert changes (Reseller A)');
    const body = bodyOf(d);
    expect(body).toContain('Alert changes from 2026-11-20 12:00 to 2026-11-20 13:00 (UTC)');
    expect(body).toContain(`https://backup.example.test/device/details/${f.w.systemA1}`);
    expect(body).toContain(`https://backup.example.test/device/details/${f.w.systemA2}`);
    expect(body.match(/Opened {2}Troubled: /g)).toHaveLength(2);
    expect(body).toMatch(/12:10 {2}Resolved: SQL01-A2 \(Client A2\)/);
    expect((await mails()).every((m) => m.status === 'sent')).toBe(true);

    // The next runs find nothing; the next hour's change goes into the next digest.
    expect(await runDigests(f.t.ctx, now())).toEqual({ gathered: 0, sent: 0, retried: 0 });
    f.t.clock.advance(5 * 60_000);
    await f.run(f.w.systemA1, 'COMPLETED');
    await evaluate();
    f.t.clock.set(Date.parse('2026-11-20T14:00:00Z'));
    await runDigests(f.t.ctx, now());
    expect(inbox.map((m) => header(m, 'Subject'))).toEqual([
      '[Lifeboat] Hourly digest: 3 alert changes (Reseller A)',
      '[Lifeboat] Hourly digest: 1 alert change (Client A1)',
    ]);
  });

  it('makes one digest when two instances gather at once, and sends it once after a restart', async () => {
    await saveReseller(routed({ email: 'hourly' }));
    await failTwice(f.w.systemA1, f.w.systemA2);
    await evaluate();
    f.t.clock.set(Date.parse('2026-11-20T13:00:00Z'));
    const other = await f.t.secondInstance();
    const made = await Promise.all([gatherDigests(f.t.ctx, now()), gatherDigests(other.ctx, now())]);
    expect(made[0] + made[1]).toBe(1);
    const digests = await f.t.dbh.db.selectFrom('alert_digests').select(['id', 'status']).execute();
    expect(digests).toHaveLength(1);
    expect((await mails()).map((m) => Number(m.digest_id))).toEqual([
      Number(digests[0]?.id),
      Number(digests[0]?.id),
    ]);

    // A sender claimed it and died before marking it sent: taken over once its claim lapses.
    await f.t.dbh.db
      .updateTable('alert_digests')
      .set({ status: 'sending', attempts: 1, claimed_until: now() + 5 * 60_000 })
      .execute();
    expect(await runDigests(f.t.ctx, now())).toMatchObject({ sent: 0 });
    f.t.clock.advance(5 * 60_000 + 1);
    const both = await Promise.all([runDigests(f.t.ctx, now()), runDigests(other.ctx, now())]);
    expect(both[0].sent + both[1].sent).toBe(1);
    expect(inbox).toHaveLength(1);
    expect(header(inbox[0] as Received, 'Message-ID')).toBe(`<alert-digest-${digests[0]?.id}@lifeboat>`);
  });
});

describe('quiet hours', () => {
  it('holds e-mail until they end and sends it as one digest; webhooks are not held', async () => {
    await f.t.dbh.db
      .insertInto('webhook_endpoints')
      .values({
        reseller_id: f.w.resellerA,
        client_id: 0,
        kind: 'webhook',
        name: 'PSA',
        url: 'https://psa.example.test/hook',
        secret_sealed: 'sealed',
        created_at: now(),
        created_by: null,
        secret_rotated_at: now(),
      })
      .execute();
    // 12:00 to 14:00 UTC are quiet (a lunch break stands in for the night).
    await saveReseller(routed({ quiet_hours: { start: '12:00', end: '14:00' } }));
    await failTwice(f.w.systemA1);
    await evaluate();
    f.t.clock.advance(30 * 60_000);
    await failTwice(f.w.systemA2);
    await evaluate();
    expect(await f.t.dbh.db.selectFrom('webhook_deliveries').select('id').execute()).toHaveLength(2);
    await deliverAlertMails(f.t.ctx, now());
    await runDigests(f.t.ctx, now());
    expect(inbox).toHaveLength(0);
    // Quiet hours end; A2 clears at once: its resolution waits for the digest with its opening.
    f.t.clock.set(Date.parse('2026-11-20T14:00:00Z'));
    await f.run(f.w.systemA2, 'COMPLETED');
    await evaluate();
    expect(await deliverAlertMails(f.t.ctx, now())).toMatchObject({ sent: 0 });
    await runDigests(f.t.ctx, now());
    await deliverAlertMails(f.t.ctx, now());
    expect(inbox.map((m) => header(m, 'Subject'))).toEqual([
      '[Lifeboat] After quiet hours: 2 alert changes (Reseller A)',
      '[Lifeboat] Resolved: SQL01-A2 (Client A2) backup failed 2 times in a row',
    ]);
    // After them, each change is mailed at once again.
    f.t.clock.advance(60_000);
    await f.run(f.w.systemA1, 'COMPLETED');
    await evaluate();
    await deliverAlertMails(f.t.ctx, now());
    expect(header(inbox[2] as Received, 'Subject')).toBe(
      '[Lifeboat] Resolved: FS01-A1 (Client A1) backup failed 2 times in a row',
    );
  });
});

describe('routing choice', () => {
  it('mails only from the severity threshold up, and posts only to the chosen endpoints', async () => {
    const endpoint = async (name: string, client_id: number, reseller_id = f.w.resellerA) =>
      Number(
        (
          await f.t.dbh.db
            .insertInto('webhook_endpoints')
            .values({
              reseller_id,
              client_id,
              kind: 'webhook',
              name,
              url: `https://${name.toLowerCase()}.example.test/hook`,
              secret_sealed: 'sealed',
              created_at: now(),
              created_by: null,
              secret_rotated_at: now(),
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    const psa = await endpoint('PSA', 0);
    await endpoint('Chat', 0);
    const other = await endpoint('Other', 0, f.w.resellerB);
    const ofA2 = await endpoint('A2own', f.w.clientA2);

    // Another reseller's endpoint, or another client's, cannot be chosen.
    for (const [url, ids] of [
      [`${R}/${f.w.resellerA}`, [other]],
      [`${R}/${f.w.resellerA}`, [ofA2]],
      [`${C}/${f.w.clientA1}`, [ofA2]],
    ] as const) {
      const bad = await f.post('resa', url, routed({ webhooks: 'chosen', webhook_ids: [...ids] }));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/^Choose among .* webhook endpoints\.$/);
    }
    await saveReseller(
      routed({
        webhooks: 'chosen',
        webhook_ids: [psa],
        email_min_severity: 'critical',
        webhook_min_severity: 'warning',
      }),
    );
    // Client A2 hears nothing by webhook.
    expect((await f.post('resa', `${C}/${f.w.clientA2}`, routed({ webhooks: 'none' }))).statusCode).toBe(200);
    await failTwice(f.w.systemA1, f.w.systemA2); // critical
    await f.t.dbh.db
      .updateTable('protected_systems')
      .set({ last_rp_at: now() - 30 * 86_400_000 })
      .where('id', '=', f.w.systemA1)
      .execute();
    await evaluate(); // + no restore point on A1: a warning
    const opened = await f.alerts();
    expect(opened.map((a) => a.condition).sort()).toEqual([
      'backup_failed',
      'backup_failed',
      'no_restore_point',
    ]);
    // E-mail: the two critical ones only.
    expect(await f.t.dbh.db.selectFrom('alert_mails').select('id').execute()).toHaveLength(2);
    // Webhooks: A1's two alerts to PSA only; A2's none.
    const posted = await f.t.dbh.db
      .selectFrom('webhook_deliveries')
      .select(['endpoint_id', 'client_id'])
      .execute();
    expect(posted.map((p) => Number(p.endpoint_id))).toEqual([psa, psa]);
  });
});

describe('the rule’s routing fields', () => {
  it('saves and answers them, with the client’s own users to choose from, and refuses bad ones with sentences', async () => {
    await insertUser(f.t.dbh.db, now(), 'x', f.w.clientA1, 'frontdesk', 0);
    const mine = await f.get('resa', `${C}/${f.w.clientA1}`);
    expect(mine.statusCode).toBe(200);
    const emails = (mine.json().recipient_choices as { email: string }[]).map((c) => c.email);
    expect(emails).toContain('frontdesk@example.test');
    // Only the client's own users: none of the reseller's, none of another client's.
    expect(emails.every((e) => ['frontdesk@example.test', 'clia1@example.test'].includes(e))).toBe(true);
    expect(mine.json().rule.routing).toEqual(DEFAULT_ALERT_ROUTING);

    const good = routed(
      {
        email: 'daily',
        daily_at: 7,
        quiet_hours: { start: '22:00', end: '06:30' },
        time_zone: 'Europe/Paris',
      },
      ['frontdesk@example.test'],
    );
    const saved = await f.post('resa', `${C}/${f.w.clientA1}`, good);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().rule.routing).toEqual(good.rule.routing);

    for (const [routing, sentence] of [
      [{ email: 'weekly' }, 'Choose each change, hourly or daily.'],
      [{ daily_at: 25 }, 'Enter an hour from 0 to 23.'],
      [
        { quiet_hours: { start: '22:00', end: '22:00' } },
        'Quiet hours need an end different from their start.',
      ],
      [{ quiet_hours: { start: '10 pm', end: '06:00' } }, 'Enter a time such as 22:00 (hours 00 to 23).'],
      [{ webhooks: 'chosen', webhook_ids: [] }, 'Choose at least one webhook endpoint, or choose none.'],
      [{ time_zone: 'Nowhere/Town' }, 'Choose a time zone such as Europe/London.'],
    ] as const) {
      const bad = await f.post('resa', `${C}/${f.w.clientA1}`, routed(routing as never));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain(sentence);
    }
    // Tenancy: reseller B neither reads nor routes reseller A's client.
    expect((await f.post('resb', `${C}/${f.w.clientA1}`, good)).statusCode).toBe(404);
  });

  it('reads a rule stored before routing existed with the defaults, and mails each change', async () => {
    const { routing: _, ...old } = { ...DEFAULT_ALERT_RULE, recipients: ['oncall@msp.test'] };
    await f.t.dbh.db
      .insertInto('alert_rules')
      .values({
        reseller_id: f.w.resellerA,
        client_id: 0,
        rule: JSON.stringify(old),
        updated_at: now(),
        updated_by: null,
      })
      .execute();
    const read = await f.get('resa', `${R}/${f.w.resellerA}`);
    expect(read.json()).toMatchObject({ source: 'own', rule: { routing: DEFAULT_ALERT_ROUTING } });
    await failTwice(f.w.systemA1);
    await evaluate();
    expect(await deliverAlertMails(f.t.ctx, now())).toMatchObject({ sent: 1 });
  });
});
