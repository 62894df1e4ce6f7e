import { percentile } from './load';
import { MIX, type SessionName } from './mix';

// The mixed load's per-call figures (mixed.ts): what each call of the mix answered, summed up
// into rows, and those rows as the table the run prints.

export interface PerCall {
  latencies: number[];
  /** Bytes of every answer (headers and body), for the average size. */
  bytes: number;
  statuses: Map<number, number>;
  sessions: Set<SessionName>;
}

/** One answer of the mix, added to its call's figures (only 2xx answers count in the times). */
export function recordAnswer(
  perCall: Map<string, PerCall>,
  label: string,
  session: SessionName | undefined,
  status: number,
  bytes: number,
  ms: number,
): void {
  let c = perCall.get(label);
  if (!c) {
    c = { latencies: [], bytes: 0, statuses: new Map(), sessions: new Set() };
    perCall.set(label, c);
  }
  c.statuses.set(status, (c.statuses.get(status) ?? 0) + 1);
  c.bytes += bytes;
  if (session) c.sessions.add(session);
  if (status >= 200 && status < 300) c.latencies.push(ms);
}

export interface MixRow {
  label: string;
  requests: number;
  share: number;
  p50: number;
  p95: number;
  p99: number;
  /** Average answer size in KB (headers and body). */
  kb: number;
  non2xx: number;
  statuses: Record<string, number>;
  sessions: SessionName[];
}

export function summarise(perCall: Map<string, PerCall>, total: number): MixRow[] {
  const order = new Map(MIX.map((c, i) => [c.label, i]));
  return [...perCall.entries()]
    .sort(([a], [b]) => (order.get(a) ?? 999) - (order.get(b) ?? 999))
    .map(([label, c]) => {
      const sorted = Float64Array.from(c.latencies).sort();
      const requests = [...c.statuses.values()].reduce((a, b) => a + b, 0);
      const non2xx = [...c.statuses.entries()]
        .filter(([s]) => s < 200 || s > 299)
        .reduce((a, [, n]) => a + n, 0);
      return {
        label,
        requests,
        share: requests / Math.max(1, total),
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
        kb: c.bytes / Math.max(1, requests) / 1024,
        non2xx,
        statuses: Object.fromEntries([...c.statuses.entries()].map(([s, n]) => [String(s), n])),
        sessions: [...c.sessions].sort(),
      };
    });
}

export const f2 = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : '-');

export function table(rows: MixRow[], p95Target: number): string {
  const header = ['call', 'requests', 'p50 ms', 'p95 ms', 'p99 ms', 'avg KB', 'non-2xx', 'sessions'];
  const body = rows.map((r) => [
    r.label,
    String(r.requests),
    f2(r.p50),
    `${f2(r.p95)}${r.p95 > p95Target ? ' >' : ''}`,
    f2(r.p99),
    r.kb.toFixed(1),
    r.non2xx > 0 ? `${r.non2xx} !!` : '0',
    r.sessions.join(','),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 || i === 7 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}
