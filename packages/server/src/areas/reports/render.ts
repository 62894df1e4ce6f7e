import { DEFAULT_SUGGESTED_ACTIONS, DEFAULT_SUMMARY } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context';
import { OperationError } from '../../operations/errors';
import { gatherReportData } from './data';

/** At most this many boot screenshots go into one report (the latest tested servers). */
const MAX_SCREENSHOTS = 24;

export const NO_SYSTEMS = 'This client had no protected systems in the period: there is nothing to report.';

/**
 * Read the fleet for a report row and draw its PDF. No transaction is held while it runs
 * (STYLE 8): the caller stores the bytes in its fenced complete().
 */
export async function renderReport(
  ctx: Pick<AppContext, 'dbh' | 'ports' | 'clock'>,
  report: Selectable<Database['reports']>,
  onStep?: (step: 'Reading the fleet' | 'Drawing the report') => Promise<void>,
): Promise<Buffer> {
  await onStep?.('Reading the fleet');
  const data = await gatherReportData(ctx.dbh.db, Number(report.client_id), report.from_date, report.to_date);
  if (data.systems.length === 0) throw new OperationError(NO_SYSTEMS);
  await onStep?.('Drawing the report');
  const screenshots = new Map<number, Buffer>();
  const tested = data.systems.filter((s) => s.autoVerify?.screenshotSeed != null).slice(0, MAX_SCREENSHOTS);
  for (const s of tested) {
    const av = s.autoVerify;
    if (!av || av.screenshotSeed === null) continue;
    screenshots.set(
      s.id,
      await ctx.ports.autoverify.autoVerifyScreenshot({
        screenshotSeed: av.screenshotSeed,
        hostname: s.hostname,
        osType: s.osType,
        ok: av.status === 'success',
        width: 480,
        height: 320,
      }),
    );
  }
  // pdfkit (fonts, unicode tables) is loaded on the first report, not at every start.
  const { renderReportPdf } = await import('./pdf');
  return renderReportPdf(data, {
    level: report.level,
    bandwidthMbps: Number(report.bandwidth_estimate),
    summary: report.summary_overview || DEFAULT_SUMMARY,
    suggestedActions: report.suggested_actions || DEFAULT_SUGGESTED_ACTIONS,
    screenshots,
    generatedAt: ctx.clock.now(),
  });
}
