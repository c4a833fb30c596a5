import { describe, expect, it } from 'vitest';
import { createReadCache } from './read-cache.js';

describe('the read cache', () => {
  it('loads once, then answers from memory until invalidated', async () => {
    const cache = createReadCache<string, { n: number }>(10);
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(cache.peek('a')).toBeUndefined();
    expect(await cache.get('a', load)).toEqual({ n: 1 });
    expect(await cache.get('a', load)).toEqual({ n: 1 });
    // peek answers what get would answer from memory, and loads nothing.
    expect(cache.peek('a')).toEqual({ n: 1 });
    cache.invalidate('a');
    expect(cache.peek('a')).toBeUndefined();
    expect(await cache.get('a', load)).toEqual({ n: 2 });
    expect(loads).toBe(2);
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

  it('invalidateAfter drops the entry once the write is over, also when it failed', async () => {
    const cache = createReadCache<string, string>(10);
    let commit!: () => void;
    const write = cache.invalidateAfter('a', () => new Promise<void>((resolve) => (commit = resolve)));
    // Until the write is over, reads see the committed (old) row and may keep it...
    expect(await cache.get('a', async () => 'old')).toBe('old');
    expect(await cache.get('a', async () => 'unused')).toBe('old');
    commit();
    await write;
    // ...which the invalidation after the write drops.
    expect(await cache.get('a', async () => 'new')).toBe('new');
    const failed = cache.invalidateAfter('a', () => Promise.reject(new Error('connection lost')));
    await expect(failed).rejects.toThrow('connection lost');
    expect(await cache.get('a', async () => 'reloaded')).toBe('reloaded');
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

describe('the read cache across instances (invalidation bus)', () => {
  function fakeBus() {
    const subscribers: { onMessage: (m: string) => void; onReset: () => void }[] = [];
    const sent: string[] = [];
    return {
      live: true,
      sent,
      publish(message: string) {
        sent.push(message);
        for (const s of subscribers) s.onMessage(message);
      },
      subscribe(onMessage: (m: string) => void, onReset: () => void) {
        subscribers.push({ onMessage, onReset });
      },
      reset() {
        for (const s of subscribers) s.onReset();
      },
    };
  }

  it('an invalidation on one instance reaches the others', async () => {
    const bus = fakeBus();
    const a = createReadCache<string, string>(10, { bus: { bus, namespace: 'p' } });
    const b = createReadCache<string, string>(10, { bus: { bus, namespace: 'p' } });
    const other = createReadCache<string, string>(10, { bus: { bus, namespace: 'q' } });
    await b.get('x', async () => 'old');
    await other.get('x', async () => 'kept');
    a.invalidate('x');
    expect(bus.sent).toHaveLength(1);
    expect(bus.sent[0]!.startsWith('p:')).toBe(true);
    expect(bus.sent[0]!.endsWith('\u0002x')).toBe(true);
    expect(await b.get('x', async () => 'new')).toBe('new');
    // Another namespace's entry with the same key is untouched.
    expect(await other.get('x', async () => 'reloaded')).toBe('kept');
  });

  it("its own message, coming back after the write's reread was cached, drops nothing here", async () => {
    // Messages arrive later than they are sent, as NOTIFY's do.
    const queued: string[] = [];
    const subscribers: ((m: string) => void)[] = [];
    const bus = {
      live: true,
      publish: (message: string) => void queued.push(message),
      subscribe: (onMessage: (m: string) => void) => void subscribers.push(onMessage),
    };
    const deliver = () => {
      for (const message of queued.splice(0)) for (const s of subscribers) s(message);
    };
    const a = createReadCache<string, string>(10, { bus: { bus, namespace: 'p' } });
    const b = createReadCache<string, string>(10, { bus: { bus, namespace: 'p' } });
    await a.get('x', async () => 'old');
    await b.get('x', async () => 'old');
    a.invalidate('x');
    expect(await a.get('x', async () => 'new')).toBe('new');
    deliver();
    expect(await a.get('x', async () => 'read again')).toBe('new');
    expect(await b.get('x', async () => 'new')).toBe('new');
  });

  it('clear() drops every entry of its namespace on every instance, and a read in flight stores nothing', async () => {
    const bus = fakeBus();
    const a = createReadCache<string, string>(10, { bus: { bus, namespace: 'p' } });
    const b = createReadCache<string, string>(10, { bus: { bus, namespace: 'p' } });
    const other = createReadCache<string, string>(10, { bus: { bus, namespace: 'q' } });
    await b.get('x', async () => 'old-x');
    await b.get('y', async () => 'old-y');
    await other.get('x', async () => 'kept');
    let release!: (value: string) => void;
    const inFlight = b.get('z', () => new Promise<string>((resolve) => (release = resolve)));
    a.clear();
    release('stale');
    await inFlight;
    expect(await b.get('x', async () => 'new-x')).toBe('new-x');
    expect(await b.get('y', async () => 'new-y')).toBe('new-y');
    expect(await b.get('z', async () => 'new-z')).toBe('new-z');
    expect(await other.get('x', async () => 'reloaded')).toBe('kept');
  });

  it('reads through while the bus is down, and forgets everything when it may have missed messages', async () => {
    const bus = fakeBus();
    const cache = createReadCache<string, number>(10, { bus: { bus, namespace: 'p' } });
    let loads = 0;
    const load = async () => ++loads;
    await cache.get('x', load);
    expect(cache.peek('x')).toBe(1);
    bus.live = false;
    expect(cache.peek('x')).toBeUndefined();
    await cache.get('x', load);
    await cache.get('x', load);
    expect(loads).toBe(3);
    bus.live = true;
    bus.reset();
    expect(cache.peek('x')).toBeUndefined();
    expect(await cache.get('x', load)).toBe(4);
    expect(await cache.get('x', load)).toBe(4);
  });

  it('reloads an entry older than its time limit', async () => {
    let clock = 0;
    const cache = createReadCache<string, number>(10, { ttlMs: 1000, now: () => clock });
    let loads = 0;
    await cache.get('x', async () => ++loads);
    clock = 999;
    expect(cache.peek('x')).toBe(1);
    expect(await cache.get('x', async () => ++loads)).toBe(1);
    clock = 1000;
    expect(cache.peek('x')).toBeUndefined();
    expect(await cache.get('x', async () => ++loads)).toBe(2);
  });
});
