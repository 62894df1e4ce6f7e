import {
  type AlertCondition,
  type AlertRule,
  type AlertSubjectType,
  conditionSummary,
  EXPORT_UNUSED_WARN_MS,
  STORAGE_ALERT_PERCENTS,
} from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import { unscoped } from '../../scope';
import { BATCH, type Observation, type RuleOf } from './observe';

// The conditions about what a client or reseller has besides its systems: storage over the
// rule's percent (an appliance's own disks, a reseller's cloud quota: the dashboard's cloud
// storage levels of spec dashboard 4 and 9; a reseller's private vault, the capacity its vault
// page shows: spec dashboard 2.1), a virtual office running past its planned stop
// (recovery-flow 4 'Failover', auto-stop), an FTPS export about to expire that nobody has logged
// in to (recovery-flow 4 'FTPS export'), and a production failover waiting for its approval.
// Each is one batch reader in the shape of offlineBatch: a keyset on the id over an indexed range
// (primary key, failovers_phase, ftps_exports_due), so memory stays bounded by the batch.

export type RulesOf = (owners: { reseller_id: number; client_id: number }[]) => Promise<RuleOf>;

export interface Batch {
  observations: Observation[];
  /** The last id read; null at the end. */
  lastId: number | null;
  ruleOf: RuleOf;
}

/** One condition's reader: the batch after `afterId` at `now`. */
export type BatchReader = (
  db: Kysely<Database>,
  afterId: number,
  rulesOf: RulesOf,
  now: number,
) => Promise<Batch>;

const why = 'the alerts evaluation reads every tenant';

interface Holding {
  condition: AlertCondition;
  subjectType: AlertSubjectType;
  subjectId: number;
  resellerId: number;
  clientId: number;
  subjectName: string;
  summary?: string;
}

function observation(rule: AlertRule, h: Holding): Observation | null {
  const c = rule.conditions[h.condition];
  if (!c.enabled) return null;
  return {
    condition: h.condition,
    subjectType: h.subjectType,
    subjectId: h.subjectId,
    resellerId: h.resellerId,
    clientId: h.clientId,
    subjectName: h.subjectName,
    severity: c.severity,
    summary: h.summary ?? conditionSummary(h.condition, rule),
  };
}

/** Percent used, one decimal, as the dashboard shows it (0 without a capacity). */
export function percentUsed(used: number, total: number): number {
  return total > 0 ? Math.round((used / total) * 1000) / 10 : 0;
}

const LOWEST_PERCENT = Math.min(...STORAGE_ALERT_PERCENTS);

function finish(
  rows: { id: number | bigint }[],
  ruleOf: RuleOf,
  observations: (Observation | null)[],
): Batch {
  const last = rows.at(-1);
  return {
    observations: observations.filter((o): o is Observation => o !== null),
    lastId: last ? Number(last.id) : null,
    ruleOf,
  };
}

type OwnedRow = { id: number | bigint; reseller_id: number | bigint; client_id: number | bigint };
/** What a row says under its owner's rule (its name and summary), or null when it does not hold. */
type Reading<R> = (row: R, rule: AlertRule) => Pick<Holding, 'subjectName' | 'summary'> | null;

/** A batch of a client's rows, each read under its owner's rule (the rules read at once). */
async function observeRows<R extends OwnedRow>(
  rows: R[],
  rulesOf: RulesOf,
  what: Pick<Holding, 'condition' | 'subjectType'>,
  read: Reading<R>,
): Promise<Batch> {
  const ruleOf = await rulesOf(
    rows.map((r) => ({ reseller_id: Number(r.reseller_id), client_id: Number(r.client_id) })),
  );
  return finish(
    rows,
    ruleOf,
    rows.map((r) => {
      const rule = ruleOf(Number(r.reseller_id), Number(r.client_id));
      const said = read(r, rule);
      return (
        said &&
        observation(rule, {
          ...what,
          subjectId: Number(r.id),
          resellerId: Number(r.reseller_id),
          clientId: Number(r.client_id),
          ...said,
        })
      );
    }),
  );
}

