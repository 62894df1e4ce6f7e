// Stateless, seeded randomness: the same inputs give the same draw on every run and machine,
// so the simulator's outcomes are reproducible without storing any state.

/** A 32-bit hash of numbers and strings (murmur3-style mixing). */
export function hash32(...parts: (number | string)[]): number {
  let h = 0x9e3779b9;
  const mix = (k: number) => {
    let x = Math.imul(k | 0, 0xcc9e2d51);
    x = (x << 15) | (x >>> 17);
    x = Math.imul(x, 0x1b873593);
    h ^= x;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  };
  for (const p of parts) {
    if (typeof p === 'number') {
      // Split doubles up to 2^53 (epoch ms, big seeds) into two 32-bit words.
      const n = Number.isFinite(p) ? Math.trunc(p) : 0;
      mix(n % 0x100000000);
      mix(Math.floor(n / 0x100000000));
    } else {
      for (let i = 0; i < p.length; i++) mix(p.charCodeAt(i));
      mix(p.length);
    }
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A draw in [0, 1) determined by the parts. */
export function unit(...parts: (number | string)[]): number {
  return hash32(...parts) / 0x100000000;
}

/** An integer in [min, max] determined by the parts. */
export function intBetween(min: number, max: number, ...parts: (number | string)[]): number {
  return min + Math.floor(unit(...parts) * (max - min + 1));
}

export function pick<T>(items: readonly T[], ...parts: (number | string)[]): T {
  const item = items[Math.floor(unit(...parts) * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}
