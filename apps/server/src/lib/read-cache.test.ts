import { describe, expect, it } from 'vitest';
import { createReadCache } from './read-cache.js';

describe('the read cache', () => {
  it('loads once, then answers from memory until invalidated', async () => {
    const cache = createReadCache<string, { n: number }>(10);
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(await cache.get('a', load)).toEqual({ n: 1 });
    expect(await cache.get('a', load)).toEqual({ n: 1 });
    cache.invalidate('a');
    expect(await cache.get('a', load)).toEqual({ n: 2 });
  });

  it('does not store a row read before a concurrent write invalidated it', async () => {
    const cache = createReadCache<string, string>(10);
    let release!: (value: string) => void;
    const slowRead = cache.get('a', () => new Promise<string>((resolve) => (release = resolve)));
    cache.invalidate('a'); // a write lands while the read is in flight
    release('stale');
    expect(await slowRead).toBe('stale');
    expect(await cache.get('a', async () => 'fresh')).toBe('fresh');
  });

  it('does not cache a missing row and stays within its bound', async () => {
    const cache = createReadCache<number, number>(2);
    let loads = 0;
    await cache.get(1, async () => {
      loads++;
      return undefined;
    });
    await cache.get(1, async () => {
      loads++;
      return 1;
    });
    expect(loads).toBe(2);
    await cache.get(2, async () => 2);
    await cache.get(3, async () => 3);
    // 1 was evicted (oldest): it loads again.
    expect(await cache.get(1, async () => 10)).toBe(10);
  });
});
