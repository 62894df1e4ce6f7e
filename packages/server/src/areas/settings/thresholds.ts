import {
  isValidThresholdMinutes,
  type OrgThresholdsAnswer,
  type SaveOrgThresholdsBody,
  SETTINGS_THRESHOLD_KINDS,
  type ThresholdKind,
  type ThresholdSetting,
  thresholdRangeMessage,
  thresholdScale,
} from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { BadRequestError, NotFoundError } from '../../http/errors';
import { type Actor, parseId, scoped } from '../../scope';
import { thresholdSetting } from '../devices/threshold-setting';

// A reseller's or a client's own alert thresholds (issue 17.4): each value is this level's own
// row, else the reseller's above a client, else the built-in default (recovery-flow 9). Systems
// read the same rows through resolveThreshold and areas/devices/thresholds.ts.

export type Level = 'reseller' | 'client';
export interface Org {
  level: Level;
  id: number;
  name: string;
  resellerId: number | null;
}

const NAMES: Record<ThresholdKind, string> = {
  server: 'Server backups',
  workstation: 'Workstation backups',
  local_cache: 'Local cache',
};

export async function loadOrg(db: Kysely<Database>, actor: Actor, level: Level, rawId: string): Promise<Org> {
  const what = level === 'reseller' ? 'This reseller' : 'This client';
  const id = parseId(rawId, what);
  const row = await scoped(db, actor)
    .selectFrom('organisations')
    .select([
      'organisations.id',
      'organisations.name',
      'organisations.reseller_id',
      'organisations.parent_id',
    ])
    .where('organisations.id', '=', id)
    .where('organisations.kind', '=', level)
    .executeTakeFirst();
  if (!row) throw new NotFoundError(what);
  const resellerId = level === 'client' ? Number(row.reseller_id ?? row.parent_id) : null;
  return { level, id, name: row.name, resellerId };
}

type Row = { scope_kind: string; kind: string; minutes: number | string; enabled: number };

async function rowsOf(db: Kysely<Database>, actor: Actor, org: Org): Promise<Row[]> {
  return scoped(db, actor)
    .selectFrom('thresholds')
    .select(['thresholds.scope_kind', 'thresholds.kind', 'thresholds.minutes', 'thresholds.enabled'])
    .where((e) => {
      const own = e.and([e('thresholds.scope_kind', '=', org.level), e('thresholds.scope_id', '=', org.id)]);
      if (org.resellerId === null) return own;
      return e.or([
        own,
        e.and([e('thresholds.scope_kind', '=', 'reseller'), e('thresholds.scope_id', '=', org.resellerId)]),
      ]);
    })
    .execute();
}

function settingsOf(org: Org, rows: Row[]): ThresholdSetting[] {
  return SETTINGS_THRESHOLD_KINDS.map((kind) => {
    const own = rows.find((r) => r.scope_kind === org.level && r.kind === kind);
    const above =
      org.level === 'client' ? rows.find((r) => r.scope_kind === 'reseller' && r.kind === kind) : undefined;
    return thresholdSetting(kind, NAMES[kind], own, above);
  });
}

export async function orgThresholds(
  db: Kysely<Database>,
  actor: Actor,
  level: Level,
  rawId: string,
): Promise<OrgThresholdsAnswer> {
  const org = await loadOrg(db, actor, level, rawId);
  return {
    ok: true,
    level,
    id: org.id,
    name: org.name,
    thresholds: settingsOf(org, await rowsOf(db, actor, org)),
  };
}

/** Save (or drop, to inherit again) this level's own values; validated first, audited old and new. */
export async function saveOrgThresholds(
  ctx: AppContext,
  actor: Actor,
  level: Level,
  rawId: string,
  body: SaveOrgThresholdsBody,
  ip: string,
): Promise<OrgThresholdsAnswer> {
  const { db } = ctx.dbh;
  const org = await loadOrg(db, actor, level, rawId);
  for (const v of body.thresholds) {
    const scale = thresholdScale(v.kind);
    if (!v.inherit && !isValidThresholdMinutes(v.minutes, scale)) {
      const message = thresholdRangeMessage(scale);
      throw new BadRequestError(message, { [`${v.kind}_minutes`]: message });
    }
  }
  const old = settingsOf(org, await rowsOf(db, actor, org));
  await db.transaction().execute(async (trx) => {
    for (const v of body.thresholds) {
      if (v.inherit) {
        await scoped(trx, actor)
          .deleteFrom('thresholds')
          .where('thresholds.scope_kind', '=', level)
          .where('thresholds.scope_id', '=', org.id)
          .where('thresholds.kind', '=', v.kind)
          .execute();
        continue;
      }
      const values = { minutes: v.minutes, enabled: v.enabled ? (1 as const) : (0 as const) };
      await scoped(trx, actor, { id: org.id })
        .insertInto('thresholds')
        .values({ scope_kind: level, scope_id: org.id, kind: v.kind, ...values })
        .onConflict((oc) => oc.columns(['scope_kind', 'scope_id', 'kind']).doUpdateSet(values))
        .execute();
    }
    const now = settingsOf(org, await rowsOf(trx, actor, org));
    const brief = (s: ThresholdSetting) => ({
      kind: s.kind,
      minutes: s.minutes,
      enabled: s.enabled,
      from: s.inherited_from ?? level,
    });
    await audit(trx, ctx.clock.now(), {
      actor,
      action: 'settings.thresholds',
      targetType: level,
      targetId: org.id,
      details: { name: org.name, old: old.map(brief), new: now.map(brief) },
      ip,
    });
  });
  return orgThresholds(db, actor, level, rawId);
}
