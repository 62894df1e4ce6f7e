import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect';

// Rollups of the protected systems (issue 11.10, docs/decisions.md 'Rollups'): per client, per
// appliance and per (client, vault), the counts the dashboard, the appliance table and the vault
// table show. Database triggers keep them in the same transaction as every write to
// protected_systems and system_vaults (the simulator, the generator, the API, the tests), so no
// writer can forget them and several instances on one database read the same figures.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against an untyped schema
type Db = Kysely<any>;

const HEALTH = ['TROUBLED', 'WARNED', 'NORMAL', 'NODATA', 'UNPROTECTED', 'PARKED'] as const;

/** Counted columns, each with its value for one system row `r` (a NEW/OLD row or a table alias). */
const COUNTS = (r: string): [string, string][] => [
  ['systems', '1'],
  ['servers', `case when ${r}.device_type = 'server' then 1 else 0 end`],
  ['workstations', `case when ${r}.device_type = 'workstation' then 1 else 0 end`],
  ['nas', `case when ${r}.device_type = 'nas' then 1 else 0 end`],
  ['cloud_used_bytes', `${r}.cloud_used_bytes`],
  ...HEALTH.map((h): [string, string] => [
    `h_${h.toLowerCase()}`,
    `case when ${r}.health_status = '${h}' then 1 else 0 end`,
  ]),
];

export const ROLLUP_COLUMNS = COUNTS('x').map(([c]) => c);

interface Rollup {
  table: string;
  /** Key columns and their value for the system row `r` (`sv` is system_vaults when `perVault`). */
  keys: (r: string) => [string, string][];
  perVault?: boolean;
  /** Rows of systems without this key are not counted (systems off any appliance). */
  when?: (r: string) => string;
}

const ROLLUPS: Rollup[] = [
  {
    table: 'client_rollups',
    keys: (r) => [
      ['client_id', `${r}.client_id`],
      ['reseller_id', `${r}.reseller_id`],
    ],
  },
  {
    table: 'appliance_rollups',
    keys: (r) => [['appliance_id', `${r}.appliance_id`]],
    when: (r) => `${r}.appliance_id is not null`,
  },
  {
    table: 'client_vault_rollups',
    keys: (r) => [
      ['client_id', `${r}.client_id`],
      ['vault_id', 'sv.vault_id'],
      ['reseller_id', `${r}.reseller_id`],
    ],
    perVault: true,
  },
];

const conflictKey = (t: string) =>
  t === 'client_rollups' ? 'client_id' : t === 'appliance_rollups' ? 'appliance_id' : 'client_id, vault_id';

/**
 * Add (sign 1) or take away (sign -1) the system row `r` from a rollup. `vaultOf` narrows the
 * per-vault rollup to one vault link (the system_vaults triggers); otherwise every link counts.
 */
function apply(t: Rollup, r: string, sign: 1 | -1, from: string | null, vaultOf?: string): string {
  const keys = t.keys(r);
  const counts = COUNTS(r);
  const cols = [...keys.map(([c]) => c), ...counts.map(([c]) => c)].join(', ');
  const values = [
    ...keys.map(([, v]) => (vaultOf && v === 'sv.vault_id' ? vaultOf : v)),
    ...counts.map(([, v]) => (sign === 1 ? `(${v})` : `-(${v})`)),
  ].join(', ');
  const where = [t.when?.(r), t.perVault && !vaultOf ? `sv.system_id = ${r}.id` : null]
    .filter(Boolean)
    .join(' and ');
  const source = t.perVault && !vaultOf ? ' from system_vaults sv' : from ? ` from ${from}` : '';
  const set = counts.map(([c]) => `${c} = ${t.table}.${c} + excluded.${c}`).join(', ');
  // "where true" keeps SQLite from reading ON CONFLICT as a join condition.
  return (
    `insert into ${t.table} (${cols}) select ${values}${source} where ${where || 'true'} ` +
    `on conflict (${conflictKey(t.table)}) do update set ${set}`
  );
}

/** What a system row contributes, added or taken away, to all three rollups. */
const applySystem = (r: string, sign: 1 | -1) => ROLLUPS.map((t) => apply(t, r, sign, null));
// A deleted system's vault links go by cascade, and after that its links are gone: its share of
// the per-vault rollup is taken away BEFORE the delete, while the links are still there (the
// cascaded link deletes then find no system and take nothing twice).
const applyDeleted = (r: string) => ROLLUPS.filter((t) => !t.perVault).map((t) => apply(t, r, -1, null));
const applyDeletedVaults = (r: string) => ROLLUPS.filter((t) => t.perVault).map((t) => apply(t, r, -1, null));

