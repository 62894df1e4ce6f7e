import {
  type DeviceAlertThresholdsAnswer,
  isValidThresholdMinutes,
  type ProtectionSummaryAnswer,
  type SaveAlertThresholdsBody,
  type ThresholdKind,
  type ThresholdSetting,
  thresholdRangeMessage,
  thresholdScale,
} from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { BadRequestError } from '../../http/errors';
import { type Actor, scoped, thresholdsOf } from '../../scope';
import { type Device, isNas } from './device';
import { rejudgeHealth } from './rejudge';
import { thresholdSetting } from './threshold-setting';

// A device's alert thresholds: the system's own rows, else its client's, its reseller's, or the
// built-in default (recovery-flow 9). The protection summary shows them; alert settings save
// the system's own rows (docs/decisions.md 'Devices').

const NAMES: Record<ThresholdKind, string> = {
  server: 'Backups',
  workstation: 'Backups',
  local_cache: 'Local cache',
};

/** NAS boxes are judged like servers (as the simulator's health evaluation does). */
export const backupKind = (d: Device): 'server' | 'workstation' =>
  d.device_type === 'workstation' ? 'workstation' : 'server';

export const deviceKinds = (d: Device): ThresholdKind[] =>
  isNas(d) ? [backupKind(d)] : [backupKind(d), 'local_cache'];

export async function deviceThresholds(
  db: Kysely<Database>,
  actor: Actor,
  d: Device,
): Promise<ThresholdSetting[]> {
  const kinds = deviceKinds(d);
  // The system's own rows and those of its client and reseller (the condition thresholdsOf adds).
  const rows = await scoped(db, actor)
    .within(thresholdsOf(d))
    .selectFrom('thresholds')
    .select(['scope_kind', 'kind', 'minutes', 'enabled'])
    .where('kind', 'in', kinds)
    .execute();
  return kinds.map((kind) => {
    const at = (s: 'system' | 'client' | 'reseller') =>
      rows.find((r) => r.scope_kind === s && r.kind === kind);
    return thresholdSetting(kind, NAMES[kind], at('system'), at('client') ?? at('reseller'));
  });
}

export async function protectionSummary(
  db: Kysely<Database>,
  actor: Actor,
  d: Device,
): Promise<ProtectionSummaryAnswer> {
  return {
    ok: true,
    lang: {
      title: 'Protection summary',
      enabled: 'Alert after',
      disabled: 'Alerts off',
      inherited: 'Inherited',
    },
    thresholds: await deviceThresholds(db, actor, d),
  };
}

export async function alertThresholds(
  db: Kysely<Database>,
  actor: Actor,
  d: Device,
): Promise<DeviceAlertThresholdsAnswer> {
  return {
    ok: true,
    is_d2c: d.appliance_id === null,
    appliance_id: d.appliance_id === null ? null : Number(d.appliance_id),
    thresholds: await deviceThresholds(db, actor, d),
  };
}

const asFlag = (v: unknown) => v === true || v === 1 || v === '1';

function parseMinutes(raw: unknown, kind: ThresholdKind, field: string): number {
  const scale = thresholdScale(kind);
  const text = String(raw ?? '').trim();
  const minutes = /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
  if (!isValidThresholdMinutes(minutes, scale)) {
    const message = thresholdRangeMessage(scale);
    throw new BadRequestError(message, { [field]: message });
  }
  return minutes;
}

/** Save the system's own thresholds (validated first: a bad value changes nothing). */
export async function saveThresholds(
  ctx: AppContext,
  actor: Actor,
  d: Device,
  body: SaveAlertThresholdsBody,
  ip: string,
): Promise<DeviceAlertThresholdsAnswer> {
  const values: { kind: ThresholdKind; minutes: number; enabled: 0 | 1 }[] = [
    {
      kind: backupKind(d),
      minutes: parseMinutes(body.backup_minutes, backupKind(d), 'backup_minutes'),
      enabled: asFlag(body.backup_enabled) ? 1 : 0,
    },
  ];
  if (!isNas(d) && body.local_cache_minutes !== undefined)
    values.push({
      kind: 'local_cache',
      minutes: parseMinutes(body.local_cache_minutes, 'local_cache', 'local_cache_minutes'),
      enabled: body.local_cache_enabled === undefined || asFlag(body.local_cache_enabled) ? 1 : 0,
    });
  // Audited with the old and new value (issue 17.7), each with where it came from.
  const brief = (t: ThresholdSetting) => ({
    kind: t.kind,
    minutes: t.minutes,
    enabled: t.enabled,
    from: t.inherited_from ?? 'system',
  });
  const old = (await deviceThresholds(ctx.dbh.db, actor, d)).map(brief);
  await ctx.dbh.db.transaction().execute(async (trx) => {
    for (const v of values)
      await scoped(trx, actor, d)
        .insertInto('thresholds')
        .values({ scope_kind: 'system', scope_id: Number(d.id), ...v })
        .onConflict((oc) =>
          oc
            .columns(['scope_kind', 'scope_id', 'kind'])
            .doUpdateSet({ minutes: v.minutes, enabled: v.enabled }),
        )
        .execute();
    const backup = values[0] as (typeof values)[number];
    await rejudgeHealth(
      trx,
      actor,
      d,
      { minutes: backup.minutes, enabled: backup.enabled === 1 },
      ctx.clock.now(),
    );
    await audit(trx, ctx.clock.now(), {
      actor,
      action: 'device.thresholds.save',
      targetType: 'protected_system',
      targetId: Number(d.id),
      details: { name: d.name, values, old, new: (await deviceThresholds(trx, actor, d)).map(brief) },
      ip,
    });
  });
  return alertThresholds(ctx.dbh.db, actor, d);
}
