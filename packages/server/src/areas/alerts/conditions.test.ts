import { ALERT_REOPEN_GRACE_MS, alertRule, DEFAULT_ALERT_RULE } from '@lifeboat/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertId } from '../../test/factories';
import { subjectLink } from './deliver';
import { evaluateAlerts } from './evaluate';
import { BATCH } from './observe';
import { type AlertsFixture, alertsFixture } from './test-fixture';
import { webhookBody } from './webhooks/payload';

// The conditions beside the systems' own, each on the real database through the evaluation on
// the manual clock: storage over the rule's percent (an appliance's disks, a reseller's cloud
// quota), a virtual office running past its planned stop, an FTPS export about to expire unused,
// a production failover waiting for approval. Each opens, updates while it holds, resolves when
// it clears and reopens within the grace; the Alerts page lists it for its reseller and client
// and never for another reseller.

const MIN = 60_000;
const HOUR = 60 * MIN;
const L = '/api/alerts/list';

let f: AlertsFixture;
beforeEach(async () => {
  f = await alertsFixture();
});
afterEach(async () => {
  await f.t.close();
});

/**
 * An evaluation at the clock's time, every system just backed up first: these tests move the
 * clock by days, and the systems' own conditions are not what they look at.
 */
async function evaluate() {
  const now = f.t.clock.now();
  await f.t.dbh.db.updateTable('protected_systems').set({ last_rp_at: now }).execute();
  return evaluateAlerts(f.t.dbh.db, now);
}
const of = async (condition: string) => (await f.alerts()).filter((a) => a.condition === condition);
const kinds = async (alertId: number) =>
  (await f.events()).filter((e) => e.alert_id === alertId).map((e) => e.kind);

/** The alert rows of a list call, by condition and subject. */
async function listed(who: string, q = '') {
  const r = await f.get(who, `${L}${q}`);
  expect(r.statusCode).toBe(200);
  return (
    r.json().content as {
      condition: string;
      subject_type: string;
      subject_id: number;
      client_id: number;
      summary: string;
    }[]
  ).map((a) => ({ condition: a.condition, type: a.subject_type, id: a.subject_id, summary: a.summary }));
}

async function failover(over: Record<string, unknown>) {
  const now = f.t.clock.now();
  return insertId(f.t.dbh.db, 'failovers', {
    reseller_id: f.w.resellerA,
    client_id: f.w.clientA1,
    appliance_id: null,
    vo_type: 'cloud',
    type: 'test',
    phase: 'started',
    runbook_id: null,
    runbook_name: 'Front office',
    gateway: '10.0.0.1',
    netmask: '255.255.255.0',
    dns_server: null,
    reason: null,
    stop_after_minutes: null,
    stop_at: null,
    office_address: null,
    message: null,
    step: null,
    operation_id: null,
    requested_by: null,
    requested_by_name: 'Ann Tech',
    approval_expires_at: null,
    decided_by: null,
    decided_by_name: null,
    created_at: now,
    started_at: now,
    ended_at: null,
    ...over,
  });
}

describe('stored rules from before the new conditions', () => {
  it('read with the new conditions at their defaults', () => {
    const { storage_over_threshold, office_overrunning, export_unused, failover_approval_waiting, ...old } =
      DEFAULT_ALERT_RULE.conditions;
    const { storage_percent, office_hours, ...rest } = DEFAULT_ALERT_RULE;
    const parsed = alertRule.parse(JSON.parse(JSON.stringify({ ...rest, conditions: old })));
    expect(parsed).toEqual(DEFAULT_ALERT_RULE);
    expect(parsed.conditions.failover_approval_waiting).toEqual({ enabled: true, severity: 'critical' });
    expect(
      alertRule.safeParse({ ...DEFAULT_ALERT_RULE, storage_percent: 80 }).error?.issues[0]?.message,
    ).toBe('Choose 70, 90, 100 percent.');
  });
});

