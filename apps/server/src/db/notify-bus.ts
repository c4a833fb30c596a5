import pg from 'pg';
import type { InvalidationBus } from '../lib/read-cache.js';

/** The one channel cache invalidations travel on between instances. */
export const CACHE_CHANNEL = 'veridocs_cache';

/** Channel names are identifiers in `LISTEN`: plain ones only. */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export interface NotifyBus extends InvalidationBus {
  /**
   * Listens on another channel on the same connection (notifications, ADR 0030); `onReset` runs when
   * messages may have been lost (the listener reconnected). Answers the function that stops.
   */
  listen(channel: string, onMessage: (payload: string) => void, onReset?: () => void): () => void;
  close(): Promise<void>;
}

/**
 * An InvalidationBus over PostgreSQL LISTEN/NOTIFY: one dedicated connection listens (started by the
 * first subscriber), messages are sent through the pool. While the listener is down `live` is false
 * (caches read through); after it reconnects every subscriber is reset, since messages may be lost.
 */
export function createNotifyBus(
  url: string,
  pool: pg.Pool,
  onError: (error: Error) => void = () => undefined,
): NotifyBus {
  type Subscriber = { onMessage: (message: string) => void; onReset: () => void };
  /** channel → its subscribers; CACHE_CHANNEL's are the cache invalidation bus's. */
  const channels = new Map<string, Subscriber[]>([[CACHE_CHANNEL, []]]);
  const subscribers = channels.get(CACHE_CHANNEL)!;
  let client: pg.Client | null = null;
  let live = false;
  let closed = false;
  let retryTimer: NodeJS.Timeout | null = null;
  let retryMs = 100;

  const down = () => {
    live = false;
    for (const list of channels.values()) for (const s of list) s.onReset();
  };

  const scheduleRetry = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, 5_000);
  };

  async function connect() {
    if (closed) return;
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (n) => {
      const list = channels.get(n.channel);
      if (!list || n.payload === undefined) return;
      for (const s of list) s.onMessage(n.payload);
    });
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = null;
      if (error) onError(error);
      down();
      next.end().catch(() => undefined);
      scheduleRetry();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    client = next;
    try {
      await next.connect();
      // A Map's iteration includes channels added while it runs.
      for (const channel of channels.keys()) await next.query(`listen ${channel}`);
      if (closed || client !== next) return;
      retryMs = 100;
      // Anything cached before this point may have missed a message.
      down();
      live = true;
    } catch (error) {
      lost(error as Error);
    }
  }

  return {
    channel: CACHE_CHANNEL,
    get live() {
      return live;
    },
    publish(message) {
      if (closed) return;
      pool
        .query('select pg_notify($1, $2)', [CACHE_CHANNEL, message])
        .catch((error: Error) => onError(error));
    },
    subscribe(onMessage, onReset) {
      subscribers.push({ onMessage, onReset });
      if (!client && !closed && !retryTimer) void connect();
    },
    listen(channel, onMessage, onReset = () => undefined) {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a channel name: ${channel}`);
      const subscriber = { onMessage, onReset };
      const known = channels.get(channel);
      if (known) known.push(subscriber);
      else {
        channels.set(channel, [subscriber]);
        // Connected already: listen now (a connection under way listens on every channel itself).
        if (client && live) client.query(`listen ${channel}`).catch((error: Error) => onError(error));
      }
      if (!client && !closed && !retryTimer) void connect();
      return () => {
        const list = channels.get(channel);
        const at = list?.indexOf(subscriber) ?? -1;
        if (list && at >= 0) list.splice(at, 1);
      };
    },
    async close() {
      closed = true;
      live = false;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
