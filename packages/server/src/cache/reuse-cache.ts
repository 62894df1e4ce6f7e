const all = new Set<ReuseCache<unknown>>();

/** Forget every reused answer: for tests that change data and ask again at the same instant. */
export function forgetReusedAnswers(): void {
  for (const c of all) c.clear();
}

/**
 * A tiny in-process cache for answers that identical requests may share for a moment (the
 * dashboard's per-reseller figures: every technician of a reseller polls the same ones). Entries
 * are fresh for `ttlMs`; for one more `ttlMs` a request still gets the previous answer while one
 * reload runs behind it, so no burst of requests waits on a reload. Concurrent misses share one
 * promise; a failed load is not kept; the oldest entries go first beyond `max`.
 */
export class ReuseCache<T> {
  private readonly entries = new Map<
    string,
    { at: number; value: Promise<T>; ready: boolean; reloading: boolean }
  >();

  constructor(
    private readonly ttlMs: number,
    private readonly max = 500,
  ) {
    all.add(this as ReuseCache<unknown>);
  }

  get(key: string, now: number, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    if (hit?.ready && now - hit.at < 2 * this.ttlMs) {
      if (!hit.reloading) {
        hit.reloading = true;
        const next = load();
        next.then(
          () => this.store(key, now, next, true),
          () => {
            hit.reloading = false;
          },
        );
      }
      return hit.value;
    }
    const value = load();
    this.store(key, now, value, false);
    value.then(
      () => {
        const e = this.entries.get(key);
        if (e?.value === value) e.ready = true;
      },
      () => {
        if (this.entries.get(key)?.value === value) this.entries.delete(key);
      },
    );
    return value;
  }

  private store(key: string, at: number, value: Promise<T>, ready: boolean): void {
    this.entries.delete(key);
    this.entries.set(key, { at, value, ready, reloading: false });
    while (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
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
