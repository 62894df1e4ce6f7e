import type { AppContext } from '../../context';
import type { HandlerFor } from '../../operations/types';
import { unscoped } from '../../scope';

// Generated reports are the history for LIFEBOAT_REPORT_HISTORY_DAYS (issue 15, docs/decisions.md):
// each row carries its expires_at and this schedule deletes the rows past it, PDF included, so
// the table does not grow for ever. The history call hides them between two sweeps.

export const REPORT_SWEEP = 'reports.sweep';
export const REPORT_SWEEP_MS = 60 * 60_000;
/** Rows deleted per run: a long backlog is cleared over a few runs, not in one long statement. */
const BATCH = 500;

export function reportSweepHandler(ctx: Pick<AppContext, 'dbh'>): HandlerFor<typeof REPORT_SWEEP> {
  return async ({ clock }) => {
    const db = unscoped(ctx.dbh.db, 'the sweep deletes expired reports of every tenant');
    const due = await db
      .selectFrom('reports')
      .select('id')
      .where('expires_at', '<=', clock.now())
      .limit(BATCH)
      .execute();
    if (due.length === 0) return { deleted: 0 };
    const res = await db
      .deleteFrom('reports')
      .where(
        'id',
        'in',
        due.map((r) => r.id),
      )
      .executeTakeFirst();
    return { deleted: Number(res.numDeletedRows) };
  };
}

export function registerReportSweep(ctx: Pick<AppContext, 'dbh' | 'operations'>): void {
  ctx.operations.register(REPORT_SWEEP, reportSweepHandler(ctx));
  ctx.operations.every({ key: REPORT_SWEEP, kind: REPORT_SWEEP, input: {}, everyMs: REPORT_SWEEP_MS });
}
