import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** Small key/value facts about this database (fleet seed, generation time, simulator clock). */
export async function getMeta(db: Kysely<Database>, key: string): Promise<string | null> {
  const row = await db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value ?? null;
}

export async function setMeta(db: Kysely<Database>, key: string, value: string): Promise<void> {
  await db
    .insertInto('meta')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
