import pg from 'pg';
import type { InvalidationBus } from '../lib/read-cache.js';

/** The one channel cache invalidations travel on between instances. */
export const CACHE_CHANNEL = 'veridocs_cache';

export interface NotifyBus extends InvalidationBus {
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
  const subscribers: { onMessage: (message: string) => void; onReset: () => void }[] = [];
  let client: pg.Client | null = null;
  let live = false;
  let closed = false;
  let retryTimer: NodeJS.Timeout | null = null;
  let retryMs = 100;

  const down = () => {
    live = false;
    for (const s of subscribers) s.onReset();
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
      if (n.channel !== CACHE_CHANNEL || n.payload === undefined) return;
      for (const s of subscribers) s.onMessage(n.payload);
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
      await next.query(`listen ${CACHE_CHANNEL}`);
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
