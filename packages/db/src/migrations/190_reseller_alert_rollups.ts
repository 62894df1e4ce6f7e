import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect';

// The fleet home ranks every reseller by its open alerts (issue 27.5; docs/decisions.md 'Fleet
// home: open alerts counted per reseller'). Counting them per request grew with the open alerts of
// the whole platform; these per-reseller counters are kept by triggers on alerts, in the same
// transaction as each opening, resolving, reopening or deletion (the evaluation, the API, the
// tests), as the rollups of migration 009 are: several processes and instances on one database
// read the same figures, and a transaction that rolls back takes its counts back with it. Only a
// change of resolved_at, severity or reseller_id fires the update trigger, so the evaluation's
// updates of count and last_seen_at cost nothing more.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against an untyped schema
type Db = Kysely<any>;

/** Add (1) or take away (-1) what the alert row `r` (NEW/OLD) counts: only while it is open. */
function apply(r: string, sign: 1 | -1): string {
  const s = sign === 1 ? '' : '-';
  return (
    'insert into reseller_alert_rollups (reseller_id, open_alerts, critical_alerts) ' +
    `select ${r}.reseller_id, ${s}1, ${s}(case when ${r}.severity = 'critical' then 1 else 0 end) ` +
    `where ${r}.resolved_at is null ` +
    'on conflict (reseller_id) do update set ' +
    'open_alerts = reseller_alert_rollups.open_alerts + excluded.open_alerts, ' +
    'critical_alerts = reseller_alert_rollups.critical_alerts + excluded.critical_alerts'
  );
}

const WATCHED = ['resolved_at', 'severity', 'reseller_id'];

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('reseller_alert_rollups')
    .addColumn('reseller_id', 'bigint', (c) => c.primaryKey())
    .addColumn('open_alerts', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('critical_alerts', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql
    .raw(
      'insert into reseller_alert_rollups (reseller_id, open_alerts, critical_alerts) ' +
        "select reseller_id, count(*), sum(case when severity = 'critical' then 1 else 0 end) " +
        'from alerts where resolved_at is null group by reseller_id',
    )
    .execute(db);

  if (dialectOf(db) === 'sqlite') {
    const changed = WATCHED.map((c) => `old.${c} is not new.${c}`).join(' or ');
    const trigger = (name: string, event: string, when: string, body: string[]) =>
      sql
        .raw(
          `create trigger ${name} after ${event} on alerts for each row when ${when} begin ${body.map((b) => `${b};`).join(' ')} end`,
        )
        .execute(db);
    await trigger('alerts_rollup_insert', 'insert', 'new.resolved_at is null', [apply('new', 1)]);
    await trigger('alerts_rollup_delete', 'delete', 'old.resolved_at is null', [apply('old', -1)]);
    await trigger('alerts_rollup_update', `update of ${WATCHED.join(', ')}`, changed, [
      apply('old', -1),
      apply('new', 1),
    ]);
    return;
  }
  const changed = WATCHED.map((c) => `old.${c} is distinct from new.${c}`).join(' or ');
  await sql
    .raw(
      'create or replace function lb_alert_rollup() returns trigger language plpgsql as $$ begin ' +
        `if tg_op in ('UPDATE', 'DELETE') then ${apply('old', -1)}; end if; ` +
        `if tg_op in ('UPDATE', 'INSERT') then ${apply('new', 1)}; end if; ` +
        'return null; end $$',
    )
    .execute(db);
  await sql
    .raw(
      'create trigger alerts_rollup_insert_delete after insert or delete on alerts for each row execute function lb_alert_rollup()',
    )
    .execute(db);
  await sql
    .raw(
      `create trigger alerts_rollup_update after update of ${WATCHED.join(', ')} on alerts for each row when (${changed}) execute function lb_alert_rollup()`,
    )
    .execute(db);
}

export async function down(db: Db): Promise<void> {
  if (dialectOf(db) === 'sqlite') {
    for (const t of ['alerts_rollup_insert', 'alerts_rollup_delete', 'alerts_rollup_update'])
      await sql.raw(`drop trigger if exists ${t}`).execute(db);
  } else {
    await sql.raw('drop trigger if exists alerts_rollup_insert_delete on alerts').execute(db);
    await sql.raw('drop trigger if exists alerts_rollup_update on alerts').execute(db);
    await sql.raw('drop function if exists lb_alert_rollup()').execute(db);
  }
  await db.schema.dropTable('reseller_alert_rollups').execute();
}
