import { DEFAULT_ALERT_RULE } from '@lifeboat/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { evaluateAlerts } from './evaluate';
import { type AlertsFixture, alertsFixture } from './test-fixture';

// Alert rules per reseller (issue 27.3): the reseller's rule is its clients' default, a client's
// own overrides it, null inherits again; rights 403, tenancy 404, bad input 400, audited; and the
// evaluation applies the rule that holds for each system.

let f: AlertsFixture;
beforeEach(async () => {
  f = await alertsFixture();
});
afterEach(async () => {
  await f.t.close();
});

const R = '/api/alerts/reseller_rule';
const C = '/api/alerts/client_rule';
const rule = (over: Partial<typeof DEFAULT_ALERT_RULE> = {}) => ({ ...DEFAULT_ALERT_RULE, ...over });

describe('alert rules: who may read and change them', () => {
  it('answers 404 for another tenant, 403 to a client user saving, 400 on a bad rule', async () => {
    expect((await f.get('resb', `${R}/${f.w.resellerA}`)).statusCode).toBe(404);
    expect((await f.get('resb', `${C}/${f.w.clientA1}`)).statusCode).toBe(404);
    expect((await f.post('resb', `${C}/${f.w.clientA1}`, { rule: rule() })).statusCode).toBe(404);
    expect((await f.get('clia1', `${C}/${f.w.clientA2}`)).statusCode).toBe(404);
    const mine = await f.get('clia1', `${C}/${f.w.clientA1}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ source: 'default', can_edit: false });
    expect((await f.post('clia1', `${C}/${f.w.clientA1}`, { rule: rule() })).statusCode).toBe(403);
    const bad = await f.post('resa', `${R}/${f.w.resellerA}`, { rule: rule({ failures_in_a_row: 0 }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/at least 1 failure/);
    const badMail = await f.post('resa', `${R}/${f.w.resellerA}`, {
      rule: rule({ recipients: ['on call'] }),
    });
    expect(badMail.statusCode).toBe(400);
    expect(await f.t.dbh.db.selectFrom('alert_rules').selectAll().execute()).toEqual([]);
  });
});

describe('alert rules: inheritance and audit', () => {
  it('gives a client its reseller’s rule until it has its own, and audits each change', async () => {
    const three = rule({ failures_in_a_row: 3 });
    const saved = await f.post('resa', `${R}/${f.w.resellerA}`, { rule: three });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ level: 'reseller', source: 'own', rule: three, can_edit: true });
    expect((await f.get('clia1', `${C}/${f.w.clientA1}`)).json()).toMatchObject({
      source: 'reseller',
      rule: three,
    });

    const quiet = rule({
      conditions: { ...DEFAULT_ALERT_RULE.conditions, backup_failed: { enabled: false, severity: 'info' } },
    });
    expect((await f.post('resa', `${C}/${f.w.clientA2}`, { rule: quiet })).json()).toMatchObject({
      source: 'own',
      rule: quiet,
    });
    expect((await f.post('resa', `${C}/${f.w.clientA2}`, { rule: null })).json()).toMatchObject({
      source: 'reseller',
      rule: three,
    });
    // Reseller B's clients keep the default.
    expect((await f.get('resb', `${C}/${f.w.clientB1}`)).json()).toMatchObject({ source: 'default' });

    const log = await f.t.dbh.db
      .selectFrom('audit_log')
      .select(['action', 'target_id', 'details'])
      .where('action', '=', 'alerts.rule')
      .orderBy('id')
      .execute();
    expect(log.map((l) => l.target_id)).toEqual([
      String(f.w.resellerA),
      String(f.w.clientA2),
      String(f.w.clientA2),
    ]);
    expect(JSON.parse(log[2]?.details ?? '{}')).toMatchObject({ old: quiet, new: null });
  });
});

describe('alert rules: the evaluation applies them', () => {
  it("opens after the reseller's N failures, not for a client that switched the condition off", async () => {
    await f.post('resa', `${R}/${f.w.resellerA}`, {
      rule: rule({
        failures_in_a_row: 3,
        conditions: {
          ...DEFAULT_ALERT_RULE.conditions,
          backup_failed: { enabled: true, severity: 'warning' },
        },
      }),
    });
    await f.post('resa', `${C}/${f.w.clientA2}`, {
      rule: rule({
        conditions: {
          ...DEFAULT_ALERT_RULE.conditions,
          backup_failed: { enabled: false, severity: 'critical' },
        },
      }),
    });
    for (const sys of [f.w.systemA1, f.w.systemA2, f.w.systemB1]) {
      await f.run(sys, 'FAILED');
      await f.run(sys, 'FAILED');
    }
    await evaluateAlerts(f.t.dbh.db, f.t.clock.now());
    // Reseller B: the default (2 in a row).
    expect((await f.alerts()).map((a) => a.subject_id)).toEqual([f.w.systemB1]);
    f.t.clock.advance(60_000);
    for (const sys of [f.w.systemA1, f.w.systemA2]) await f.run(sys, 'FAILED');
    await evaluateAlerts(f.t.dbh.db, f.t.clock.now());
    const a1 = await f.t.dbh.db
      .selectFrom('alerts')
      .select(['severity', 'summary'])
      .where('subject_id', '=', f.w.systemA1)
      .where('condition', '=', 'backup_failed')
      .executeTakeFirst();
    expect(a1).toEqual({ severity: 'warning', summary: 'backup failed 3 times in a row' });
    expect((await f.alerts()).some((a) => a.subject_id === f.w.systemA2)).toBe(false);
  });
});
