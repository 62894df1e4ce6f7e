import { DAY_MS, isoDay, previousPeriod, systemClock } from '@lifeboat/contract';
import { migrateToLatest, openDb } from '@lifeboat/db';
import { createPorts } from '../../fabric';
import { unscoped } from '../../scope';
import { renderReport } from './render';

// Issue 15 'Speed': the monthly report of the largest client of a fleet, timed, with the
// process's memory before and during the rendering.
//   npx tsx packages/server/src/areas/reports/measure-report.ts <sqlite file | postgres://...>
async function main() {
  const url = process.argv[2];
  if (!url) throw new Error('usage: measure-report <database>');
  const dbh = await openDb({ url });
  await migrateToLatest(dbh.db);
  const clock = systemClock;
  const ports = createPorts({ simSpeed: 0, simFaults: '' }, clock, dbh);
  const db = unscoped(dbh.db, 'a measurement across the fleet');
  const largest = await db
    .selectFrom('protected_systems')
    .select(['client_id', 'reseller_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['client_id', 'reseller_id'])
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const newest = await db
    .selectFrom('job_history')
    .select((eb) => eb.fn.max('started_at').as('at'))
    .executeTakeFirstOrThrow();
  const now = Number(newest.at ?? Date.now());
  const p = previousPeriod('monthly', isoDay(now));
  global.gc?.();
  const idle = process.memoryUsage().rss;
  let peak = idle;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  for (const level of ['detailed', 'summary'] as const) {
    const t0 = performance.now();
    const pdf = await renderReport(
      { dbh, ports, clock },
      {
        id: 0,
        reseller_id: Number(largest.reseller_id),
        client_id: Number(largest.client_id),
        definition_id: null,
        operation_id: null,
        from_date: p.from,
        to_date: p.to,
        level,
        bandwidth_estimate: 100,
        summary_overview: null,
        suggested_actions: null,
        cancelled: 0,
        pdf: null,
        pdf_bytes: 0,
        sent_to: null,
        created_by: null,
        created_at: now,
        expires_at: now + DAY_MS,
      },
    );
    console.log(
      `${level}: client ${largest.client_id} (${largest.n} systems), ${p.from} to ${p.to}: ${pdf.length} bytes in ${Math.round(performance.now() - t0)} ms`,
    );
  }
  clearInterval(timer);
  console.log(
    `total ${Math.round(performance.now() - started)} ms; rss idle ${Math.round(idle / 1e6)} MB, peak ${Math.round(peak / 1e6)} MB (+${Math.round((peak - idle) / 1e6)} MB)`,
  );
  await dbh.close();
}

void main();
