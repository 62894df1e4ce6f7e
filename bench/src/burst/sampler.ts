import { percentile } from '../load';

// The API as a person sees it during a burst: one connection calling a small mix in turn (the
// session, the alerts list, the dashboard's page data), every answer timed and kept with its
// time, so that any window (before the burst, during its evaluation and delivery) can be read
// afterwards. A call that takes longer than TIMEOUT_MS counts as a timeout.

const TIMEOUT_MS = 10_000;

export interface Sample {
  /** When the call started (epoch ms). */
  at: number;
  ms: number;
  path: string;
  /** The status, or 0 for a timeout or a failed connection. */
  status: number;
}

export interface Sampler {
  samples: Sample[];
  stop(): Promise<void>;
}

export function startSampler(baseUrl: string, headers: Record<string, string>, paths: string[]): Sampler {
  const samples: Sample[] = [];
  let running = true;
  const loop = (async () => {
    for (let i = 0; running; i++) {
      const path = paths[i % paths.length] as string;
      const at = Date.now();
      const t0 = performance.now();
      let status = 0;
      try {
        const res = await fetch(`${baseUrl}${path}`, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
        await res.arrayBuffer();
        status = res.status;
      } catch {
        status = 0;
      }
      samples.push({ at, ms: performance.now() - t0, path, status });
    }
  })();
  return {
    samples,
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

export interface WindowStats {
  calls: number;
  p50: number;
  p95: number;
  max: number;
  /** Answers other than 2xx, timeouts included. */
  failed: number;
  /**
   * Calls slower than SLOW_MS. One connection in a closed loop makes one call while the server
   * is stalled, so a stall moves the max and this count, hardly the p95.
   */
  slow: number;
}

export const SLOW_MS = 100;

/** The calls that started in [from, to). */
export function windowStats(samples: readonly Sample[], from: number, to: number): WindowStats {
  const inside = samples.filter((s) => s.at >= from && s.at < to);
  const sorted = Float64Array.from(inside.map((s) => s.ms)).sort();
  return {
    calls: inside.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1) ?? Number.NaN,
    failed: inside.filter((s) => s.status < 200 || s.status >= 300).length,
    slow: inside.filter((s) => s.ms > SLOW_MS).length,
  };
}