/** One vault link (NEW/OLD of system_vaults): its system's contribution to that (client, vault). */
const applyLink = (link: string, sign: 1 | -1) =>
  apply(ROLLUPS[2] as Rollup, 'ps', sign, `protected_systems ps`, `${link}.vault_id`).replace(
    ' where true',
    ` where ps.id = ${link}.system_id`,
  );

const WATCHED = [
  'client_id',
  'reseller_id',
  'appliance_id',
  'device_type',
  'health_status',
  'cloud_used_bytes',
];

/** Everything from the systems as they are now (the backfill, and rebuildRollups). */
export function rebuildStatements(): string[] {
  const out: string[] = [];
  for (const t of ROLLUPS) {
    out.push(`delete from ${t.table}`);
    const keys = t.keys('ps');
    const counts = COUNTS('ps');
    const cols = [...keys.map(([c]) => c), ...counts.map(([c]) => c)].join(', ');
    const group = keys.map(([, v]) => v).join(', ');
    const from = t.perVault
      ? 'protected_systems ps join system_vaults sv on sv.system_id = ps.id'
      : 'protected_systems ps';
    out.push(
      `insert into ${t.table} (${cols}) select ${group}, ${counts.map(([, v]) => `sum(${v})`).join(', ')} ` +
        `from ${from}${t.when ? ` where ${t.when('ps')}` : ''} group by ${group}`,
    );
  }
  return out;
}

