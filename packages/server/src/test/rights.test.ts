import { writeFileSync } from 'node:fs';
import {
  type Call,
  declaredCalls,
  holdsRight,
  LEVEL,
  levelRights,
  RIGHTS,
  type Right,
  type RightsHolder,
  rightsOf,
  securityCalls,
  sessionCalls,
  type TenantObject,
} from '@lifeboat/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idValues, injectOptions, validParts } from './call-requests';
import { changedTables, snapshot } from './db-snapshot';
import { TEST_PASSWORD } from './factories';
import { call, loginAs, type Session } from './harness';
import { buildTenantWorld, type TenantWorld, type Who } from './tenant-world';

// The rights suite (beside the isolation suite): every declared call is made by a user of each
// level, by a reseller granted nothing and by a client whose organisation may not recover, each
// with its own objects in the id slots. What the table (contract/src/rights.ts) refuses answers
// 403 with the right's sentence and changes nothing; what it allows never answers the right's 403.

const GRANTED = { can_recover: 1, can_create_client: 1, can_download_agent: 1, can_edit_policy: 1 };
const NONE = { can_recover: 0, can_create_client: 0, can_download_agent: 0, can_edit_policy: 0 } as const;

/**
 * A reseller's custom role (docs/decisions.md 'Roles') without reports, users or alert handling:
 * its user is refused those as the table refuses a level.
 */
const NARROW_ROLE: Right[] = levelRights(LEVEL.RESELLER).filter(
  (r) => r !== 'view_reports' && r !== 'manage_users' && r !== 'manage_alerts',
);
/** An API key of the reseller that may read and recover only (issue 26.4: narrowed to its scopes). */
const KEY_SCOPES: Right[] = ['read', 'recover'];

interface Caller {
  /** Whose objects fill the id slots (and whose session calls, unless `as` says otherwise). */
  who: Who;
  label: string;
  holder: RightsHolder;
  /** A key's scopes: the caller holds a right the table gives only when its key names it. */
  scopes?: readonly Right[];
  as?: 'narrowed' | 'key';
}

const holds = (k: Caller, r: Right) => holdsRight(k.holder, r) && (!k.scopes || k.scopes.includes(r));

/** Who calls, and what the table is told of them (the test world's organisations). */
const CALLERS: ReadonlyArray<Caller> = [
  {
    who: 'staff',
    label: 'provider staff',
    holder: { level: LEVEL.STAFF, organisationKind: 'provider', grants: {} },
  },
  {
    who: 'dist',
    label: 'distributor',
    holder: { level: LEVEL.DISTRIBUTOR, organisationKind: 'distributor', grants: {} },
  },
  {
    who: 'resa',
    label: 'reseller',
    holder: { level: LEVEL.RESELLER, organisationKind: 'reseller', grants: GRANTED },
  },
  {
    who: 'resb',
    label: 'reseller granted nothing',
    holder: { level: LEVEL.RESELLER, organisationKind: 'reseller', grants: NONE },
  },
  {
    who: 'clia1',
    label: 'client',
    holder: { level: LEVEL.CLIENT, organisationKind: 'client', grants: GRANTED },
  },
  {
    who: 'clia2',
    label: 'client that may not recover',
    holder: { level: LEVEL.CLIENT, organisationKind: 'client', grants: { ...GRANTED, can_recover: 0 } },
  },
  {
    who: 'resa',
    label: 'reseller user with a narrowed role',
    holder: { level: LEVEL.RESELLER, organisationKind: 'reseller', grants: GRANTED, role: NARROW_ROLE },
    as: 'narrowed',
  },
  {
    who: 'resa',
    label: 'API key of the reseller without the scope',
    holder: { level: LEVEL.RESELLER, organisationKind: 'reseller', grants: GRANTED },
    scopes: KEY_SCOPES,
    as: 'key',
  },
];

/**
 * Calls made last, once everything else is done: signing out ends the caller's session, and
 * requiring MFA holds every user below at the enrolment path.
 */
const LAST = new Set<string>([sessionCalls.signOut.id, securityCalls.requireMfa.id]);

/** A reseller's own objects, which its clients' users never see. */
const RESELLER_OWN: ReadonlySet<TenantObject> = new Set([
  'role',
  'update_schedule',
  'webhook_endpoint',
  'webhook_delivery',
]);

