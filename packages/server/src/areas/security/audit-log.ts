import {
  type AuditLogQuery,
  type AuditRow,
  capCount,
  LIST_COUNT_CAP,
  LIST_PAGE_SIZES,
  parseAuditObject,
} from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import { type Actor, scoped } from '../../scope';

// The audit log page (issue 17.3): every audited action in the actor's scope (staff all, a
// reseller its own and its clients', a client its own), newest first.

export const CSV_MAX_ROWS = 50_000;

type Filters = Omit<AuditLogQuery, 'page' | 'rows'>;
const like = (s: string) => `${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filtered(db: Kysely<Database>, actor: Actor, f: Filters) {
  let q = scoped(db, actor)
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .leftJoin('organisations as o', 'o.id', 'a.organisation_id')
    // The key a call was made with (issue 26.4: audited as made by the key), by its name and prefix.
    .leftJoin('api_keys as k', 'k.id', 'a.api_key_id');
  if (f.search) {
    const s = like(f.search);
    q = q.where((e) => e.or([e('a.action', 'like', s), e(e.fn('lower', ['u.username']), 'like', s)]));
  }
  if (f.user) q = q.where((e) => e(e.fn('lower', ['u.username']), 'like', like(f.user as string)));
  if (f.action) q = q.where('a.action', 'like', like(f.action));
  if (f.object) {
    const { type, id } = parseAuditObject(f.object);
    if (type) q = q.where('a.target_type', '=', type);
    if (id) q = q.where('a.target_id', '=', id);
  }
  if (f.from !== undefined) q = q.where('a.at', '>=', f.from);
  if (f.to !== undefined) q = q.where('a.at', '<', f.to);
  return q;
}

const columns = [
  'a.id',
  'a.at',
  'u.username as user',
  'o.name as organisation',
  'a.action',
  'a.target_type as targetType',
  'a.target_id as targetId',
  'a.details',
  'a.ip',
  'k.name as apiKey',
  'k.prefix as apiKeyPrefix',
] as const;

export async function auditLogPage(db: Kysely<Database>, actor: Actor, q: AuditLogQuery) {
  const page = q.page ?? 1;
  const rows = q.rows ?? LIST_PAGE_SIZES[0];
  const base = filtered(db, actor, q);
  const [content, counted] = await Promise.all([
    base
      .select(columns)
      .orderBy('a.id', 'desc')
      .limit(rows)
      .offset((page - 1) * rows)
      .execute(),
    // Counted up to the cap: a reseller's years of sign-ins are "1,000+", not a scan.
    db
      .selectFrom(
        base
          .select('a.id')
          .limit(LIST_COUNT_CAP + 1)
          .as('c'),
      )
      .select((e) => e.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const { count, capped } = capCount(Number(counted.n));
  return {
    content: content as AuditRow[],
    records_count: count,
    records_count_capped: capped,
    empty_desc: 'No audited actions match.',
  };
}

/** A CSV cell: quoted, and a leading = + - @ neutralised so a spreadsheet never runs it. */
function cell(v: unknown): string {
  let s = v === null || v === undefined ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return `"${s.replace(/"/g, '""')}"`;
}

export async function auditLogCsv(db: Kysely<Database>, actor: Actor, f: Filters): Promise<string> {
  const rows = await filtered(db, actor, f)
    .select(columns)
    .orderBy('a.id', 'desc')
    .limit(CSV_MAX_ROWS)
    .execute();
  const head = [
    'time (UTC)',
    'user',
    'organisation',
    'action',
    'object type',
    'object id',
    'details',
    'address',
    'api key',
  ];
  const lines = [head.map(cell).join(',')];
  for (const r of rows) {
    lines.push(
      [
        new Date(Number(r.at)).toISOString(),
        r.user,
        r.organisation,
        r.action,
        r.targetType,
        r.targetId,
        r.details,
        r.ip,
        r.apiKey === null ? '' : `${r.apiKey} (${r.apiKeyPrefix}…)`,
      ]
        .map(cell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
