import { type Kysely, sql } from 'kysely';

// Indexes of the device inventory (spec: inventory-reports-exports-security 2, 9). Lists are
// ordered by (name_lc, id) and paged by keyset; every scope (platform, reseller, client) needs
// an index that starts with its condition and continues with that order. The virtualized tabs
// are a small slice of the fleet, so partial indexes keep them cheap at any scope.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against an untyped schema
type Db = Kysely<any>;

const VIRTUALIZED = sql<boolean>`sva_job_status is not null`;

export async function up(db: Db): Promise<void> {
  const index = (name: string, cols: string[]) =>
    db.schema.createIndex(name).on('protected_systems').columns(cols);
  // The provider's staff list the whole platform by name, optionally by type.
  await index('ps_name', ['name_lc']).execute();
  await index('ps_type_name', ['device_type', 'name_lc']).execute();
  await index('ps_client_type', ['client_id', 'device_type', 'name_lc']).execute();
  await index('ps_virt_all', ['name_lc']).where(VIRTUALIZED).execute();
  await index('ps_virt_reseller', ['reseller_id', 'name_lc']).where(VIRTUALIZED).execute();
  await index('ps_virt_client', ['client_id', 'name_lc']).where(VIRTUALIZED).execute();
}

export async function down(db: Db): Promise<void> {
  for (const name of [
    'ps_name',
    'ps_type_name',
    'ps_client_type',
    'ps_virt_all',
    'ps_virt_reseller',
    'ps_virt_client',
  ])
    await db.schema.dropIndex(name).execute();
}
