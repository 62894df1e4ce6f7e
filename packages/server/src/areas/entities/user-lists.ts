import type { EntityListAnswer, EntityListParams, OrgKind, UserRow } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { ForbiddenError, NotFoundError } from '../../http/errors';
import { type Actor, findOrgInScope, scopeKind } from '../../scope';
import { answer, COUNT_LIMIT, offsetOf, one, pageWithTotal, prefixBounds, startsWith } from './list-params';
import { isProviderStaff, userRowFlags } from './permissions';
import { usersInScope } from './scope-conditions';

// The users tab (everyone the actor may see) and the staff's admin users list (the provider's own
// people). Paged by lower(name) on the users_name_lc expression index (migration 006).

type Db = Kysely<Database>;
const nameLc = sql`lower(u.name)`;

/**
 * The page's scope condition. A distributor sees a tenth of the platform's users: its page walks
 * users in name order and checks each one's organisation (the unary plus keeps SQLite from
 * starting at the distributor's thousand organisations and sorting them all): 0.04 ms of SQL on
 * the large fleet instead of 1.1 ms.
 */
function pageScope(actor: Actor): RawBuilder<SqlBool> {
  if (scopeKind(actor) !== 'distributor') return usersInScope(actor);
  return sql<SqlBool>`+o.distributor_id = ${actor.distributorId}`;
}

/**
 * A search finds users whose name starts with it; one with "@" finds them by user name (their
 * e-mail) instead. One indexed range either way, never an OR that collects and sorts thousands.
 */
function searchCondition(search: string): RawBuilder<SqlBool> | null {
  const b = prefixBounds(search);
  if (!b) return null;
  return search.includes('@') ? startsWith(sql.ref('u.username'), b) : startsWith(nameLc, b);
}

async function pageUsers(
  db: Db,
  actor: Actor,
  p: EntityListParams,
  only: { organisationId?: number },
): Promise<EntityListAnswer<UserRow>> {
  // user/empty_table/?reseller_id= (spec: dashboard 2.1): that reseller's and its clients' users.
  let resellerId: number | undefined;
  if (p.reseller_id !== undefined) {
    const r = await findOrgInScope(db, actor, p.reseller_id, 'This reseller');
    if (r.kind !== 'reseller') throw new NotFoundError('This reseller');
    resellerId = r.id;
  }
  const conditions: RawBuilder<SqlBool>[] = [];
  if (only.organisationId !== undefined) conditions.push(sql`u.organisation_id = ${only.organisationId}`);
  if (resellerId !== undefined)
    conditions.push(
      sql`u.organisation_id in (select id from organisations where reseller_id = ${resellerId})`,
    );
  if (p.level !== undefined) conditions.push(sql`u.level = ${p.level}`);
  if (p.status === 'enabled' || p.status === 'disabled')
    conditions.push(sql`u.disabled = ${p.status === 'disabled' ? 1 : 0}`);
  const search = searchCondition(p.search);
  if (search) conditions.push(search);
  let page = db
    .selectFrom('users as u')
    .innerJoin('organisations as o', 'o.id', 'u.organisation_id')
    .where(pageScope(actor));
  // A distributor's count starts from its organisations (0.18 ms instead of 0.4 ms for 1,000+).
  let count =
    scopeKind(actor) === 'distributor'
      ? db
          .selectFrom('users as u')
          .innerJoin('organisations as o', 'o.id', 'u.organisation_id')
          .where('o.distributor_id', '=', actor.distributorId)
      : db.selectFrom('users as u').where(usersInScope(actor));
  for (const c of conditions) {
    page = page.where(c);
    count = count.where(c);
  }
  const { rows, total } = await pageWithTotal(
    db,
    p,
    page
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
    () => count.select(one).limit(COUNT_LIMIT),
  );
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
