const all = new Set<ReuseCache<unknown>>();

/** Forget every reused answer: for tests that change data and ask again at the same instant. */
export function forgetReusedAnswers(): void {
  for (const c of all) c.clear();
}

/**
 * A tiny in-process cache for answers that identical requests may share for a moment (the
 * dashboard's per-reseller figures: every technician of a reseller polls the same ones). Entries
 * live `ttlMs`; the oldest go first beyond `max`. Concurrent misses share one promise.
 */
export class ReuseCache<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly max = 500,
  ) {
    all.add(this as ReuseCache<unknown>);
  }

  get(key: string, now: number, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    const value = load();
    this.entries.delete(key);
    this.entries.set(key, { at: now, value });
    // A failed load is not kept.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    while (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * Answers that identical dashboard requests may share for 2 seconds. Keys always start with the
 * owner (reseller or client) the caller was already checked against: the scope is enforced on
 * every request before the cache is asked.
 */
export const answers = new ReuseCache<unknown>(2000, 2000);

export function reuseAnswer<T>(key: string, now: number, load: () => Promise<T>): Promise<T> {
  return answers.get(key, now, load) as Promise<T>;
}
