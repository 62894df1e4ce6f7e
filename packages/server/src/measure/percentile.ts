/** The nearest-rank percentile `p` (0 to 100) of timings sorted ascending; NaN when there are none. */
export const pct = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1] ?? Number.NaN;
