import { describe, expect, it } from 'vitest';
import { ReuseCache } from './reuse-cache';

describe('ReuseCache', () => {
  it('shares an answer while fresh, serves it once more while reloading, then the new one', async () => {
    const cache = new ReuseCache<number>(1000);
    let n = 0;
    const load = async () => ++n;
    expect(await cache.get('k', 0, load)).toBe(1);
    expect(await cache.get('k', 999, load)).toBe(1);
    expect(n).toBe(1);
    // Stale: the old answer now, a reload behind it.
    expect(await cache.get('k', 1500, load)).toBe(1);
    expect(n).toBe(2);
    expect(await cache.get('k', 1600, load)).toBe(2);
    // Too old to serve: wait for a new load.
    expect(await cache.get('k', 9000, load)).toBe(3);
  });

  it('shares one load between concurrent misses and keeps no failure', async () => {
    const cache = new ReuseCache<number>(1000);
    let calls = 0;
    const slow = () => new Promise<number>((r) => setTimeout(() => r(++calls), 5));
    const [a, b] = await Promise.all([cache.get('k', 0, slow), cache.get('k', 0, slow)]);
    expect([a, b, calls]).toEqual([1, 1, 1]);
    await expect(cache.get('x', 0, () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await cache.get('x', 1, async () => 7)).toBe(7);
  });

  it('drops the oldest entries beyond its size', async () => {
    const cache = new ReuseCache<string>(1000, 2);
    for (const k of ['a', 'b', 'c']) await cache.get(k, 0, async () => k);
    let reloaded = false;
    await cache.get('a', 1, async () => {
      reloaded = true;
      return 'a2';
    });
    expect(reloaded).toBe(true);
  });
});
