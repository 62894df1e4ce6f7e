import { DEFAULT_ALERT_RULE } from '@lifeboat/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertId } from '../../test/factories';
import { CLAIM_MS, deliverAlertMails, retryDelay } from './deliver';
import { evaluateAlerts } from './evaluate';
import { type AlertsFixture, alertsFixture } from './test-fixture';
import { header, type Inbox, type Received, startInbox } from './test-inbox';

// Alert e-mail (issue 27.4) through a real SMTP server: one message per transition (opened,
// resolved) to the rule's recipients, with a subject to filter on and the device page's link;
// never one per evaluation; an outage is retried and delivered once; a sender that died after
// claiming is taken over with the same Message-ID; two deliveries at once send a message once.

const inbox: Received[] = [];
let smtp: Inbox;
let port: number;
let f: AlertsFixture;

async function startSmtp(listenOn: number): Promise<void> {
  smtp = await startInbox(inbox, listenOn);
}
const stopSmtp = () => smtp.close();

beforeEach(async () => {
  inbox.length = 0;
  await startSmtp(0);
  port = smtp.port;
  f = await alertsFixture({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    mailFrom: 'Lifeboat <alerts@lifeboat.test>',
    publicUrl: 'https://backup.example.test',
  });
  const ok = await f.post('resa', `/api/alerts/reseller_rule/${f.w.resellerA}`, {
    rule: { ...DEFAULT_ALERT_RULE, recipients: ['oncall@msp.test', 'Lead@MSP.test'] },
  });
  expect(ok.statusCode, ok.body).toBe(200);
});
afterEach(async () => {
  await f.t.close();
  await stopSmtp();
});

const now = () => f.t.clock.now();
const evaluate = () => evaluateAlerts(f.t.dbh.db, now());
const deliver = () => deliverAlertMails(f.t.ctx, now());
const subjectOf = (m: Received) => header(m, 'Subject');
const messageIdOf = (m: Received) => header(m, 'Message-ID');

async function failTwice(systemId: number) {
  await f.run(systemId, 'FAILED');
  await f.run(systemId, 'FAILED');
}

describe('alert e-mail', () => {
  it('sends one message when the alert opens and one when it resolves, none per evaluation', async () => {
    await failTwice(f.w.systemA1);
    await failTwice(f.w.systemB1); // reseller B has no recipients: nothing is sent for it
    await evaluate();
    expect(await deliver()).toEqual({ sent: 1, failed: 0, retried: 0 });
    expect(inbox).toHaveLength(1);
    const [opened] = inbox;
    expect(opened?.to).toEqual(['oncall@msp.test', 'lead@msp.test']);
    expect(subjectOf(opened as Received)).toBe(
      '[Lifeboat] Troubled: FS01-A1 (Client A1) backup failed 2 times in a row',
    );
    expect(opened?.raw).toContain(`https://backup.example.test/device/details/${f.w.systemA1}`);

    for (let i = 0; i < 3; i++) {
      f.t.clock.advance(60_000);
      await evaluate();
      await deliver();
    }
    expect(inbox).toHaveLength(1);

    f.t.clock.advance(60_000);
    await f.run(f.w.systemA1, 'COMPLETED');
    await evaluate();
    await deliver();
    expect(inbox.map((m) => subjectOf(m))).toEqual([
      '[Lifeboat] Troubled: FS01-A1 (Client A1) backup failed 2 times in a row',
      '[Lifeboat] Resolved: FS01-A1 (Client A1) backup failed 2 times in a row',
    ]);
    expect(inbox[1]?.raw).toMatch(/Resolved 2026-11-20 12:04 UTC; open since 2026-11-20 12:00 UTC\./);
  });

  it("names a private vault over its threshold in words, with a link to the vault's page", async () => {
    const vault = await insertId(f.t.dbh.db, 'vaults', {
      reseller_id: f.w.resellerA,
      name: 'Harbor Private Vault',
      vault_type: 'private',
      capacity_bytes: 1000,
      used_bytes: 950,
      created_at: now(),
    });
    await evaluate();
    expect(await deliver()).toMatchObject({ sent: 1 });
    const [m] = inbox;
    // The reseller's own matter: its name stands where a client's would.
    expect(subjectOf(m as Received)).toBe(
      '[Lifeboat] Warned: Harbor Private Vault (Reseller A) private vault storage over 90% used',
    );
    expect(m?.raw).toContain(`https://backup.example.test/vault/details/${vault}`);
  });

  it('retries through an SMTP outage and delivers each message once, in order', async () => {
    await stopSmtp();
    await failTwice(f.w.systemA1);
    await evaluate();
    expect(await deliver()).toEqual({ sent: 0, failed: 0, retried: 1 });
    f.t.clock.advance(60_000);
    await f.run(f.w.systemA1, 'COMPLETED');
    await evaluate(); // resolved while the server is down: its message waits behind the first
    f.t.clock.advance(retryDelay(1));
    expect(await deliver()).toMatchObject({ sent: 0, retried: 1 });

    await startSmtp(port);
    f.t.clock.advance(retryDelay(2));
    expect(await deliver()).toEqual({ sent: 2, failed: 0, retried: 0 });
    f.t.clock.advance(retryDelay(10));
    expect(await deliver()).toEqual({ sent: 0, failed: 0, retried: 0 });
    expect(inbox.map((m) => subjectOf(m)?.split(':')[0])).toEqual([
      '[Lifeboat] Troubled',
      '[Lifeboat] Resolved',
    ]);
  });

  it('takes over a message whose sender died, with the same Message-ID, and never sends it twice at once', async () => {
    await failTwice(f.w.systemA1);
    await evaluate();
    // A sender claimed the row, then died before marking it sent.
    await f.t.dbh.db
      .updateTable('alert_mails')
      .set({ status: 'sending', attempts: 1, claimed_until: now() + CLAIM_MS })
      .execute();
    expect(await deliver()).toMatchObject({ sent: 0 });
    f.t.clock.advance(CLAIM_MS + 1);
    const other = await f.t.secondInstance();
    const both = await Promise.all([deliver(), deliverAlertMails(other.ctx, now())]);
    expect(both.reduce((n, r) => n + r.sent, 0)).toBe(1);
    expect(inbox).toHaveLength(1);
    const [row] = await f.t.dbh.db.selectFrom('alert_mails').select(['id', 'status', 'attempts']).execute();
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(messageIdOf(inbox[0] as Received)).toBe(`<alert-mail-${row?.id}@lifeboat>`);
  });
});
