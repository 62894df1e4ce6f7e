import {
  type AlertListAnswer,
  type AlertRow,
  type AlertSubjectType,
  type AlertTimelineAnswer,
  type alertListQuery,
  alertStateOf,
  capCount,
  type FleetResellersAnswer,
  type fleetResellersQuery,
  LIST_COUNT_CAP,
  TABLE_ROWS_DEFAULT,
} from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import { type Compilable, type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import { NotFoundError } from '../../http/errors';
import { type Actor, findInScope, findOrgInScope, parseId, scoped } from '../../scope';
import { readQuiet } from './quiet';

// The Alerts page, an alert's timeline and the fleet home (issue 27.5). Everything is read
// through scoped(): a reseller sees its clients' alerts, a client's users their own, a
// distributor its resellers', the provider's staff all. Pages are keyset-free offsets over the
// (reseller_id | client_id, opened_at, id) indexes of migration 090; totals stop at the cap.

type Query = z.output<typeof alertListQuery>;

const ALERT_COLUMNS = [
  'a.id',
  'a.condition',
  'a.severity',
  'a.subject_type',
  'a.subject_id',
  'a.subject_name',
  'a.client_id',
  'a.reseller_id',
  'a.summary',
  'a.opened_at',
  'a.last_seen_at',
  'a.count',
  'a.resolved_at',
  'a.acknowledged_at',
  'a.acknowledged_by_name',
  'c.name as client_name',
] as const;

type AlertSelect = {
  id: number;
  condition: string;
  severity: string;
  subject_type: AlertSubjectType;
  subject_id: number;
  subject_name: string;
  client_id: number;
  reseller_id: number;
  summary: string;
  opened_at: number;
  last_seen_at: number;
  count: number;
  resolved_at: number | null;
  acknowledged_at: number | null;
  acknowledged_by_name: string | null;
  client_name: string;
};

const numOrNull = (v: number | null) => (v === null ? null : Number(v));

export function toAlertRow(r: AlertSelect): AlertRow {
  const resolved_at = numOrNull(r.resolved_at);
  const acknowledged_at = numOrNull(r.acknowledged_at);
  return {
    id: Number(r.id),
    condition: r.condition as AlertRow['condition'],
    severity: r.severity as AlertRow['severity'],
    state: alertStateOf({ resolved_at, acknowledged_at }),
    subject_type: r.subject_type,
    subject_id: Number(r.subject_id),
    subject_name: r.subject_name,
    client_id: Number(r.client_id),
    client_name: r.client_name,
    reseller_id: Number(r.reseller_id),
    summary: r.summary,
    opened_at: Number(r.opened_at),
    last_seen_at: Number(r.last_seen_at),
    count: Number(r.count),
    resolved_at,
    acknowledged_at,
    acknowledged_by: r.acknowledged_by_name,
  };
}

/**
 * The total of a page's list: a page that is not full tells it by itself; otherwise the rows are
 * counted up to the cap (countQuery selects at most LIST_COUNT_CAP + 1 of them).
 */
export async function pageTotal(
  db: Kysely<Database>,
  p: { page: number; rows: number; found: number },
  countQuery: () => Compilable,
): Promise<{ count: number; capped: boolean }> {
  if (p.found < p.rows && (p.found > 0 || p.page === 1))
    return { count: (p.page - 1) * p.rows + p.found, capped: false };
  const r = await sql<{ n: number | string }>`select count(*) as n from (${countQuery()}) as capped`.execute(
    db,
  );
  return capCount(Number(r.rows[0]?.n ?? 0), LIST_COUNT_CAP);
}

/** A client filter's id: a client the actor sees, or 404. */
async function clientFilter(db: Kysely<Database>, actor: Actor, raw: string): Promise<number> {
  const org = await findOrgInScope(db, actor, parseId(raw, 'This client'), 'This client');
  if (org.kind !== 'client') throw new NotFoundError('This client');
  return Number(org.id);
}

/** GET the Alerts page: newest first, filtered in the database. */
export async function listAlerts(db: Kysely<Database>, actor: Actor, q: Query): Promise<AlertListAnswer> {
  const page = q.page ?? 1;
  const rows = q.rows ?? TABLE_ROWS_DEFAULT;
  const clientId = q.client_id === undefined ? undefined : await clientFilter(db, actor, q.client_id);
  const systemId =
    q.system_id === undefined
      ? undefined
      : Number(
          (
            await findInScope(
              db,
              actor,
              'protected_systems',
              parseId(q.system_id, 'This system'),
              'This system',
            )
          ).id,
        );
  const state = q.state ?? 'active';
  const base = () =>
    scoped(db, actor)
      .selectFrom('alerts as a')
      .innerJoin('organisations as c', 'c.id', 'a.client_id')
      .$if(clientId !== undefined, (b) => b.where('a.client_id', '=', clientId as number))
      .$if(systemId !== undefined, (b) =>
        b.where('a.subject_type', '=', 'system').where('a.subject_id', '=', systemId as number),
      )
      .$if(q.condition !== undefined, (b) => b.where('a.condition', '=', q.condition as string))
      .$if(q.severity !== undefined, (b) => b.where('a.severity', '=', q.severity as string))
      .$if(state === 'active', (b) => b.where('a.resolved_at', 'is', null))
      .$if(state === 'open', (b) =>
        b.where('a.resolved_at', 'is', null).where('a.acknowledged_at', 'is', null),
      )
      .$if(state === 'acknowledged', (b) =>
        b.where('a.resolved_at', 'is', null).where('a.acknowledged_at', 'is not', null),
      )
      .$if(state === 'resolved', (b) => b.where('a.resolved_at', 'is not', null));
  const found = await base()
    .select(ALERT_COLUMNS)
    .orderBy('a.opened_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(rows)
    .offset((page - 1) * rows)
    .execute();
  const total = await pageTotal(db, { page, rows, found: found.length }, () =>
    base()
      .select('a.id')
      .limit(LIST_COUNT_CAP + 1),
  );
  const narrowed = state !== 'all' && state !== 'active';
  return {
    content: found.map(toAlertRow),
    records_count: total.count,
    records_count_capped: total.capped,
    empty_desc:
      state === 'active' && !q.condition && !q.severity
        ? 'Nothing needs attention: there is no open alert.'
        : narrowed || q.condition || q.severity || clientId || systemId
          ? 'No alert matches these filters.'
          : 'No alerts yet.',
  };
}

/** One alert in the actor's scope, or 404. */
export async function loadAlert(db: Kysely<Database>, actor: Actor, rawId: string): Promise<AlertSelect> {
  const id = parseId(rawId, 'This alert');
  const a = await scoped(db, actor)
    .selectFrom('alerts as a')
    .innerJoin('organisations as c', 'c.id', 'a.client_id')
    .select(ALERT_COLUMNS)
    .where('a.id', '=', id)
    .executeTakeFirst();
  if (!a) throw new NotFoundError('This alert');
  return a;
}

/** GET an alert and its timeline, with whom each event told. */
export async function alertTimeline(
  db: Kysely<Database>,
  actor: Actor,
  rawId: string,
): Promise<AlertTimelineAnswer> {
  const a = await loadAlert(db, actor, rawId);
  const events = await scoped(db, actor)
    .selectFrom('alert_events as e')
    .select(['e.id', 'e.at', 'e.kind', 'e.detail', 'e.by_name'])
    .where('e.alert_id', '=', Number(a.id))
    .orderBy('e.at')
    .orderBy('e.id')
    .limit(500)
    .execute();
  // The addresses are the reseller's technicians': shown to those who handle alerts only.
  const mails =
    events.length === 0 || !actor.rights.has('manage_alerts')
      ? []
      : await scoped(db, actor)
          .selectFrom('alert_mails as m')
          .select(['m.event_id', 'm.recipients', 'm.status', 'm.sent_at'])
          .where('m.alert_id', '=', Number(a.id))
          .orderBy('m.id')
          .execute();
  return {
    alert: toAlertRow(a),
    can_acknowledge:
      actor.rights.has('manage_alerts') && a.resolved_at === null && a.acknowledged_at === null,
    events: events.map((e) => {
      const quiet = readQuiet(e.detail);
      return {
        at: Number(e.at),
        kind: e.kind,
        by: e.by_name,
        note: e.kind === 'acknowledged' ? readNote(e.detail) : null,
        quiet,
        mails: mails
          .filter((m) => Number(m.event_id) === Number(e.id))
          .map((m) => ({
            to: JSON.parse(m.recipients) as string[],
            status: m.status,
            sent_at: numOrNull(m.sent_at),
          })),
      };
    }),
  };
}

/** An acknowledgement's note, stored as the event's detail. */
export function noteDetail(note: string | undefined): string | null {
  return note ? JSON.stringify({ note }) : null;
}
function readNote(detail: string | null): string | null {
  if (!detail) return null;
  try {
    const n = (JSON.parse(detail) as { note?: unknown }).note;
    return typeof n === 'string' ? n : null;
  } catch {
    return null;
  }
}

/**
 * GET the fleet home's resellers: ranked by open alerts, then failing systems (the health
 * rollups' troubled count), then name. One row per reseller: its open alerts from the counters of
 * migration 190 (kept by triggers on alerts), its systems from client_rollups (one row per
 * client; docs/decisions.md 'Fleet home: open alerts counted per reseller').
 */
export async function fleetResellers(
  db: Kysely<Database>,
  actor: Actor,
  q: z.output<typeof fleetResellersQuery>,
): Promise<FleetResellersAnswer> {
  const page = q.page ?? 1;
  const rows = q.rows ?? TABLE_ROWS_DEFAULT;
  const s = scoped(db, actor);
  const health = s
    .selectFrom('client_rollups as r')
    .select((eb) => [
      'r.reseller_id',
      eb.fn.sum<number>('r.h_troubled').as('failing'),
      eb.fn.sum<number>('r.systems').as('systems'),
    ])
    .groupBy('r.reseller_id')
    .as('hr');
  const resellers = () => s.selectFrom('organisations as o').where('o.kind', '=', 'reseller');
  const found = await s
    .selectFrom('organisations as o')
    .where('o.kind', '=', 'reseller')
    .leftJoin('reseller_alert_rollups as oa', 'oa.reseller_id', 'o.id')
    .leftJoin(health, 'hr.reseller_id', 'o.id')
    .select([
      'o.id',
      'o.name',
      sql<number>`coalesce(oa.open_alerts, 0)`.as('open_alerts'),
      sql<number>`coalesce(oa.critical_alerts, 0)`.as('critical_alerts'),
      sql<number>`coalesce(hr.failing, 0)`.as('failing_systems'),
      sql<number>`coalesce(hr.systems, 0)`.as('systems'),
    ])
    .orderBy(sql`coalesce(oa.open_alerts, 0)`, 'desc')
    .orderBy(sql`coalesce(hr.failing, 0)`, 'desc')
    .orderBy('o.name')
    .orderBy('o.id')
    .limit(rows)
    .offset((page - 1) * rows)
    .execute();
  const total = await pageTotal(db, { page, rows, found: found.length }, () =>
    resellers()
      .select('o.id')
      .limit(LIST_COUNT_CAP + 1),
  );
  return {
    content: found.map((r) => ({
      reseller_id: Number(r.id),
      name: r.name,
      open_alerts: Number(r.open_alerts),
      critical_alerts: Number(r.critical_alerts),
      failing_systems: Number(r.failing_systems),
      systems: Number(r.systems),
    })),
    records_count: total.count,
    records_count_capped: total.capped,
    empty_desc: 'No resellers yet.',
  };
}
