/**
 * A bounded read-through cache for rows read far more often than written (docs/decisions/0005).
 * Coherent only when every write to those rows goes through the same process and calls
 * `invalidate`: true for the embedded PGlite (one process owns the folder, see db/client.ts), not for
 * PostgreSQL with several instances, where `disabledReadCache` is used instead.
 */
export interface ReadCache<K, V> {
  get(key: K, load: () => Promise<V | undefined>): Promise<V | undefined>;
  invalidate(key: K): void;
}

export function createReadCache<K, V>(max: number): ReadCache<K, V> {
  const values = new Map<K, V>();
  // Bumped by every invalidation, so a read that started before a write never stores its stale row.
  const versions = new Map<K, number>();
  return {
    async get(key, load) {
      const hit = values.get(key);
      if (hit !== undefined) return hit;
      const version = versions.get(key) ?? 0;
      const value = await load();
      if (value !== undefined && (versions.get(key) ?? 0) === version) {
        if (values.size >= max) values.delete(values.keys().next().value as K);
        values.set(key, value);
      }
      return value;
    },
    invalidate(key) {
      values.delete(key);
      versions.set(key, (versions.get(key) ?? 0) + 1);
      if (versions.size > max * 4) versions.clear();
    },
  };
}

export function disabledReadCache<K, V>(): ReadCache<K, V> {
  return { get: (_key, load) => load(), invalidate: () => undefined };
}
