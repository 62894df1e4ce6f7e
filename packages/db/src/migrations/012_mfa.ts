import type { Kysely } from 'kysely';

// MFA (issue 17.1): the last accepted time step (a code is never accepted twice), the hashed
// one-time recovery codes (JSON), and a reseller's demand that all its users and its clients'
// users set MFA up. The secret itself lives in users.mfa_secret_enc (001), encrypted.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against an untyped schema
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('users').addColumn('mfa_last_step', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('mfa_recovery_codes', 'text').execute();
  await db.schema
    .alterTable('organisations')
    .addColumn('require_mfa', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('organisations').dropColumn('require_mfa').execute();
  await db.schema.alterTable('users').dropColumn('mfa_recovery_codes').execute();
  await db.schema.alterTable('users').dropColumn('mfa_last_step').execute();
}
