import { type Kysely, sql } from 'kysely';

// Approval of production failover is a reseller's opt-in, off by default (docs/decisions.md
// 'Failover approval is opt-in'): a lone on-call technician must be able to bring production up.
// The column's default becomes 0. SQLite cannot change a default in place, so the column is
// rebuilt: a new one, the value kept only for a reseller that chose it in its settings (an audited
// failover.approval_setting), the old one dropped and the new one renamed. Same path on both engines.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against an untyped schema
type Db = Kysely<any>;

async function rebuild(db: Db, fallback: 0 | 1, keepChosen: boolean): Promise<void> {
  await db.schema
    .alterTable('organisations')
    .addColumn('failover_approval_next', 'integer', (c) => c.notNull().defaultTo(fallback))
    .execute();
  const copy = db.updateTable('organisations').set({ failover_approval_next: sql`failover_approval` });
  await (keepChosen
    ? copy.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('audit_log as a')
            .select(sql`1`.as('one'))
            .where('a.action', '=', 'failover.approval_setting')
            .where('a.target_type', '=', 'organisation')
            .whereRef('a.target_id', '=', sql`CAST(organisations.id AS TEXT)`),
        ),
      )
    : copy
  ).execute();
  await db.schema.alterTable('organisations').dropColumn('failover_approval').execute();
  await db.schema
    .alterTable('organisations')
    .renameColumn('failover_approval_next', 'failover_approval')
    .execute();
}

export async function up(db: Db): Promise<void> {
  await rebuild(db, 0, true);
}

export async function down(db: Db): Promise<void> {
  await rebuild(db, 1, false);
}
