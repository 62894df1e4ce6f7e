// A small in-process cache for figures that many identical requests may share for a few seconds
// (inventory typeCounters, vault device counts): wide aggregates that twenty technicians opening
// the same tab should not each recount. Concurrent misses share one read; a failed read is not
// kept; beyond `maxEntries` it starts over. The dashboard's ReuseCache differs on purpose: it
// also serves the previous answer while one reload runs.

interface Entry<T> {
  at: number;
  value: Promise<T>;
}

export class TtlCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && this.now() - hit.at < this.ttlMs) return hit.value;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const value = load();
    this.entries.set(key, { at: this.now(), value });
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
 * `const countsOf = perDatabase(() => new TtlCache<X>(5000)); countsOf(db).get(...)`.
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
