import {
  type AlertRule,
  type AlertRuleAnswer,
  alertRule,
  DEFAULT_ALERT_RULE,
  type SaveAlertRuleBody,
} from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { BadRequestError } from '../../http/errors';
import { type Actor, scoped, unscoped } from '../../scope';
import { type Level, loadOrg, type Org } from '../settings/thresholds';
import type { RuleOf } from './observe';

// Alert rules per reseller (issue 27.3): a reseller's rule is the default of its clients
// (client_id 0), a client's own overrides it, and without either the built-in default applies.
// The same inheritance as the thresholds (settings/thresholds.ts), read once per batch by the
// evaluation and once per request by the settings calls.

/** The reseller's own rule's client_id. */
export const RESELLER_RULE = 0;

/** A stored rule, or null when the text no longer reads as one (the default applies). */
function parseRule(text: string): AlertRule | null {
  try {
    const r = alertRule.safeParse(JSON.parse(text));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

const key = (resellerId: number, clientId: number) => `${resellerId}:${clientId}`;

/** The rules that apply to a batch of (reseller, client) pairs, in one indexed read. */
export async function loadRules(
  db: Kysely<Database>,
  owners: readonly { reseller_id: number; client_id: number }[],
): Promise<RuleOf> {
  const byKey = new Map<string, AlertRule>();
  if (owners.length > 0) {
    const rows = await unscoped(db, 'the alerts evaluation applies the rules of every tenant')
      .selectFrom('alert_rules')
      .select(['reseller_id', 'client_id', 'rule'])
      .where('reseller_id', 'in', [...new Set(owners.map((o) => o.reseller_id))])
      .where('client_id', 'in', [RESELLER_RULE, ...new Set(owners.map((o) => o.client_id))])
      .execute();
    for (const r of rows) {
      const rule = parseRule(r.rule);
      if (rule) byKey.set(key(Number(r.reseller_id), Number(r.client_id)), rule);
    }
  }
  return (resellerId, clientId) =>
    byKey.get(key(resellerId, clientId)) ?? byKey.get(key(resellerId, RESELLER_RULE)) ?? DEFAULT_ALERT_RULE;
}

interface Stored {
  own: AlertRule | null;
  reseller: AlertRule | null;
}

async function storedRules(db: Kysely<Database>, actor: Actor, org: Org): Promise<Stored> {
  const resellerId = org.resellerId ?? org.id;
  const clientId = org.level === 'client' ? org.id : RESELLER_RULE;
  const own = await scoped(db, actor)
    .selectFrom('alert_rules')
    .select('alert_rules.rule')
    .where('alert_rules.reseller_id', '=', resellerId)
    .where('alert_rules.client_id', '=', clientId)
    .executeTakeFirst();
  // A client inherits its reseller's rule, which its own users cannot read through scoped():
  // the client itself was loaded in the actor's scope (loadOrg).
  const above =
    org.level === 'client'
      ? await unscoped(db, "a client's inherited alert rule is its reseller's, read for that client")
          .selectFrom('alert_rules')
          .select('rule')
          .where('reseller_id', '=', resellerId)
          .where('client_id', '=', RESELLER_RULE)
          .executeTakeFirst()
      : undefined;
  return { own: own ? parseRule(own.rule) : null, reseller: above ? parseRule(above.rule) : null };
}

type Choices = Pick<AlertRuleAnswer, 'recipient_choices' | 'webhook_choices'>;

/**
 * What a rule of this level may route to (issue 27.3): the users of the level itself (a client's
 * rule offers the client's own users, so they are told of their own systems only), and the
 * reseller's own endpoints with, for a client, the client's own. Read in the actor's scope: a
 * reseller never sees, so never chooses, another's.
 */
async function choices(db: Kysely<Database>, actor: Actor, org: Org): Promise<Choices> {
  const resellerId = org.resellerId ?? org.id;
  const users = await scoped(db, actor)
    .selectFrom('users')
    .select(['users.name', 'users.email'])
    .where('users.organisation_id', '=', org.id)
    .where('users.disabled', '=', 0)
    .where('users.email', 'is not', null)
    .orderBy('users.name')
    .limit(200)
    .execute();
  const endpoints = await scoped(db, actor)
    .selectFrom('webhook_endpoints')
    .select(['webhook_endpoints.id', 'webhook_endpoints.name'])
    .where('webhook_endpoints.reseller_id', '=', resellerId)
    .where(
      'webhook_endpoints.client_id',
      'in',
      org.level === 'client' ? [RESELLER_RULE, org.id] : [RESELLER_RULE],
    )
    .orderBy('webhook_endpoints.name')
    .execute();
  return {
    recipient_choices: users.flatMap((u) => (u.email ? [{ name: u.name, email: u.email }] : [])),
    webhook_choices: endpoints.map((e) => ({ id: Number(e.id), name: e.name })),
  };
}

function answer(actor: Actor, org: Org, s: Stored, c: Choices): AlertRuleAnswer {
  const source = s.own ? 'own' : s.reseller ? 'reseller' : 'default';
  return {
    level: org.level,
    id: org.id,
    name: org.name,
    rule: s.own ?? s.reseller ?? DEFAULT_ALERT_RULE,
    source,
    can_edit: actor.rights.has('manage_alerts'),
    ...c,
  };
}

/** GET a reseller's or a client's rule with where it comes from. */
export async function orgAlertRule(
  db: Kysely<Database>,
  actor: Actor,
  level: Level,
  rawId: string,
): Promise<AlertRuleAnswer> {
  const org = await loadOrg(db, actor, level, rawId);
  return answer(actor, org, await storedRules(db, actor, org), await choices(db, actor, org));
}

/** POST a reseller's or a client's rule, or null to drop its own; audited with old and new. */
export async function saveOrgAlertRule(
  ctx: Pick<AppContext, 'dbh' | 'clock'>,
  actor: Actor,
  level: Level,
  rawId: string,
  body: SaveAlertRuleBody,
  ip: string,
): Promise<AlertRuleAnswer> {
  const db = ctx.dbh.db;
  const org = await loadOrg(db, actor, level, rawId);
  const resellerId = org.resellerId ?? org.id;
  const clientId = org.level === 'client' ? org.id : RESELLER_RULE;
  const now = ctx.clock.now();
  const c = await choices(db, actor, org);
  if (body.rule && body.rule.routing.webhooks === 'chosen') {
    const known = new Set(c.webhook_choices.map((e) => e.id));
    if (body.rule.routing.webhook_ids.some((id) => !known.has(id))) {
      const problem =
        org.level === 'client'
          ? "Choose among the reseller's and this client's own webhook endpoints."
          : "Choose among this reseller's own webhook endpoints.";
      throw new BadRequestError(problem, { 'rule.routing.webhook_ids': problem });
    }
  }
  const before = await storedRules(db, actor, org);
  await db.transaction().execute(async (trx) => {
    const s = scoped(trx, actor, {
      id: org.id,
      reseller_id: resellerId,
      ...(org.level === 'client' ? { client_id: org.id } : {}),
    });
    if (body.rule === null) {
      await s
        .deleteFrom('alert_rules')
        .where('alert_rules.reseller_id', '=', resellerId)
        .where('alert_rules.client_id', '=', clientId)
        .execute();
    } else {
      const rule = JSON.stringify(body.rule);
      await s
        .insertInto('alert_rules')
        .values({
          reseller_id: resellerId,
          client_id: clientId,
          rule,
          updated_at: now,
          updated_by: actor.userId,
        })
        .onConflict((oc) =>
          oc
            .columns(['reseller_id', 'client_id'])
            .doUpdateSet({ rule, updated_at: now, updated_by: actor.userId }),
        )
        .execute();
    }
    await audit(trx, now, {
      actor,
      action: 'alerts.rule',
      targetType: 'organisation',
      targetId: org.id,
      details: { level: org.level, name: org.name, old: before.own, new: body.rule },
      ip,
    });
  });
  return answer(actor, org, await storedRules(db, actor, org), c);
}