/**
 * Appliances whose own storage is used beyond the rule's percent. Only those past the lowest
 * percent a rule may choose are read (the filter is on the row; the keyset on the primary key).
 */
export const applianceStorageBatch: BatchReader = async (db, afterId, rulesOf) => {
  const rows = await unscoped(db, why)
    .selectFrom('appliances')
    .select(['id', 'reseller_id', 'client_id', 'name', 'storage_used_bytes', 'storage_total_bytes'])
    .where('id', '>', afterId)
    .where('storage_total_bytes', '>', 0)
    .where((eb) =>
      eb(eb('storage_used_bytes', '*', 100), '>=', eb('storage_total_bytes', '*', LOWEST_PERCENT)),
    )
    .orderBy('id')
    .limit(BATCH)
    .execute();
  return observeRows(
    rows,
    rulesOf,
    { condition: 'storage_over_threshold', subjectType: 'appliance' },
    (r, rule) => {
      const percent = percentUsed(Number(r.storage_used_bytes), Number(r.storage_total_bytes));
      if (percent < rule.storage_percent) return null;
      return { subjectName: r.name, summary: `appliance storage over ${rule.storage_percent}% used` };
    },
  );
};

/**
 * Resellers whose cloud storage (the sum of their clients' rollups, as the dashboard's cloud
 * storage item reads it) is used beyond the rule's percent of their quota. The alert belongs to
 * the reseller itself: its client_id is the reseller's id, so no client's user ever sees it.
 */
export const cloudStorageBatch: BatchReader = async (db, afterId, rulesOf) => {
  const u = unscoped(db, why);
  const orgs = await u
    .selectFrom('organisations')
    .select(['id', 'name', 'cloud_quota_bytes'])
    .where('id', '>', afterId)
    .where('kind', '=', 'reseller')
    .where('cloud_quota_bytes', '>', 0)
    .orderBy('id')
    .limit(BATCH)
    .execute();
  const ids = orgs.map((o) => Number(o.id));
  const used =
    ids.length === 0
      ? []
      : await u
          .selectFrom('client_rollups')
          .select((eb) => ['reseller_id', eb.fn.sum<number>('cloud_used_bytes').as('used')])
          .where('reseller_id', 'in', ids)
          .groupBy('reseller_id')
          .execute();
  const usedOf = new Map(used.map((r) => [Number(r.reseller_id), Number(r.used ?? 0)]));
  const ruleOf = await rulesOf(ids.map((id) => ({ reseller_id: id, client_id: 0 })));
  return finish(
    orgs,
    ruleOf,
    orgs.map((o) => {
      const id = Number(o.id);
      const rule = ruleOf(id, 0);
      const percent = percentUsed(usedOf.get(id) ?? 0, Number(o.cloud_quota_bytes));
      if (percent < rule.storage_percent) return null;
      return observation(rule, {
        condition: 'storage_over_threshold',
        subjectType: 'reseller',
        subjectId: id,
        resellerId: id,
        clientId: id,
        subjectName: `${o.name} cloud storage`,
        summary: `cloud storage over ${rule.storage_percent}% of the quota used`,
      });
    }),
  );
};

/**
 * A reseller's private vaults used beyond the rule's percent of their capacity (the provider's
 * shared cloud vaults are the provider's matter: a reseller sees only its quota of them). Like
 * the cloud quota, the alert is the reseller's own: its client_id is the reseller's id.
 */
export const privateVaultBatch: BatchReader = async (db, afterId, rulesOf) => {
  const rows = await unscoped(db, why)
    .selectFrom('vaults')
    .select(['id', 'reseller_id', 'name', 'used_bytes', 'capacity_bytes'])
    .where('id', '>', afterId)
    .where('vault_type', '=', 'private')
    .where('reseller_id', 'is not', null)
    .where('capacity_bytes', '>', 0)
    .where((eb) => eb(eb('used_bytes', '*', 100), '>=', eb('capacity_bytes', '*', LOWEST_PERCENT)))
    .orderBy('id')
    .limit(BATCH)
    .execute();
  // No client has the reseller's id, so its rule is the reseller's own.
  const owned = rows.map((r) => ({
    ...r,
    reseller_id: Number(r.reseller_id),
    client_id: Number(r.reseller_id),
  }));
  return observeRows(
    owned,
    rulesOf,
    { condition: 'storage_over_threshold', subjectType: 'vault' },
    (r, rule) => {
      const percent = percentUsed(Number(r.used_bytes), Number(r.capacity_bytes));
      if (percent < rule.storage_percent) return null;
      return { subjectName: r.name, summary: `private vault storage over ${rule.storage_percent}% used` };
    },
  );
};

