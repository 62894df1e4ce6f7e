import autocannon, { type Options, type Result } from 'autocannon';
import { onCleanup } from './cleanup';

// One call under load: a short warm-up (JIT, caches, connection set-up), then the measured run.
// Latencies are taken from every 2xx response (autocannon's own histogram has whole-millisecond
// buckets and no p95); requests per second is autocannon's mean of its one-second samples.

export interface CallSpec {
  /** What the table shows, e.g. "GET /api/session". */
  label: string;
  method: string;
  /** The path as given, placeholders and all. */
  template: string;
  /** The path sent. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface LoadOptions {
  baseUrl: string;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

export interface CallResult {
  label: string;
  method: string;
  template: string;
  path: string;
  requestsPerSecond: number;
  latencyMs: { p50: number; p95: number; p99: number; mean: number; max: number };
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  warmupNon2xx: number;
}

export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  // Nearest rank: the smallest value with at least p% of the values at or below it.
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}

function run(opts: Options, onLatency?: (ms: number, status: number) => void): Promise<Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(opts, (err, result) => {
      forget();
      if (err) reject(err);
      else resolve(result);
    });
    const forget = onCleanup(() => instance.stop());
    if (onLatency) instance.on('response', (_client, status, _bytes, ms) => onLatency(ms, status));
  });
}

const statusCounts = (r: Result) =>
  Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, s]) => [code, Number(s.count)]));

export async function measure(call: CallSpec, opts: LoadOptions): Promise<CallResult> {
  const base: Options = {
    url: `${opts.baseUrl}${call.path}`,
    method: call.method,
    headers: call.headers,
    connections: opts.connections,
    ...(call.body === undefined ? {} : { body: call.body }),
  };
  const warmup = opts.warmupSeconds > 0 ? await run({ ...base, duration: opts.warmupSeconds }) : null;
  if (warmup && warmup.non2xx > 0) {
    const codes = Object.keys(warmup.statusCodeStats).join(', ');
    process.stderr.write(
      `!! ${call.label}: ${warmup.non2xx} non-2xx answers in the warm-up (status ${codes}).\n`,
    );
  }

  let latencies = new Float64Array(1 << 16);
  let n = 0;
  const result = await run({ ...base, duration: opts.durationSeconds }, (ms, status) => {
    if (status < 200 || status > 299) return;
    if (n === latencies.length) {
      const grown = new Float64Array(latencies.length * 2);
      grown.set(latencies);
      latencies = grown;
    }
    latencies[n++] = ms;
  });
  const sorted = latencies.subarray(0, n).sort();
  let sum = 0;
  for (const v of sorted) sum += v;

  return {
    label: call.label,
    method: call.method,
    template: call.template,
    path: call.path,
    requestsPerSecond: result.requests.average,
    latencyMs: {
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      mean: n > 0 ? sum / n : Number.NaN,
      max: sorted[n - 1] ?? Number.NaN,
    },
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: statusCounts(result),
    warmupNon2xx: warmup?.non2xx ?? 0,
  };
}
