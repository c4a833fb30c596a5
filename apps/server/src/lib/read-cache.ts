import { randomBytes } from 'node:crypto';
/**
 * A bounded read-through cache for rows read far more often than written (docs/decisions/0005).
 * Every write to the cached rows must go through `invalidateAfter` (or call `invalidate` once it
 * committed). On the embedded PGlite this process is the database's only user, so that is enough.
 * On PostgreSQL several instances share the data: the invalidation is also published on an
 * `InvalidationBus` (LISTEN/NOTIFY, db/notify-bus.ts) and applied by every instance; while the bus
 * may be missing messages, the cache reads through.
 */
export interface ReadCache<K, V> {
  get(key: K, load: () => Promise<V | undefined>): Promise<V | undefined>;
  /**
   * What `get` would answer from memory now, without waiting; undefined when it would load (then call
   * `get`). For the hot reads' synchronous path (issue 31 §4: a promise per step was a visible cost).
   */
  peek(key: K): V | undefined;
  invalidate(key: K): void;
  /**
   * Runs `write` and then invalidates `key`, also when it failed (it may have committed). Once is
   * enough: a read that started before the invalidation never stores what it loaded (the version
   * counter), so an entry cannot outlive the write; dropping it before the write as well would only
   * send a second message, before the commit.
   */
  invalidateAfter<T>(key: K, write: () => Promise<T>): Promise<T>;
  /**
   * The same for a write of one statement that carries the other instances' message itself (issue 31
   * §4: no second round trip): `write` embeds `select pg_notify(channel, payload)` when given one
   * (PostgreSQL sends it at the statement's commit, never after a rollback); null when no message is
   * needed, or the bus cannot take one that way (then it is published after the write, as above).
   */
  invalidateWithin<T>(key: K, write: (notify: CacheNotify | null) => Promise<T>): Promise<T>;
  /**
   * Drops every entry (on every instance): for a write that changes rows many entries embed, such as
   * an admin's edit of a form that every transaction snapshot carries (ADR 0029). Call it after the
   * write committed; reads in flight then store nothing.
   */
  clear(): void;
}

/** A cache invalidation as a statement sends it: `select pg_notify(channel, payload)`. */
export interface CacheNotify {
  channel: string;
  payload: string;
}

/** Tells other instances which cached keys changed. */
export interface InvalidationBus {
  /** The NOTIFY channel `publish` sends on, when a write may send the message itself (invalidateWithin). */
  readonly channel?: string;
  /** Sends `message` to every instance (this one included), after the write committed. */
  publish(message: string): void;
  /** `onMessage` for each message; `onReset` whenever messages may have been lost (reconnect). */
  subscribe(onMessage: (message: string) => void, onReset: () => void): void;
  /** False while the bus is not listening: caches must not answer from memory then. */
  readonly live: boolean;
}

export interface ReadCacheOptions {
  /** Cross-instance invalidation; `namespace` keeps the keys of different caches apart on it. */
  bus?: { bus: InvalidationBus; namespace: string };
  /** Entries older than this are reloaded (a backstop for a lost message); none by default. */
  ttlMs?: number;
  now?: () => number;
}

export function createReadCache<K, V>(max: number, options: ReadCacheOptions = {}): ReadCache<K, V> {
  const { bus, ttlMs, now = Date.now } = options;
  const values = new Map<K, { value: V; at: number }>();
  // Bumped by every invalidation, so a read that started before a write never stores its stale row.
  const versions = new Map<K, number>();
  // Bumped when the bus may have lost messages (and when `versions` is trimmed): reads in flight
  // then store nothing.
  let epoch = 0;

  const dropLocal = (key: K) => {
    values.delete(key);
    versions.set(key, (versions.get(key) ?? 0) + 1);
    if (versions.size > max * 4) {
      versions.clear();
      epoch++;
    }
  };

  const prefix = bus ? `${bus.namespace}:` : '';
  // Each cache tags what it sends: its own message comes back after the write's reread was cached,
  // and dropping that fresh entry would cost every writer a second read (issue 31 §4).
  const origin = randomBytes(6).toString('base64url');
  const ORIGIN_END = '\u0002';
  // Not a key: keys follow the prefix, this message is the prefix and a control character no key starts with (NUL cannot travel in NOTIFY).
  const clearMessage = `${prefix}\u0001clear`;
  const dropAll = () => {
    values.clear();
    epoch++;
  };
  const message = (key: K) => `${prefix}${origin}${ORIGIN_END}${String(key)}`;
  const invalidate = (key: K) => {
    dropLocal(key);
    bus?.bus.publish(message(key));
  };
  bus?.bus.subscribe(
    (message) => {
      if (message === clearMessage) dropAll();
      else if (message.startsWith(prefix)) {
        const tagged = message.slice(prefix.length);
        const end = tagged.indexOf(ORIGIN_END);
        // Invalidated here already, before it was sent.
        if (end >= 0 && tagged.slice(0, end) === origin) return;
        dropLocal(tagged.slice(end + 1) as K);
      }
    },
    () => {
      values.clear();
      epoch++;
    },
  );

  const peek = (key: K): V | undefined => {
    if (bus && !bus.bus.live) return undefined;
    const hit = values.get(key);
    return hit !== undefined && (ttlMs === undefined || now() - hit.at < ttlMs) ? hit.value : undefined;
  };

  return {
    peek,
    async get(key, load) {
      if (bus && !bus.bus.live) return load();
      const hit = peek(key);
      if (hit !== undefined) return hit;
      const version = versions.get(key) ?? 0;
      const startEpoch = epoch;
      const value = await load();
      if (value !== undefined && (versions.get(key) ?? 0) === version && epoch === startEpoch) {
        if (values.size >= max) values.delete(values.keys().next().value as K);
        values.set(key, { value, at: now() });
      }
      return value;
    },
    invalidate,
    clear() {
      dropAll();
      bus?.bus.publish(clearMessage);
    },
    async invalidateAfter(key, write) {
      try {
        return await write();
      } finally {
        invalidate(key);
      }
    },
    async invalidateWithin(key, write) {
      const channel = bus?.bus.channel;
      const notify = bus && channel ? { channel, payload: message(key) } : null;
      try {
        return await write(notify);
      } finally {
        if (notify || !bus) dropLocal(key);
        else invalidate(key);
      }
    },
  };
}

export function disabledReadCache<K, V>(): ReadCache<K, V> {
  return {
    get: (_key, load) => load(),
    peek: () => undefined,
    invalidate: () => undefined,
    clear: () => undefined,
    invalidateAfter: (_key, write) => write(),
    invalidateWithin: (_key, write) => write(null),
  };
}
