import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { ServerDatabase } from './server';
import type { SessionUser } from './session';

// Paths and bodies name ids as {userId}, {organisationId}, {resellerId}, {clientId}. They come
// from the signed-in user; what the session does not say (a client's reseller, a reseller's first
// client) is read from the server's copy of the database.

export interface Ids {
  userId?: number;
  organisationId?: number;
  resellerId?: number;
  clientId?: number;
}

const PLACEHOLDER = /\{(\w+)\}/g;

export const placeholdersIn = (texts: string[]) =>
  new Set(texts.flatMap((t) => [...t.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '')));

export function fill(text: string, ids: Ids): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = ids[name as keyof Ids];
    if (value === undefined) throw new Error(`No value for ${whole} (in "${text}"): pass --${kebab(name)}.`);
    return String(value);
  });
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

type Row = { id: number | null } | undefined;
type Query = (sql: string, params: number[]) => Promise<Row>;

function openLookup(database: ServerDatabase): { query: Query; close(): Promise<void> } {
  if (database.kind === 'sqlite') {
    const db = new SQLite(database.file, { readonly: true, fileMustExist: true });
    return {
      query: async (sql, params) => db.prepare(sql).get(...params) as Row,
      close: async () => {
        db.close();
      },
    };
  }
  const client = new pg.Client({ connectionString: database.url });
  const connected = client.connect();
  return {
    query: async (sql, params) => {
      await connected;
      let i = 0;
      const res = await client.query<{ id: number | null }>(
        sql.replace(/\?/g, () => `$${++i}`),
        params,
      );
      return res.rows[0];
    },
    close: () => client.end(),
  };
}

/** The ids a path may name, for this user; `given` (command-line overrides) wins. */
export async function resolveIds(
  user: SessionUser,
  needed: Set<string>,
  given: Ids,
  database: ServerDatabase,
): Promise<Ids> {
  const ids: Ids = { userId: user.id, organisationId: user.organisationId, ...given };
  const kind = user.organisationKind;
  if (kind === 'reseller') ids.resellerId ??= user.organisationId;
  if (kind === 'client') ids.clientId ??= user.organisationId;
  const wantsReseller = needed.has('resellerId') || needed.has('clientId');
  if (
    (!wantsReseller || ids.resellerId !== undefined) &&
    (!needed.has('clientId') || ids.clientId !== undefined)
  ) {
    return ids;
  }

  const lookup = openLookup(database);
  try {
    if (ids.resellerId === undefined) {
      const row =
        kind === 'client'
          ? await lookup.query('SELECT reseller_id AS id FROM organisations WHERE id = ?', [
              user.organisationId,
            ])
          : // A distributor's (or the provider staff's) first reseller stands in for "a reseller".
            kind === 'distributor'
            ? await lookup.query(
                "SELECT min(id) AS id FROM organisations WHERE kind = 'reseller' AND distributor_id = ?",
                [user.organisationId],
              )
            : await lookup.query("SELECT min(id) AS id FROM organisations WHERE kind = 'reseller'", []);
      if (row?.id != null) ids.resellerId = Number(row.id);
    }
    if (needed.has('clientId') && ids.clientId === undefined && ids.resellerId !== undefined) {
      const row = await lookup.query(
        "SELECT min(id) AS id FROM organisations WHERE kind = 'client' AND reseller_id = ?",
        [ids.resellerId],
      );
      if (row?.id != null) ids.clientId = Number(row.id);
    }
  } finally {
    await lookup.close();
  }
  return ids;
}
