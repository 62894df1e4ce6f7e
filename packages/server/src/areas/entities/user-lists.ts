import type { EntityListAnswer, EntityListParams, OrgKind, UserRow } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import { type Kysely, sql } from 'kysely';
import { ForbiddenError, NotFoundError } from '../../http/errors';
import { type Actor, findOrgInScope } from '../../scope';
import { answer, COUNT_LIMIT, cappedCount, offsetOf, one, prefixBounds, startsWith } from './list-params';
import { isProviderStaff, userRowFlags } from './permissions';
import { usersInScope } from './scope-conditions';

// The users tab (everyone the actor may see) and the staff's admin users list (the provider's own
// people). Paged by lower(name) on the users_name_lc expression index (migration 006).

type Db = Kysely<Database>;
const nameLc = sql`lower(u.name)`;

async function pageUsers(
  db: Db,
  actor: Actor,
  p: EntityListParams,
  only: { organisationId?: number },
): Promise<EntityListAnswer<UserRow>> {
  let base = db.selectFrom('users as u').where(usersInScope(actor));
  if (only.organisationId !== undefined) base = base.where('u.organisation_id', '=', only.organisationId);
  // user/empty_table/?reseller_id= (spec: dashboard 2.1): that reseller's and its clients' users.
  if (p.reseller_id !== undefined) {
    const r = await findOrgInScope(db, actor, p.reseller_id, 'This reseller');
    if (r.kind !== 'reseller') throw new NotFoundError('This reseller');
    base = base.where(
      sql<boolean>`u.organisation_id in (select id from organisations where reseller_id = ${r.id})`,
    );
  }
  if (p.level !== undefined) base = base.where('u.level', '=', p.level);
  if (p.status === 'enabled' || p.status === 'disabled')
    base = base.where('u.disabled', '=', p.status === 'disabled' ? 1 : 0);
  const b = prefixBounds(p.search);
  // Full name or user name (e-mail); each side is an indexed range.
  if (b) base = base.where((eb) => eb.or([startsWith(nameLc, b), startsWith(sql.ref('u.username'), b)]));
  const [rows, total] = await Promise.all([
    base
      .innerJoin('organisations as o', 'o.id', 'u.organisation_id')
      .select([
        'u.id',
        'u.username',
        'u.name',
        'u.email',
        'u.level',
        'u.organisation_id',
        'o.name as organisation_name',
        'o.kind as organisation_kind',
        'u.disabled',
        'u.mfa_enabled',
        'u.created_at',
      ])
      .orderBy(nameLc)
      .orderBy('u.id')
      .limit(p.rows)
      .offset(offsetOf(p))
      .execute(),
    cappedCount(db, base.select(one).limit(COUNT_LIMIT)),
  ]);
  const content = rows.map((r) => ({
    ...r,
    organisation_kind: r.organisation_kind as OrgKind,
    disabled: r.disabled === 1,
    mfa_enabled: r.mfa_enabled === 1,
    ...userRowFlags(actor, r),
  }));
  return answer(p, content, total, p.search ? 'No user matches this search.' : 'No users yet.');
}

export function listUsers(db: Db, actor: Actor, p: EntityListParams): Promise<EntityListAnswer<UserRow>> {
  return pageUsers(db, actor, p, {});
}

/** The provider's own staff (spec: dashboard 6 'an admin users list'). */
export function listAdminUsers(
  db: Db,
  actor: Actor,
  p: EntityListParams,
): Promise<EntityListAnswer<UserRow>> {
  if (!isProviderStaff(actor))
    throw new ForbiddenError('Only the provider\u2019s staff see the admin users.');
  return pageUsers(db, actor, p, { organisationId: actor.organisationId });
}