const officeName = (type: string, runbook: string | null) =>
  `${type === 'production' ? 'Production' : 'Test'} virtual office${runbook ? ` (${runbook})` : ''}`;

/**
 * Virtual offices still running after their planned stop: the auto-stop time chosen at the start
 * when there is one, otherwise the start plus the rule's hours (a production office has no
 * auto-stop: recovery-flow 4).
 */
export const officeBatch: BatchReader = async (db, afterId, rulesOf, now) => {
  const rows = await unscoped(db, why)
    .selectFrom('failovers')
    .select(['id', 'reseller_id', 'client_id', 'type', 'runbook_name', 'started_at', 'stop_at'])
    .where('phase', '=', 'started')
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(BATCH)
    .execute();
  return observeRows(
    rows,
    rulesOf,
    { condition: 'office_overrunning', subjectType: 'failover' },
    (r, rule) => {
      if (r.started_at === null) return null;
      const planned =
        r.stop_at !== null ? Number(r.stop_at) : Number(r.started_at) + rule.office_hours * 3_600_000;
      if (now <= planned) return null;
      return {
        subjectName: officeName(r.type, r.runbook_name),
        summary:
          r.stop_at !== null
            ? 'virtual office still running after its planned stop'
            : `virtual office running for more than ${rule.office_hours} hours`,
      };
    },
  );
};

/** Production failovers waiting for a second person's approval, within their approval window. */
export const approvalBatch: BatchReader = async (db, afterId, rulesOf, now) => {
  const rows = await unscoped(db, why)
    .selectFrom('failovers')
    .select(['id', 'reseller_id', 'client_id', 'type', 'runbook_name', 'requested_by_name'])
    .where('phase', '=', 'awaiting_approval')
    .where('approval_expires_at', '>', now)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(BATCH)
    .execute();
  return observeRows(
    rows,
    rulesOf,
    { condition: 'failover_approval_waiting', subjectType: 'failover' },
    (r) => ({
      subjectName: `${r.type === 'production' ? 'Production' : 'Test'} failover${r.runbook_name ? ` (${r.runbook_name})` : ''}`,
      summary: `${r.type === 'production' ? 'production ' : ''}failover requested by ${r.requested_by_name} waits for approval`,
    }),
  );
};

/**
 * FTPS exports that expire within EXPORT_UNUSED_WARN_MS while nobody has logged in to them yet:
 * the range of ftps_exports_due (ready, expiring between now and the warning's end).
 */
export const exportBatch: BatchReader = async (db, afterId, rulesOf, now) => {
  const rows = await unscoped(db, why)
    .selectFrom('ftps_exports')
    .select(['id', 'reseller_id', 'client_id', 'name'])
    .where('status', '=', 'ready')
    .where('expires_at', '>', now)
    .where('expires_at', '<=', now + EXPORT_UNUSED_WARN_MS)
    .where('first_login_at', 'is', null)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(BATCH)
    .execute();
  return observeRows(rows, rulesOf, { condition: 'export_unused', subjectType: 'ftps_export' }, (r) => ({
    subjectName: `FTPS export ${r.name}`,
    summary: 'FTPS export expires within a day and nobody has logged in to it',
  }));
};

/** The readers the evaluation walks after the systems, each to its end. */
export const RESOURCE_READERS: readonly BatchReader[] = [
  applianceStorageBatch,
  cloudStorageBatch,
  privateVaultBatch,
  officeBatch,
  approvalBatch,
  exportBatch,
];
