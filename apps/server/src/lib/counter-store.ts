import type { Redis } from 'ioredis';
import type { Clock } from './clock.js';

/**
 * Fixed-window counters for limits that are not one request = one hit (bytes uploaded per hour). The same
 * place as the request rate limits: Redis (the `veridocs-rl:` namespace) when REDIS_URL is set, so every
 * instance counts together; this process's memory otherwise, or while Redis does not answer.
 */
/** The Redis key prefix of every limit: the request rate limits' and these counters'. */
export const RATE_LIMIT_NAMESPACE = 'veridocs-rl:';

export interface CounterStore {
  /** Adds `amount` (0 reads) to the key's window and answers the total and the time left in it. */
  add(key: string, amount: number, windowMs: number): Promise<{ total: number; resetInMs: number }>;
}

export function createMemoryCounterStore(now: Clock, maxKeys = 100_000): CounterStore {
  const windows = new Map<string, { total: number; endsAt: number }>();
  return {
    async add(key, amount, windowMs) {
      const at = now().getTime();
      let entry = windows.get(key);
      if (!entry || entry.endsAt <= at) {
        // Oldest first (Map order): a flood of keys drops the earliest windows, never grows without end.
        if (windows.size >= maxKeys) windows.delete(windows.keys().next().value as string);
        entry = { total: 0, endsAt: at + windowMs };
        windows.delete(key);
        windows.set(key, entry);
      }
      entry.total += amount;
      return { total: entry.total, resetInMs: entry.endsAt - at };
    },
  };
}

const ADD_SCRIPT = `
local total = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {total, ttl}`;

export function createRedisCounterStore(
  redis: Redis,
  fallback: CounterStore,
  log: { warn(obj: object, msg: string): void; info?(msg: string): void },
): CounterStore {
  // Logged once each way (as http/rate-limit-store.ts does), not on every upload while Redis is down.
  let inMemory = false;
  return {
    async add(key, amount, windowMs) {
      try {
        const [total, ttl] = (await redis.eval(
          ADD_SCRIPT,
          1,
          `${RATE_LIMIT_NAMESPACE}${key}`,
          amount,
          windowMs,
        )) as [number, number];
        if (inMemory) {
          inMemory = false;
          log.info?.('Redis is back: upload limits are shared again');
        }
        return { total: Number(total), resetInMs: Number(ttl) };
      } catch (error) {
        // A limit that switches off with Redis is no limit: count in this process until it is back.
        if (!inMemory) {
          inMemory = true;
          log.warn({ err: error }, 'Redis unavailable; counting upload limits in this process');
        }
        return fallback.add(key, amount, windowMs);
      }
    },
  };
}
