import { type DialectName, dialectOf } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import type { Db } from './types';

/** dialectOf for a typed Kysely (or transaction); its parameter is Kysely<unknown>. */
export function dialect(db: Db): DialectName {
  return dialectOf(db as unknown as Kysely<unknown>);
}
