import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import { dialectOf } from '../dialect';

// The cloud virtual office (issue 16; spec: recovery-flow 3 'Failover setup', 'Runbook'; 4
// 'Failover'). failovers: one virtual office per start (test or production, with or without a
// runbook), its phase, auto-stop and approval; failover_systems: the systems it boots, their
// order, state and address; runbooks and runbook_systems: the saved plans of the runbooks page.
// organisations.failover_approval: a reseller's production failovers need a second person.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against an untyped schema
type Db = Kysely<any>;

const nn = (c: ColumnDefinitionBuilder) => c.notNull();

function withId(db: Db, name: string): CreateTableBuilder<string, 'id'> {
  const base = db.schema.createTable(name);
  return dialectOf(db) === 'postgres'
    ? base.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : base.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('organisations')
    .addColumn('failover_approval', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await withId(db, 'runbooks')
    .addColumn('reseller_id', 'bigint', nn)
    .addColumn('client_id', 'bigint', nn)
    .addColumn('name', 'text', nn)
    .addColumn('vo_type', 'text', nn)
    .addColumn('appliance_id', 'bigint')
    .addColumn('gateway', 'text', nn)
    .addColumn('netmask', 'text', nn)
    // scrypt hash of the runbook's password; null when it has none.
    .addColumn('password_hash', 'text')
    .addColumn('created_by', 'bigint')
    .addColumn('created_at', 'bigint', nn)
    .addColumn('updated_at', 'bigint', nn)
    .execute();
  await db.schema
    .createIndex('runbooks_tenant')
    .on('runbooks')
    .columns(['reseller_id', 'client_id'])
    .execute();

  await withId(db, 'runbook_systems')
    .addColumn('runbook_id', 'bigint', (c) => c.notNull().references('runbooks.id').onDelete('cascade'))
    .addColumn('reseller_id', 'bigint', nn)
    .addColumn('client_id', 'bigint', nn)
    .addColumn('system_id', 'bigint', (c) =>
      c.notNull().references('protected_systems.id').onDelete('cascade'),
    )
    .addColumn('group_no', 'integer', nn)
    .addColumn('position', 'integer', nn)
    .addColumn('delay_seconds', 'integer', nn)
    .addColumn('ip_address', 'text', nn)
    .execute();
  await db.schema.createIndex('runbook_systems_runbook').on('runbook_systems').column('runbook_id').execute();

  await withId(db, 'failovers')
    .addColumn('reseller_id', 'bigint', nn)
    .addColumn('client_id', 'bigint', nn)
    .addColumn('appliance_id', 'bigint')
    .addColumn('vo_type', 'text', nn)
    .addColumn('type', 'text', nn)
    .addColumn('phase', 'text', nn)
    .addColumn('runbook_id', 'bigint')
    .addColumn('runbook_name', 'text')
    .addColumn('gateway', 'text', nn)
    .addColumn('netmask', 'text', nn)
    .addColumn('dns_server', 'text')
    .addColumn('services', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('reason', 'text')
    .addColumn('stop_after_minutes', 'integer')
    .addColumn('stop_at', 'bigint')
    .addColumn('office_address', 'text')
    .addColumn('message', 'text')
    .addColumn('percent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('step', 'text')
    .addColumn('operation_id', 'bigint')
    .addColumn('requested_by', 'bigint')
    .addColumn('requested_by_name', 'text', nn)
    .addColumn('approval_expires_at', 'bigint')
    .addColumn('decided_by', 'bigint')
    .addColumn('decided_by_name', 'text')
    .addColumn('created_at', 'bigint', nn)
    .addColumn('started_at', 'bigint')
    .addColumn('ended_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('failovers_tenant')
    .on('failovers')
    .columns(['reseller_id', 'client_id', 'created_at'])
    .execute();
  await db.schema.createIndex('failovers_phase').on('failovers').columns(['phase', 'stop_at']).execute();

  await withId(db, 'failover_systems')
    .addColumn('failover_id', 'bigint', (c) => c.notNull().references('failovers.id').onDelete('cascade'))
    .addColumn('reseller_id', 'bigint', nn)
    .addColumn('client_id', 'bigint', nn)
    .addColumn('system_id', 'bigint', (c) =>
      c.notNull().references('protected_systems.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', nn)
    .addColumn('os_type', 'text', nn)
    .addColumn('restore_point_id', 'bigint')
    .addColumn('group_no', 'integer', nn)
    .addColumn('position', 'integer', nn)
    .addColumn('delay_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('requested_ip', 'text')
    .addColumn('ip_address', 'text')
    .addColumn('state', 'text', nn)
    .addColumn('started_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('failover_systems_failover')
    .on('failover_systems')
    .column('failover_id')
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('failover_systems').execute();
  await db.schema.dropTable('failovers').execute();
  await db.schema.dropTable('runbook_systems').execute();
  await db.schema.dropTable('runbooks').execute();
  await db.schema.alterTable('organisations').dropColumn('failover_approval').execute();
}
