import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { TEST_REDIS_URL } from '../test/database.js';
import { createTestClock } from '../test/test-app.js';
import { createMemoryCounterStore, createRedisCounterStore } from './counter-store.js';

const quiet = { warn: () => undefined };

describe('counter store (upload limits)', () => {
  it('counts amounts in a fixed window and starts again after it', async () => {
    const clock = createTestClock();
    const store = createMemoryCounterStore(clock.now);
    expect(await store.add('k', 10, 60_000)).toEqual({ total: 10, resetInMs: 60_000 });
    clock.advance(20);
    expect(await store.add('k', 5, 60_000)).toEqual({ total: 15, resetInMs: 40_000 });
    expect(await store.add('k', 0, 60_000)).toMatchObject({ total: 15 });
    clock.advance(41);
    expect(await store.add('k', 1, 60_000)).toEqual({ total: 1, resetInMs: 60_000 });
  });

  it('keeps at most maxKeys windows', async () => {
    const store = createMemoryCounterStore(createTestClock().now, 2);
    await store.add('a', 1, 60_000);
    await store.add('b', 1, 60_000);
    await store.add('c', 1, 60_000);
    expect((await store.add('a', 0, 60_000)).total).toBe(0);
  });

  it('with Redis down, counts in the process instead of letting everything through', async () => {
    const redis = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    redis.on('error', () => undefined);
    const store = createRedisCounterStore(redis, createMemoryCounterStore(createTestClock().now), quiet);
    await store.add('k', 3, 60_000);
    expect((await store.add('k', 4, 60_000)).total).toBe(7);
    redis.disconnect();
  });

  it('logs the switch to the process once, and the way back once, not on every call', async () => {
    let down = true;
    const fake = {
      eval: async () => {
        if (down) throw new Error('connection refused');
        return [1, 60_000];
      },
    } as unknown as Redis;
    const warnings: string[] = [];
    const infos: string[] = [];
    const log = {
      warn: (_: object, msg: string) => warnings.push(msg),
      info: (msg: string) => infos.push(msg),
    };
    const store = createRedisCounterStore(fake, createMemoryCounterStore(createTestClock().now), log);
    for (let i = 0; i < 5; i++) await store.add('k', 1, 60_000);
    expect(warnings).toHaveLength(1);
    down = false;
    for (let i = 0; i < 3; i++) await store.add('k', 1, 60_000);
    expect(infos).toHaveLength(1);
    down = true;
    await store.add('k', 1, 60_000);
    await store.add('k', 1, 60_000);
    expect(warnings).toHaveLength(2);
  });

  it.skipIf(!TEST_REDIS_URL)('shares counts between instances through Redis', async () => {
    const [a, b] = [new Redis(TEST_REDIS_URL!), new Redis(TEST_REDIS_URL!)];
    const key = `test-${Date.now()}-${Math.random()}`;
    try {
      const fallback = createMemoryCounterStore(createTestClock().now);
      const one = createRedisCounterStore(a, fallback, quiet);
      const two = createRedisCounterStore(b, fallback, quiet);
      await one.add(key, 100, 60_000);
      const seen = await two.add(key, 50, 60_000);
      expect(seen.total).toBe(150);
      expect(seen.resetInMs).toBeGreaterThan(59_000);
      expect(seen.resetInMs).toBeLessThanOrEqual(60_000);
    } finally {
      await a.del(`veridocs-rl:${key}`);
      await Promise.all([a.quit(), b.quit()]);
    }
  });
});
