import { RUNNING_OFFICE_PHASES, type RunningOffice, TABLE_ROWS_DEFAULT } from '@lifeboat/contract';
import type { AppContext } from '../../context';
import { type Actor, type Scoped, scoped } from '../../scope';

// The running virtual offices of the caller's clients (issue 18.8: the dashboard's 'Virtual
// office information' opens them rather than the device list): starting ('new') or up
// ('started'), newest first, paged in the database. Each row links to the client's page,
// where the office panel stops or follows it.

/** The failovers that count as running (the list's rows and the dashboard's count). */
export function runningFailovers(s: Scoped) {
  return s.selectFrom('failovers as f').where('f.phase', 'in', [...RUNNING_OFFICE_PHASES]);
}

/** GET /failover/running_offices. */
export async function runningOffices(
  ctx: AppContext,
  actor: Actor,
  page = 1,
  rows = TABLE_ROWS_DEFAULT,
): Promise<{ offices: RunningOffice[]; total: number; page: number; rows: number }> {
  const s = scoped(ctx.dbh.db, actor);
  const [list, count] = await Promise.all([
    runningFailovers(s)
      .innerJoin('organisations as c', 'c.id', 'f.client_id')
      .select([
        'f.id',
        'f.client_id',
        'c.name as client_name',
        'f.type',
        'f.phase',
        'f.runbook_name',
        'f.started_at',
        'f.stop_at',
        'f.created_at',
      ])
      .orderBy('f.created_at', 'desc')
      .orderBy('f.id', 'desc')
      .limit(rows)
      .offset((page - 1) * rows)
      .execute(),
    runningFailovers(s)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    offices: list.map((r) => ({
      failover_id: Number(r.id),
      client_id: Number(r.client_id),
      client_name: r.client_name,
      type: r.type,
      phase: r.phase as RunningOffice['phase'],
      runbook_name: r.runbook_name,
      started_at: r.started_at === null ? null : Number(r.started_at),
      stop_at: r.stop_at === null ? null : Number(r.stop_at),
    })),
    total: Number(count.n),
    page,
    rows,
  };
}
