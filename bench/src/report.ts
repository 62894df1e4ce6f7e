import fs from 'node:fs';
import path from 'node:path';
import type { CallResult } from './load';
import { RESULTS_DIR } from './paths';

// The table compares each call with the bare route (/api/health: routing, hooks and JSON, no
// session, no database). The ratios are what to watch across machines: absolute figures move
// with the hardware, "3x the floor's p95" mostly does not.

export interface Ratios {
  /** call p95 / bare p95: how many times slower than the framework's floor. */
  p95: number;
  /** call req/s / bare req/s: the share of the floor's throughput the call keeps. */
  requestsPerSecond: number;
}

export interface ReportRow extends CallResult {
  ratios: Ratios;
  serverLogLines: number;
}

/** No ratio for a call with failed answers: an error page is fast and means nothing. */
export const ratiosTo = (bare: CallResult, call: CallResult): Ratios =>
  call.non2xx + call.errors > 0
    ? { p95: Number.NaN, requestsPerSecond: Number.NaN }
    : {
        p95: call.latencyMs.p95 / bare.latencyMs.p95,
        requestsPerSecond: call.requestsPerSecond / bare.requestsPerSecond,
      };

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : '-');
const times = (v: number) => (Number.isFinite(v) ? `${v.toFixed(2)}x` : '-');

export function formatTable(rows: ReportRow[]): string {
  const header = ['call', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'non-2xx', 'p95 vs bare', 'req/s vs bare'];
  const body = rows.map((r) => [
    r.label,
    Math.round(r.requestsPerSecond).toLocaleString('en'),
    ms(r.latencyMs.p50),
    ms(r.latencyMs.p95),
    ms(r.latencyMs.p99),
    r.non2xx + r.errors > 0 ? `${r.non2xx + r.errors} !!` : '0',
    times(r.ratios.p95),
    times(r.ratios.requestsPerSecond),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

/** Loud lines for every call whose figures do not measure what they claim to. */
export function problems(rows: ReportRow[]): string[] {
  const out: string[] = [];
  for (const r of rows) {
    const codes = Object.entries(r.statusCodes)
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, n]) => `${code}: ${n}`)
      .join(', ');
    if (r.non2xx > 0) {
      out.push(
        `${r.label}: ${r.non2xx} of ${r.requests} answers were not 2xx (${codes}). Its figures are NOT valid.`,
      );
    }
    if (r.errors > 0) out.push(`${r.label}: ${r.errors} connection errors (${r.timeouts} timeouts).`);
    if (r.warmupNon2xx > 0) out.push(`${r.label}: ${r.warmupNon2xx} non-2xx answers during the warm-up.`);
    if (r.serverLogLines > 0)
      out.push(`${r.label}: the server logged ${r.serverLogLines} lines during the run.`);
  }
  return out;
}

export function writeResults(report: object, now = new Date()): string {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${now.toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}
