import type { SupportLoginAnswer } from '@lifeboat/contract';
import { sql } from 'kysely';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { NotFoundError } from '../../http/errors';
import { type Actor, scoped } from '../../scope';

// Support logins (spec: dashboard-device-azure 2.1 'External logins open in a new window:
// /vault/login/{id} and /appliance/login/{serial or id}'). No appliance or vault is reachable from
// this console, so the page says honestly what it would open; the attempt is audited. Scope
// first (another tenant's appliance or vault is a 404, issue 11.3), then the right (403).

export async function applianceLogin(
  ctx: AppContext,
  actor: Actor,
  key: string,
  ip: string,
): Promise<SupportLoginAnswer> {
  // A serial (sid) or, when all digits and no serial matches, an id.
  const byId = /^\d{1,15}$/.test(key) ? Number(key) : null;
  const row = await scoped(ctx.dbh.db, actor)
    .selectFrom('appliances as a')
    .select(['a.id', 'a.sid', 'a.name', 'a.online'])
    .where((eb) =>
      byId !== null ? eb.or([eb('a.sid', '=', key), eb('a.id', '=', byId)]) : eb('a.sid', '=', key),
    )
    .orderBy(sql`case when a.sid = ${key} then 0 else 1 end`)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('This appliance');
  await audit(ctx.dbh.db, ctx.clock.now(), {
    actor,
    action: 'appliance.support_login',
    targetType: 'appliance',
    targetId: row.id,
    ip,
  });
  const online = row.online === 1;
  return {
    kind: 'appliance',
    id: row.id,
    name: row.name,
    sid: row.sid,
    online,
    target: `https://${row.sid}.appliance.lifeboat.invalid/`,
    message: online
      ? `Lifeboat would sign you in to the web console of ${row.name} (serial ${row.sid}) with single sign-on. No real appliance is reachable from this installation, so nothing was opened.`
      : `${row.name} (serial ${row.sid}) is offline: its web console cannot be reached until it checks in again.`,
  };
}

export async function vaultLogin(
  ctx: AppContext,
  actor: Actor,
  id: number,
  ip: string,
): Promise<SupportLoginAnswer> {
  const row = await scoped(ctx.dbh.db, actor)
    .selectFrom('vaults as v')
    .select(['v.id', 'v.name', 'v.vault_type'])
    .where('v.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('This vault');
  await audit(ctx.dbh.db, ctx.clock.now(), {
    actor,
    action: 'vault.support_login',
    targetType: 'vault',
    targetId: row.id,
    ip,
  });
  return {
    kind: 'vault',
    id: row.id,
    name: row.name,
    sid: null,
    online: true,
    target: `https://vault-${row.id}.lifeboat.invalid/`,
    message: `Lifeboat would sign you in to the management console of the ${row.vault_type} vault ${row.name} with single sign-on. No real vault is reachable from this installation, so nothing was opened.`,
  };
}