describe('storage over the threshold', () => {
  it("opens for an appliance's disks past the rule's percent, updates, resolves, reopens", async () => {
    const db = f.t.dbh.db;
    const app = f.w.applianceB1;
    const use = (used: number) =>
      db
        .updateTable('appliances')
        .set({ storage_used_bytes: used, storage_total_bytes: 1000 })
        .where('id', '=', app)
        .execute();
    await use(899);
    expect(await evaluate()).toMatchObject({ opened: 0 });
    await use(900);
    f.t.clock.advance(MIN);
    expect(await evaluate()).toMatchObject({ opened: 1 });
    const [a] = await of('storage_over_threshold');
    expect(a).toMatchObject({ subject_id: app, count: 1, resolved_at: null });
    f.t.clock.advance(MIN);
    expect(await evaluate()).toMatchObject({ updated: 1 });
    await use(500);
    f.t.clock.advance(MIN);
    expect(await evaluate()).toMatchObject({ resolved: 1 });
    await use(950);
    f.t.clock.advance(MIN);
    expect(await evaluate()).toMatchObject({ reopened: 1, opened: 0 });
    expect(await kinds(a?.id ?? 0)).toEqual(['opened', 'resolved', 'reopened']);

    // Reseller B lists it with a link to the appliance; reseller A never sees it.
    expect(await listed('resb', '?condition=storage_over_threshold')).toEqual([
      {
        condition: 'storage_over_threshold',
        type: 'appliance',
        id: app,
        summary: 'appliance storage over 90% used',
      },
    ]);
    expect(await listed('resa', '?condition=storage_over_threshold')).toEqual([]);
    expect(await listed('clia1')).toEqual([]);
  });

  it('walks every batch of appliances (a keyset, never the whole table at once)', async () => {
    const db = f.t.dbh.db;
    const n = BATCH + 25;
    const rows = Array.from({ length: n }, (_, i) => ({
      reseller_id: f.w.resellerB,
      client_id: f.w.clientB1,
      sid: `FULL-${i}`,
      name: `FULL-${i}`,
      name_lc: `full-${i}`,
      model_name: 'S3B',
      license_type: 'storage' as const,
      license_name: 'Storage',
      version: '4.1.0',
      created_at: f.t.clock.now(),
      // Every other one is full; the others are at 50%.
      storage_used_bytes: i % 2 === 0 ? 990 : 500,
      storage_total_bytes: 1000,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await db
        .insertInto('appliances')
        .values(rows.slice(i, i + 200))
        .execute();
    expect(await evaluate()).toMatchObject({ opened: Math.ceil(n / 2) });
    f.t.clock.advance(MIN);
    expect(await evaluate()).toMatchObject({ opened: 0, updated: Math.ceil(n / 2), resolved: 0 });
  });

  it("follows the rule's percent, and opens for a reseller's cloud quota seen by the reseller only", async () => {
    const db = f.t.dbh.db;
    await db
      .updateTable('organisations')
      .set({ cloud_quota_bytes: 1000 })
      .where('id', '=', f.w.resellerA)
      .execute();
    // The rollup triggers sum the systems' cloud use per client.
    await db
      .updateTable('protected_systems')
      .set({ cloud_used_bytes: 400 })
      .where('id', '=', f.w.systemA1)
      .execute();
    await db
      .updateTable('protected_systems')
      .set({ cloud_used_bytes: 350 })
      .where('id', '=', f.w.systemA2)
      .execute();
    expect(await evaluate()).toMatchObject({ opened: 0 });
    // 75% is past a rule of 70.
    const saved = await f.post('resa', `/api/alerts/reseller_rule/${f.w.resellerA}`, {
      rule: { ...DEFAULT_ALERT_RULE, storage_percent: 70 },
    });
    expect(saved.statusCode).toBe(200);
    f.t.clock.advance(MIN);
    expect(await evaluate()).toMatchObject({ opened: 1 });
    const expected = {
      condition: 'storage_over_threshold',
      type: 'reseller',
      id: f.w.resellerA,
      summary: 'cloud storage over 70% of the quota used',
    };
    expect(await listed('resa')).toEqual([expected]);
    expect(await listed('staff')).toEqual([expected]);
    // The reseller's own matter: none of its clients' users, nor another reseller, sees it.
    expect(await listed('clia1')).toEqual([]);
    expect(await listed('resb')).toEqual([]);
    const row = (await f.get('resa', L)).json().content[0];
    expect(row).toMatchObject({ client_id: f.w.resellerA, reseller_id: f.w.resellerA });
    expect((await f.get('resb', `/api/alerts/alert/${row.id}`)).statusCode).toBe(404);

    await db
      .updateTable('protected_systems')
      .set({ cloud_used_bytes: 100 })
      .where('id', '=', f.w.systemA2)
      .execute();
    f.t.clock.advance(MIN);
    expect(await evaluate()).toMatchObject({ resolved: 1 });
  });
});

describe("a private vault's storage over the threshold", () => {
  it('opens for the reseller that owns it, updates, resolves, reopens; never for a shared vault', async () => {
    const db = f.t.dbh.db;
    const vault = (over: Record<string, unknown>) =>
      insertId(db, 'vaults', {
        reseller_id: f.w.resellerA,
        name: 'Harbor Private Vault',
        vault_type: 'private',
        capacity_bytes: 1000,
        used_bytes: 0,
        created_at: f.t.clock.now(),
        ...over,
      });
    const own = await vault({});
    // The provider's shared cloud vault is full too: it is nobody's alert but the provider's.
    await vault({ reseller_id: null, name: 'Shared cloud', vault_type: 'cloud', used_bytes: 1000 });
    const use = (used: number) =>
      db.updateTable('vaults').set({ used_bytes: used }).where('id', '=', own).execute();
    await use(899);
    expect(await evaluate()).toMatchObject({ opened: 0 });
    await use(900);
    f.t.clock.advance(MIN);
    expect(await evaluate()).toMatchObject({ opened: 1 });
    const [a] = await of('storage_over_threshold');
    expect(a).toMatchObject({ subject_id: own, count: 1, resolved_at: null });
    f.t.clock.advance(MIN);
    expect(await evaluate()).toMatchObject({ updated: 1 });
    expect((await of('storage_over_threshold'))[0]).toMatchObject({ count: 2 });
    await use(500);
    f.t.clock.advance(MIN);
    expect(await evaluate()).toMatchObject({ resolved: 1 });
    await use(1000);
    f.t.clock.advance(MIN);
    expect(await evaluate()).toMatchObject({ reopened: 1, opened: 0 });
    expect(await kinds(a?.id ?? 0)).toEqual(['opened', 'resolved', 'reopened']);

    // The reseller's own matter, named in words with a link to the vault's page.
    const expected = {
      condition: 'storage_over_threshold',
      type: 'vault',
      id: own,
      summary: 'private vault storage over 90% used',
    };
    expect(await listed('resa')).toEqual([expected]);
    expect(await listed('staff')).toEqual([expected]);
    expect(await listed('clia1')).toEqual([]);
    expect(await listed('resb')).toEqual([]);
    const row = (await f.get('resa', L)).json().content[0];
    expect(row).toMatchObject({ subject_name: 'Harbor Private Vault', client_id: f.w.resellerA });
    expect((await f.get('resb', `/api/alerts/alert/${row.id}`)).statusCode).toBe(404);
    expect(subjectLink('https://c.test', row)).toBe(`https://c.test/vault/details/${own}`);

    // A rule of 100 percent: 95% no longer holds.
    await use(950);
    const saved = await f.post('resa', `/api/alerts/reseller_rule/${f.w.resellerA}`, {
      rule: { ...DEFAULT_ALERT_RULE, storage_percent: 100 },
    });
    expect(saved.statusCode).toBe(200);
    f.t.clock.advance(MIN);
    expect(await evaluate()).toMatchObject({ resolved: 1 });
  });
});

describe('a virtual office running longer than planned', () => {
  it("opens past the rule's hours without an auto-stop, resolves when it stops, reopens within the grace", async () => {
    const db = f.t.dbh.db;
    const office = await failover({});
    f.t.clock.advance(24 * HOUR);
    expect(await evaluate()).toMatchObject({ opened: 0 });
    f.t.clock.advance(MIN);
    expect(await evaluate()).toMatchObject({ opened: 1 });
    const [a] = await of('office_overrunning');
    expect(a).toMatchObject({ subject_id: office, resolved_at: null });
    f.t.clock.advance(MIN);
    expect(await evaluate()).toMatchObject({ updated: 1 });
    expect(await listed('clia1', '?condition=office_overrunning')).toEqual([
      {
        condition: 'office_overrunning',
        type: 'failover',
        id: office,
        summary: 'virtual office running for more than 24 hours',
      },
    ]);
    expect(await listed('resb', '?condition=office_overrunning')).toEqual([]);

    await db
      .updateTable('failovers')
      .set({ phase: 'finished', ended_at: f.t.clock.now() })
      .where('id', '=', office)
      .execute();
    f.t.clock.advance(MIN);
    expect(await evaluate()).toMatchObject({ resolved: 1 });
    await db
      .updateTable('failovers')
      .set({ phase: 'started', ended_at: null })
      .where('id', '=', office)
      .execute();
    f.t.clock.advance(ALERT_REOPEN_GRACE_MS - MIN);
    expect(await evaluate()).toMatchObject({ reopened: 1, opened: 0 });
    expect(await kinds(a?.id ?? 0)).toEqual(['opened', 'resolved', 'reopened']);
  });

  it('uses the auto-stop chosen at the start as the planned end', async () => {
    await failover({ stop_at: f.t.clock.now() + 2 * HOUR, stop_after_minutes: 120 });
    f.t.clock.advance(2 * HOUR);
    expect(await evaluate()).toMatchObject({ opened: 0 });
    f.t.clock.advance(MIN);
    expect(await evaluate()).toMatchObject({ opened: 1 });
    expect((await listed('resa'))[0]?.summary).toBe('virtual office still running after its planned stop');
  });
});

describe('a production failover waiting for approval', () => {
  it('opens while the approval waits and resolves when it is decided or its window ends', async () => {
    const db = f.t.dbh.db;
    const now = f.t.clock.now();
    const waiting = await failover({
      type: 'production',
      phase: 'awaiting_approval',
      started_at: null,
      approval_expires_at: now + 30 * MIN,
    });
    const other = await failover({
      client_id: f.w.clientB1,
      reseller_id: f.w.resellerB,
      type: 'production',
      phase: 'awaiting_approval',
      started_at: null,
      approval_expires_at: now + 10 * MIN,
    });
    expect(await evaluate()).toMatchObject({ opened: 2 });
    expect(await listed('resa')).toEqual([
      {
        condition: 'failover_approval_waiting',
        type: 'failover',
        id: waiting,
        summary: 'production failover requested by Ann Tech waits for approval',
      },
    ]);
    expect((await listed('resb')).map((a) => a.id)).toEqual([other]);
    const row = (await f.get('resa', L)).json().content[0];
    expect(row.severity).toBe('critical');

    f.t.clock.advance(5 * MIN);
    expect(await evaluate()).toMatchObject({ updated: 2 });
    // B's approval window ends; A's is approved.
    f.t.clock.advance(5 * MIN);
    await db.updateTable('failovers').set({ phase: 'new' }).where('id', '=', waiting).execute();
    expect(await evaluate()).toMatchObject({ resolved: 2 });
    // Refused and asked again at once: the same alert reopens.
    await db
      .updateTable('failovers')
      .set({ phase: 'awaiting_approval', approval_expires_at: f.t.clock.now() + 30 * MIN })
      .where('id', '=', waiting)
      .execute();
    f.t.clock.advance(MIN);
    expect(await evaluate()).toMatchObject({ reopened: 1 });
  });
});

describe('an FTPS export about to expire unused', () => {
  async function ftpsExport(tag: string, clientId: number, resellerId: number, systemId: number) {
    const now = f.t.clock.now();
    return insertId(f.t.dbh.db, 'ftps_exports', {
      uuid: `uuid-${tag}`,
      reseller_id: resellerId,
      client_id: clientId,
      system_id: systemId,
      restore_point_id: 1,
      rp_taken_at: now - HOUR,
      type: 'ffr',
      format: null,
      export_type: null,
      paths: '["C:/Data"]',
      name: `export-${tag}`,
      status: 'ready',
      login: `lb-${tag}`,
      password_enc: 'sealed',
      expiration_days: 7,
      created_at: now,
      ready_at: now,
      expires_at: now + 7 * 24 * HOUR,
    });
  }

  it('opens a day before the expiry while nobody logged in, resolves on a login, reopens', async () => {
    const db = f.t.dbh.db;
    const unused = await ftpsExport('a1', f.w.clientA1, f.w.resellerA, f.w.systemA1);
    const used = await ftpsExport('a2', f.w.clientA2, f.w.resellerA, f.w.systemA2);
    await db
      .updateTable('ftps_exports')
      .set({ first_login_at: f.t.clock.now() })
      .where('id', '=', used)
      .execute();
    f.t.clock.advance(6 * 24 * HOUR - MIN);
    expect(await evaluate()).toMatchObject({ opened: 0 });
    f.t.clock.advance(MIN);
    expect(await evaluate()).toMatchObject({ opened: 1 });
    expect(await listed('clia1')).toEqual([
      {
        condition: 'export_unused',
        type: 'ftps_export',
        id: unused,
        summary: 'FTPS export expires within a day and nobody has logged in to it',
      },
    ]);
    expect(await listed('resb')).toEqual([]);
    expect((await f.get('resa', `${L}?condition=export_unused`)).json().content[0].severity).toBe('info');
    f.t.clock.advance(MIN);
    expect(await evaluate()).toMatchObject({ updated: 1 });

    await db
      .updateTable('ftps_exports')
      .set({ first_login_at: f.t.clock.now() })
      .where('id', '=', unused)
      .execute();
    f.t.clock.advance(MIN);
    expect(await evaluate()).toMatchObject({ resolved: 1 });
    await db.updateTable('ftps_exports').set({ first_login_at: null }).where('id', '=', unused).execute();
    f.t.clock.advance(MIN);
    expect(await evaluate()).toMatchObject({ reopened: 1 });
    // It expires: the alert resolves by itself.
    f.t.clock.advance(24 * HOUR);
    expect(await evaluate()).toMatchObject({ resolved: 1 });
  });

  it('is quiet when the rule turns the condition off', async () => {
    await ftpsExport('b1', f.w.clientB1, f.w.resellerB, f.w.systemB1);
    const r = await f.post('resb', `/api/alerts/reseller_rule/${f.w.resellerB}`, {
      rule: {
        ...DEFAULT_ALERT_RULE,
        conditions: { ...DEFAULT_ALERT_RULE.conditions, export_unused: { enabled: false, severity: 'info' } },
      },
    });
    expect(r.statusCode).toBe(200);
    f.t.clock.advance(6 * 24 * HOUR + MIN);
    expect(await evaluate()).toMatchObject({ opened: 0 });
  });
});

describe('the links of e-mails, digests and webhooks', () => {
  it('lead where a person acts on the new subjects', () => {
    const owner = { client_id: 3, reseller_id: 2 };
    expect(subjectLink('https://c.test', { subject_type: 'failover', subject_id: 9, ...owner })).toBe(
      'https://c.test/client/details/3/1',
    );
    expect(subjectLink('https://c.test', { subject_type: 'reseller', subject_id: 2, ...owner })).toBe(
      'https://c.test/reseller/details/2',
    );
    const body = webhookBody(
      {
        delivery_uid: 'd1',
        event_type: 'alert.opened',
        created_at: 0,
        event_at: 0,
        alert_id: 5,
        condition: 'export_unused',
        severity: 'info',
        summary: 'FTPS export expires within a day and nobody has logged in to it',
        opened_at: 0,
        subject_type: 'ftps_export',
        subject_id: 11,
        subject_name: 'FTPS export Accounts',
        client_id: 3,
        client_name: 'Acme',
        reseller_id: 2,
      },
      'https://c.test',
    );
    expect(body.alert?.subject).toMatchObject({
      type: 'ftps_export',
      id: 11,
      url: 'https://c.test/client/details/3',
    });
  });
});
