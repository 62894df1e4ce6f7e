import type { AppContext } from '../../context';
import type { HandlerFor } from '../../operations/types';
import { unscoped } from '../../scope';
import { renderReport } from './render';

// The `reports.generate` operation (spec: inventory-reports-exports-security 4): render the PDF
// of a one-off report. Rendering again after a crash is harmless; the bytes are stored in the
// fenced transaction that completes the operation, unless the user cancelled meanwhile.

export const REPORT_GENERATE = 'reports.generate';
/** A schedule's delivery (schedules.ts); named here too, as a Try again of one queues it. */
export const REPORT_DELIVER = 'reports.deliver';

export function reportGenerateHandler(
  ctx: Pick<AppContext, 'dbh' | 'ports' | 'clock'>,
): HandlerFor<typeof REPORT_GENERATE> {
  return async ({ input, op, progress, complete }) => {
    const why = 'the report worker renders the report its request created';
    const report = await unscoped(ctx.dbh.db, why)
      .selectFrom('reports')
      .selectAll()
      .where('id', '=', input.reportId)
      .executeTakeFirst();
    if (!report || report.cancelled || Number(report.operation_id) !== op.id)
      return complete(async () => ({ skipped: 'cancelled' }));
    const pdf = await renderReport(ctx, report, (step) =>
      progress(step === 'Reading the fleet' ? 10 : 50, step),
    );
    await progress(95, 'Finished');
    return complete(async (trx) => {
      const res = await unscoped(trx, why)
        .updateTable('reports')
        .set({ pdf: pdf.toString('base64'), pdf_bytes: pdf.length })
        .where('id', '=', input.reportId)
        .where('cancelled', '=', 0)
        // Generated again meanwhile: the newer operation stores its own PDF.
        .where('operation_id', '=', op.id)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) return { skipped: 'cancelled' };
      return { report_id: input.reportId, bytes: pdf.length };
    });
  };
}
