import { createRequire } from 'node:module';
import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** What the plugin passes to a store: its merged options (typed loosely upstream). */
interface StoreParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}
type RouteParams = Parameters<FastifyRateLimitStore['child']>[0];

// The plugin's own two stores (plain CommonJS, no typings): Redis with its atomic Lua script, and the
// in-memory LRU it uses without Redis.
const requireCjs = createRequire(import.meta.url);
const RedisStore = requireCjs('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
  redis: Redis,
  key: string,
) => FastifyRateLimitStore;
const LocalStore = requireCjs('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
) => FastifyRateLimitStore;

/**
 * A rate-limit store that counts in Redis (shared by every instance) and, while Redis cannot answer,
 * in this process, so the limits hold instead of switching off (issue 9 §5: with the plugin's
 * `skipOnError` 40 of 40 logins from one IP passed while Redis was down). A request never waits for
 * a Redis that is not connected (no offline queue); the switch is logged once each way.
 */
export function createFallbackStore(
  redis: Redis,
  log: FastifyBaseLogger,
  nameSpace: string,
): FastifyRateLimitStoreCtor {
  let inMemory = false;
  const toMemory = (reason: string) => {
    if (inMemory) return;
    inMemory = true;
    log.warn({ reason }, 'Redis is unreachable: rate limits are counted in this process until it is back');
  };
  const toRedis = () => {
    if (!inMemory) return;
    inMemory = false;
    log.info('Redis is back: rate limits are shared again');
  };
  redis.on('error', (error: Error) => toMemory(error.message));
  redis.on('ready', toRedis);

  class FallbackStore implements FastifyRateLimitStore {
    private readonly shared: FastifyRateLimitStore;
    private readonly local: FastifyRateLimitStore;

    constructor(
      options: FastifyRateLimitOptions | StoreParams,
      stores?: { shared: FastifyRateLimitStore; local: FastifyRateLimitStore },
    ) {
      const params = options as StoreParams;
      this.shared =
        stores?.shared ??
        new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, nameSpace);
      this.local = stores?.local ?? new LocalStore(params.continueExceeding, params.exponentialBackoff);
    }

    incr(...[key, callback, timeWindow, max]: Parameters<FastifyRateLimitStore['incr']>): void {
      if (redis.status !== 'ready') {
        if (redis.status === 'reconnecting' || redis.status === 'end')
          toMemory(`Redis connection ${redis.status}`);
        this.local.incr(key, callback, timeWindow, max);
        return;
      }
      this.shared.incr(
        key,
        (error, result) => {
          if (!error) return callback(null, result);
          toMemory(error.message);
          this.local.incr(key, callback, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: RouteParams): FastifyRateLimitStore {
      return new FallbackStore(routeOptions, {
        shared: this.shared.child(routeOptions),
        local: this.local.child(routeOptions),
      });
    }
  }
  return FallbackStore;
}

/** Waits (at most `ms`) for the first connection, so the first requests are counted where they belong. */
export function waitForRedis(redis: Redis, ms: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      redis.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    redis.once('ready', done);
    redis.once('error', done);
  });
}
