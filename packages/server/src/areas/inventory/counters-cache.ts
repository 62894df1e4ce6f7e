// typeCounters of a wide slice (the platform, a distributor) aggregate up to the whole fleet;
// they are kept for a few seconds per slice so twenty technicians opening the tab do not each
// count 100,000 rows. Concurrent misses share one read. This instance's own VM actions clear it.

const TTL_MS = 5000;
const MAX_ENTRIES = 500;

interface Entry<T> {
  at: number;
  value: Promise<T>;
}

export class CountersCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(private readonly now: () => number) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && this.now() - hit.at < TTL_MS) return hit.value;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const value = load();
    this.entries.set(key, { at: this.now(), value });
    // A failed read is not remembered.
    value.catch(() => this.entries.delete(key));
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
