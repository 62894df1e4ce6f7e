import { emailRule, nameRule } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import { type Scoped, unscoped } from '../../scope';
import { checkField, FieldErrors } from './save-support';

// The name and contact e-mail of an organisation edited in a dialog (clients, resellers): cleaned,
// required, unique among its siblings (case-insensitive), else field errors.

export interface OrgFieldsInput {
  name: string;
  email?: string;
}

export async function checkOrgFields(
  db: Kysely<Database>,
  input: OrgFieldsInput,
  opts: {
    kind: 'client' | 'reseller';
    /** Siblings: the clients of one reseller, the resellers of one distributor. */
    within: { column: 'reseller_id' | 'distributor_id'; id: number | null };
    exceptId?: number;
  },
): Promise<{ name: string; email: string | null }> {
  const errs = new FieldErrors();
  const name = checkField(errs, 'name', nameRule(`${opts.kind} name`), input.name);
  const email = checkField(errs, 'email', emailRule(), input.email);
  errs.throwIfAny();
  let q = unscoped(db, 'organisation names are unique within their parent, whoever looks')
    .selectFrom('organisations')
    .select('id')
    .where('kind', '=', opts.kind)
    .where('name_lc', '=', name.toLowerCase());
  q =
    opts.within.id === null
      ? q.where(opts.within.column, 'is', null)
      : q.where(opts.within.column, '=', opts.within.id);
  if (opts.exceptId !== undefined) q = q.where('id', '!=', opts.exceptId);
  if (await q.executeTakeFirst()) {
    errs.add('name', `A ${opts.kind} named \u201c${name}\u201d already exists.`);
    errs.throwIfAny();
  }
  return { name, email: email || null };
}

/** Store an edited name (with its lower-cased copy for search) and e-mail. */
export function updateOrgFields(db: Scoped, id: number, f: { name: string; email: string | null }) {
  return db
    .updateTable('organisations')
    .set({ name: f.name, name_lc: f.name.toLowerCase(), email: f.email })
    .where('id', '=', id)
    .execute();
}
