import { HEALTH_SEVERITY } from '@lifeboat/contract';
import { type RawBuilder, type SqlBool, sql } from 'kysely';

/**
 * The clients table's health filter (client/empty_table/?health_status=): a client with a system
 * in that health, one probe of its client_rollups row. "Unprotected" also takes the clients with
 * no system at all: nothing of theirs is protected. The dashboard's "Unprotected clients" counts
 * with this same condition, so the figure and its link agree (issue 18.10). `org` is the alias of
 * a scoped organisations row; null for an unknown health.
 */
export function clientHealthCondition(health: string, org: string): RawBuilder<SqlBool> | null {
  if (!(HEALTH_SEVERITY as readonly string[]).includes(health)) return null;
  const id = sql.ref(`${org}.id`);
  const has = sql<SqlBool>`exists (select 1 from client_rollups cr where cr.client_id = ${id} and ${sql.ref(`cr.h_${health.toLowerCase()}`)} > 0)`;
  if (health !== 'UNPROTECTED') return has;
  return sql<SqlBool>`(${has} or not exists (select 1 from client_rollups cr where cr.client_id = ${id} and cr.systems > 0))`;
}
