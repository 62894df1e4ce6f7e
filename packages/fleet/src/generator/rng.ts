// Seeded randomness for the fleet and the world. Never Math.random: the same seed must give the
// same fleet on every machine, so everything here is integer arithmetic on 32-bit words.

/** Mixes a 32-bit word (the splitmix32 / murmur3 finaliser). */
export function mix32(x: number): number {
  let z = x | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/** A stable 32-bit hash of numbers and strings, used to derive independent seeds. */
export function hash32(...parts: ReadonlyArray<number | string>): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    if (typeof part === 'number') {
      // Fold both halves so that epoch-ms values above 2^32 still matter.
      h = mix32(h ^ (part >>> 0));
      h = mix32(h ^ Math.floor(part / 4294967296));
    } else {
      for (let i = 0; i < part.length; i++) h = Math.imul(h ^ part.charCodeAt(i), 0x01000193);
      h = mix32(h ^ part.length);
    }
  }
  return h >>> 0;
}

export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = mix32(seed ^ 0x5bd1e995);
  }

  /** splitmix32 step: a uniform unsigned 32-bit integer. */
  next(): number {
    this.state = (this.state + 0x9e3779b9) | 0;
    return mix32(this.state);
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.next() / 4294967296;
  }

  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.float() * (max - min + 1));
  }

  between(min: number, max: number): number {
    return min + this.float() * (max - min);
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.float() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** Picks by weight: [[value, weight], ...]. */
  weighted<T>(items: ReadonlyArray<readonly [T, number]>): T {
    let total = 0;
    for (const [, w] of items) total += w;
    let r = this.float() * total;
    for (const [value, w] of items) {
      r -= w;
      if (r < 0) return value;
    }
    const last = items[items.length - 1];
    if (!last) throw new Error('weighted pick from an empty list');
    return last[0];
  }

  /** Log-normal around a median; sigma ~0.5 is tight, ~1.2 is heavy-tailed (file and disk sizes). */
  logNormal(median: number, sigma: number): number {
    const u = Math.max(this.float(), 1e-12);
    const v = this.float();
    const normal = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    return median * Math.exp(sigma * normal);
  }

  /** An independent stream, so that adding a draw in one place does not shift everything after it. */
  fork(label: number | string): Rng {
    return new Rng(hash32(this.next(), label));
  }

  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.float() * (i + 1));
      const a = items[i] as T;
      items[i] = items[j] as T;
      items[j] = a;
    }
    return items;
  }
}

/** Splits `total` into `weights.length` integer parts of at least `min`, proportional to the weights. */
export function apportion(total: number, weights: readonly number[], min = 1): number[] {
  const n = weights.length;
  const spare = Math.max(0, total - min * n);
  const sum = weights.reduce((a, b) => a + b, 0) || 1;
  const exact = weights.map((w) => (w / sum) * spare);
  const parts = exact.map((x) => min + Math.floor(x));
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => [x - Math.floor(x), i] as const)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; left > 0 && n > 0; k++, left--) {
    const idx = (order[k % n] as readonly [number, number])[1];
    parts[idx] = (parts[idx] as number) + 1;
  }
  return parts;
}