export async function up(db: Db): Promise<void> {
  const counted = (b: CreateTableBuilder<string, string>) =>
    ROLLUP_COLUMNS.reduce<CreateTableBuilder<string, string>>(
      (acc, c) => acc.addColumn(c, 'bigint', (col) => col.notNull().defaultTo(0)),
      b,
    );
  await counted(
    db.schema
      .createTable('client_rollups')
      .addColumn('client_id', 'bigint', (c) => c.primaryKey())
      .addColumn('reseller_id', 'bigint', (c) => c.notNull()),
  ).execute();
  await counted(
    db.schema.createTable('appliance_rollups').addColumn('appliance_id', 'bigint', (c) => c.primaryKey()),
  ).execute();
  await counted(
    db.schema
      .createTable('client_vault_rollups')
      .addColumn('client_id', 'bigint', (c) => c.notNull())
      .addColumn('vault_id', 'bigint', (c) => c.notNull())
      .addColumn('reseller_id', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('client_vault_rollups_pk', ['client_id', 'vault_id']),
  ).execute();
  // A reseller's figures are the sum of its clients' rows.
  await db.schema
    .createIndex('client_rollups_reseller')
    .on('client_rollups')
    .columns(['reseller_id'])
    .execute();
  await db.schema
    .createIndex('client_vault_rollups_reseller')
    .on('client_vault_rollups')
    .columns(['reseller_id', 'vault_id'])
    .execute();
  await db.schema
    .createIndex('client_vault_rollups_vault')
    .on('client_vault_rollups')
    .columns(['vault_id'])
    .execute();

  for (const s of rebuildStatements()) await sql.raw(s).execute(db);
  // The dashboard's feed of failed AutoVerify runs: a reseller's systems' failures of the week,
  // probed per system instead of sorting every failure of the platform.
  await db.schema
    .createIndex('av_failures')
    .on('autoverify_results')
    .columns(['system_id', 'ended_at'])
    .where(sql.ref('status'), '=', 'failure')
    .execute();
  // The whole platform's vault-virtualized tab (VMs running in a vault: no appliance), in name
  // order; ps_virt_all (migration 004) holds every VM and SQLite would rather sort them. The
  // condition is written as the inventory writes it (coalesce: no index on appliance_id tempts
  // the planner), so both engines see that the index covers the query.
  await db.schema
    .createIndex('ps_vault_virt_all')
    .on('protected_systems')
    .columns(['name_lc', 'id'])
    .where(sql<boolean>`sva_job_status is not null and coalesce(appliance_id, 0) = 0`)
    .execute();

  const changed = WATCHED.map((c) => `old.${c} is distinct from new.${c}`).join(' or ');
  if (dialectOf(db) === 'sqlite') {
    const trigger = (name: string, event: string, body: string[], when = '') =>
      sql
        .raw(
          `create trigger ${name} after ${event}${when ? ` when ${when}` : ''} begin ${body.map((s) => `${s};`).join(' ')} end`,
        )
        .execute(db);
    await trigger('ps_rollup_insert', 'insert on protected_systems for each row', applySystem('new', 1));
    await trigger('ps_rollup_delete', 'delete on protected_systems for each row', applyDeleted('old'));
    await sql
      .raw(
        `create trigger ps_rollup_delete_vaults before delete on protected_systems for each row begin ${applyDeletedVaults(
          'old',
        )
          .map((s) => `${s};`)
          .join(' ')} end`,
      )
      .execute(db);
    await trigger(
      'ps_rollup_update',
      `update of ${WATCHED.join(', ')} on protected_systems for each row`,
      [...applySystem('old', -1), ...applySystem('new', 1)],
      changed.replace(/is distinct from/g, 'is not'),
    );
    await trigger('sv_rollup_insert', 'insert on system_vaults for each row', [applyLink('new', 1)]);
    await trigger('sv_rollup_delete', 'delete on system_vaults for each row', [applyLink('old', -1)]);
  } else {
    const fn = (name: string, body: string) =>
      sql
        .raw(
          `create or replace function ${name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`,
        )
        .execute(db);
    const stmts = (list: string[]) => list.map((s) => `${s};`).join(' ');
    await fn(
      'lb_ps_rollup',
      `if tg_op = 'UPDATE' then ${stmts(applySystem('old', -1))} end if; ` +
        `if tg_op = 'DELETE' then ${stmts(applyDeleted('old'))} end if; ` +
        `if tg_op in ('UPDATE', 'INSERT') then ${stmts(applySystem('new', 1))} end if;`,
    );
    await fn(
      'lb_sv_rollup',
      `if tg_op = 'DELETE' then ${stmts([applyLink('old', -1)])} end if; ` +
        `if tg_op = 'INSERT' then ${stmts([applyLink('new', 1)])} end if;`,
    );
    await sql
      .raw(
        `create or replace function lb_ps_rollup_vaults() returns trigger language plpgsql as $$ begin ${stmts(applyDeletedVaults('old'))} return old; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        'create trigger ps_rollup_delete_vaults before delete on protected_systems for each row execute function lb_ps_rollup_vaults()',
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ps_rollup_insert_delete after insert or delete on protected_systems for each row execute function lb_ps_rollup()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ps_rollup_update after update of ${WATCHED.join(', ')} on protected_systems for each row when (${changed}) execute function lb_ps_rollup()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger sv_rollup after insert or delete on system_vaults for each row execute function lb_sv_rollup()`,
      )
      .execute(db);
  }
  // Planner statistics for the new tables and index (SQLite plans with ANALYZE's figures only).
  for (const t of [
    'client_rollups',
    'appliance_rollups',
    'client_vault_rollups',
    'autoverify_results',
    'protected_systems',
  ])
    await sql.raw(`analyze ${t}`).execute(db);
}

export async function down(db: Db): Promise<void> {
  if (dialectOf(db) === 'sqlite') {
    for (const t of [
      'ps_rollup_insert',
      'ps_rollup_delete',
      'ps_rollup_update',
      'sv_rollup_insert',
      'sv_rollup_delete',
    ])
      await sql.raw(`drop trigger if exists ${t}`).execute(db);
  } else {
    await sql.raw('drop trigger if exists ps_rollup_insert_delete on protected_systems').execute(db);
    await sql.raw('drop trigger if exists ps_rollup_update on protected_systems').execute(db);
    await sql.raw('drop trigger if exists ps_rollup_delete_vaults on protected_systems').execute(db);
    await sql.raw('drop function if exists lb_ps_rollup_vaults()').execute(db);
    await sql.raw('drop trigger if exists sv_rollup on system_vaults').execute(db);
    await sql.raw('drop function if exists lb_ps_rollup()').execute(db);
    await sql.raw('drop function if exists lb_sv_rollup()').execute(db);
  }
  await db.schema.dropIndex('av_failures').execute();
  await db.schema.dropIndex('ps_vault_virt_all').execute();
  for (const t of ['client_vault_rollups', 'appliance_rollups', 'client_rollups'])
    await db.schema.dropTable(t).execute();
}
