// A small in-process cache for counters that many identical requests may share for a few seconds
// (the inventory's typeCounters of a wide slice: up to the whole platform). Concurrent misses
// share one read; a failed read is not kept; beyond `maxEntries` it starts over. Keep one per
// database (perDatabase) and give it the injected clock's time: tests on a ManualClock see it
// expire when they move the clock. Answers of other calls are never cached (docs/decisions.md
// 'Rollups': the figures are kept in the database instead).

interface Entry<T> {
  at: number;
  value: Promise<T>;
}

export class TtlCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
  ) {}

  /** The value of `key` loaded less than ttlMs before `now` (the injected clock's), or a new load. */
  get(key: string, now: number, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs && now >= hit.at) return hit.value;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const value = load();
    this.entries.set(key, { at: now, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * One cache per database handle, so apps (and tests) on different databases never mix:
 * `const countsOf = perDatabase(() => new TtlCache<X>(5000)); countsOf(db).get(key, ctx.clock.now(), load)`.
 */
export function perDatabase<C>(make: () => C): (handle: object) => C {
  const caches = new WeakMap<object, C>();
  return (handle) => {
    let c = caches.get(handle);
    if (!c) {
      c = make();
      caches.set(handle, c);
    }
    return c;
  };
}
