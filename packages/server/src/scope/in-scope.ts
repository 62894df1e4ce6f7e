import type { OrgKind, TenantObject } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import { type Kysely, sql } from 'kysely';
import type { Actor } from './actor';
import { scoped } from './scoped';
import type { TenantTable } from './tenancy';

// The tenancy check route() makes before refusing a right (rights.ts): a call naming another
// tenant's object answers 404 whatever the caller's rights (issue 11.3), so only an object the
// caller sees can be refused with 403. It runs on the refusal path only; an allowed call's
// objects are loaded in scope by its handler as always.

interface Where {
  table: TenantTable;
  column: string;
  /** For organisations: the kind the slot names. */
  kind?: OrgKind;
  /** The id is the part of the value before the first '-' (`{systemId}-{resultId}`). */
  prefix?: true;
  /** The column a value that is not a number names the object by (an appliance's serial). */
  byText?: string;
}

const WHERE: Record<TenantObject, Where> = {
  system: { table: 'protected_systems', column: 'id' },
  rb_system: { table: 'protected_systems', column: 'id' },
  autoverify_image: { table: 'protected_systems', column: 'id', prefix: true },
  appliance: { table: 'appliances', column: 'id', byText: 'sid' },
  vault: { table: 'vaults', column: 'id' },
  organisation: { table: 'organisations', column: 'id' },
  reseller: { table: 'organisations', column: 'id', kind: 'reseller' },
  client: { table: 'organisations', column: 'id', kind: 'client' },
  user: { table: 'users', column: 'id' },
  operation: { table: 'operations', column: 'id' },
  share: { table: 'cifs_shares', column: 'id' },
  cloud_share: { table: 'download_sessions', column: 'id' },
  download: { table: 'download_sessions', column: 'token' },
  file_mount: { table: 'file_mounts', column: 'token' },
  job: { table: 'job_history', column: 'id' },
  backup_job: { table: 'jobs', column: 'id' },
  restore_point: { table: 'restore_points', column: 'id' },
  rb_restore_point: { table: 'restore_points', column: 'id' },
  ftps_export: { table: 'ftps_exports', column: 'id' },
  ftps_export_uuid: { table: 'ftps_exports', column: 'uuid' },
  azure_job: { table: 'azure_jobs', column: 'id' },
  report: { table: 'reports', column: 'id' },
  report_definition: { table: 'report_definitions', column: 'id' },
  update_schedule: { table: 'update_schedules', column: 'id' },
  failover: { table: 'failovers', column: 'id' },
  runbook: { table: 'runbooks', column: 'id' },
  ipsec_site: { table: 'ipsec_sites', column: 'id' },
  backup_source: { table: 'backup_sources', column: 'id' },
  alert: { table: 'alerts', column: 'id' },
  alert_snooze: { table: 'alert_snoozes', column: 'id' },
  webhook_endpoint: { table: 'webhook_endpoints', column: 'id' },
  webhook_delivery: { table: 'webhook_deliveries', column: 'id' },
  role: { table: 'roles', column: 'id' },
};

/**
 * Whether the object `value` names is one the actor sees. A number 0 or below names no object
 * (the spec's "0: all" in a path): nothing to hide, so it counts as seen.
 */
export async function seesObject(
  db: Kysely<Database>,
  actor: Actor,
  kind: TenantObject,
  value: unknown,
): Promise<boolean> {
  const w = WHERE[kind];
  let v: string | number;
  let column = w.column;
  const raw = w.prefix ? String(value).split('-')[0] : String(value);
  if (w.column === 'id' && /^-?\d{1,15}$/.test(raw ?? '')) {
    v = Number(raw);
    if (v <= 0) return true;
  } else if (w.column === 'id' && !w.byText) {
    return false;
  } else {
    column = w.column === 'id' ? (w.byText as string) : w.column;
    if (typeof value !== 'string' || value.length === 0 || value.length > 200) return false;
    v = value;
  }
  // Dynamic table and column from the map above; scoped() adds the tenant's condition by itself.
  const q = scoped(db, actor)
    .selectFrom(w.table as 'organisations')
    .select(sql<number>`1`.as('one'))
    .where(sql.ref(`${w.table}.${column}`), '=', v)
    .$if(w.kind !== undefined, (q) => q.where(sql.ref(`${w.table}.kind`), '=', w.kind));
  return (await q.executeTakeFirst()) !== undefined;
}