describe('rights of every declared call', () => {
  let tw: TenantWorld;
  let narrowed: Session;
  let key: string;
  /** The caller's request: its session's cookie and tokens, or its key alone. */
  const send = (k: Caller, opts: InjectOptions) => {
    if (k.as === 'key') {
      const { cookie: _c, ...headers } = (opts.headers ?? {}) as Record<string, string>;
      return tw.t.app.inject({ ...opts, headers: { ...headers, authorization: `Bearer ${key}` } });
    }
    return call(tw.t.app, k.as === 'narrowed' ? narrowed : tw.sessions[k.who], opts);
  };
  beforeAll(async () => {
    tw = await buildTenantWorld();
    const db = tw.t.dbh.db;
    await db.updateTable('organisations').set(NONE).where('id', '=', tw.w.resellerB).execute();
    await db.updateTable('organisations').set({ can_recover: 0 }).where('id', '=', tw.w.clientA2).execute();
    // The narrowed user: a reseller A user with a role of reseller A.
    const now = tw.t.clock.now();
    const role = await db
      .insertInto('roles')
      .values({
        organisation_id: tw.w.resellerA,
        name: 'Narrowed',
        rights: JSON.stringify(NARROW_ROLE),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const hash = (await db.selectFrom('users').select('password_hash').executeTakeFirstOrThrow())
      .password_hash;
    await db
      .insertInto('users')
      .values({
        organisation_id: tw.w.resellerA,
        username: 'narrowed',
        name: 'Narrowed',
        password_hash: hash,
        level: LEVEL.RESELLER,
        created_at: now,
        role_id: Number(role.id),
      })
      .execute();
    narrowed = await loginAs(tw.t.app, 'narrowed', TEST_PASSWORD);
    const made = await call(tw.t.app, tw.sessions.resa, {
      method: 'POST',
      url: '/api/keys',
      payload: { name: 'Rights suite', days: 30, readOnly: false, rights: KEY_SCOPES },
    });
    key = made.json().key;
    // Every declared call is made with the key within the manual clock's one minute.
    tw.t.ctx.config.apiKeyPerMinute = 1_000_000;
  }, 120_000);
  afterAll(() => tw.t.close());

  it('answers each caller the rights the table gives it', async () => {
    for (const k of CALLERS) {
      const res = await send(k, { method: 'GET', url: '/api/session' });
      expect(res.json().user.rights, k.label).toEqual(rightsOf(k.holder).filter((r) => holds(k, r)));
    }
  });

  it('refuses what the table denies with 403 and a sentence, changing nothing, and allows the rest', async () => {
    const calls = declaredCalls().filter((c) => c.access !== 'public');
    const failures: string[] = [];
    const undriven: string[] = [];
    const driven = new Set<string>();
    const otherRefusals: string[] = [];
    let denied = 0;
    let allowed = 0;
    /** The request of `who` with its own objects, or null when it holds none of a kind (a client's vault). */
    const drivable = (c: Call, who: Who) => {
      try {
        const opts = injectOptions(c, validParts(c, idValues(c, tw.own[who], tw.unnamed[who])));
        driven.add(c.id);
        return opts;
      } catch {
        return null;
      }
    };
    // A client's users see neither its reseller nor the reseller's own update schedules and
    // webhook endpoints with their deliveries (tenancy.ts).
    const unseen = (who: Who, kind: TenantObject) =>
      tw.unnamed[who].includes(kind) || (who.startsWith('cli') && RESELLER_OWN.has(kind));
    const namesUnseen = (c: Call, who: Who) => Object.values(c.ids ?? {}).some((kind) => unseen(who, kind));

    // The refusals first: they must leave the world as it was for the calls that follow.
    for (const c of calls) {
      const right = c.right;
      if (!right) {
        undriven.push(`${c.id}: no right declared`);
        continue;
      }
      const refused = CALLERS.filter((k) => !holds(k, right));
      if (refused.length === 0) continue;
      const before = await snapshot(tw.t.dbh.db);
      for (const k of refused) {
        const opts = drivable(c, k.who);
        if (!opts) continue;
        denied++;
        const res = await send(k, opts);
        const body = res.headers['content-type']?.toString().includes('json') ? res.json() : {};
        // A slot naming what the caller holds but does not see (a client's own reseller) is out
        // of its scope: 404 before any right, as route() checks tenancy first.
        const outOfScope = res.statusCode === 404 && namesUnseen(c, k.who);
        if (
          !outOfScope &&
          (res.statusCode !== 403 || body.code !== 'RIGHT' || body.message !== RIGHTS[right].refused)
        )
          failures.push(`${c.id} [${k.label}, lacks ${right}]: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
      // A key's call is counted against its rate limit (login_attempts) even when refused.
      const changed = changedTables(before, await snapshot(tw.t.dbh.db)).filter(
        (t) => !t.startsWith('login_attempts'),
      );
      if (changed.length) failures.push(`${c.id}: the refused calls changed ${changed.join(', ')}`);
    }

    // Then what the table allows: never the right's 403 (a rule on the object itself may still
    // refuse, such as approving one's own failover; those are listed, not failed).
    const ordered = [...calls].sort((a, b) => Number(LAST.has(a.id)) - Number(LAST.has(b.id)));
    for (const c of ordered) {
      const right = c.right;
      if (!right) continue;
      for (const k of CALLERS.filter((x) => holds(x, right))) {
        const opts = drivable(c, k.who);
        if (!opts) continue;
        allowed++;
        const res = await send(k, opts);
        if (res.statusCode !== 403) continue;
        const code = res.json().code;
        if (code === 'RIGHT' || code === 'NO_RIGHT')
          failures.push(`${c.id} [${k.label}, holds ${right}]: ${res.statusCode} ${res.body.slice(0, 160)}`);
        else otherRefusals.push(`${c.id} [${k.label}]: ${code} ${res.json().message}`);
      }
    }

    for (const c of calls)
      if (c.right && !driven.has(c.id)) undriven.push(`${c.id}: no caller holds its objects`);
    console.info(
      `${denied} refused and ${allowed} allowed cases over ${calls.length} calls and ${CALLERS.length} callers` +
        (otherRefusals.length
          ? `; ${otherRefusals.length} refused by a rule on the object:\n  ${otherRefusals.join('\n  ')}`
          : ''),
    );
    if (process.env.LIFEBOAT_SUITE_REPORT)
      writeFileSync(
        process.env.LIFEBOAT_SUITE_REPORT,
        [...failures, '', ...undriven, '', ...otherRefusals].join('\n'),
      );
    // A call the suite cannot drive fails it: give it ids the test world holds, or examples.
    expect(undriven).toEqual([]);
    expect(failures).toEqual([]);
    expect(denied).toBeGreaterThan(0);
    expect(allowed).toBeGreaterThan(0);
  }, 900_000);
});
