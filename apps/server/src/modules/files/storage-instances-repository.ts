import { and, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { storageInstances } from '../../db/schema/index.js';

export type StorageInstanceRow = typeof storageInstances.$inferSelect;
export type NewStorageInstance = Pick<StorageInstanceRow, 'id' | 'host' | 'pid' | 'kind' | 'location'>;

/**
 * The registry of running instances and their file stores (issue 31 §3). Times are the database's
 * (`now()`), so hosts whose clocks differ agree on which rows are live.
 */
export function createStorageInstancesRepository(orm: Orm) {
  const staleBefore = (staleSeconds: number) => sql`now() - make_interval(secs => ${staleSeconds})`;
  return {
    async register(row: NewStorageInstance): Promise<void> {
      await orm
        .insert(storageInstances)
        .values(row)
        .onConflictDoUpdate({ target: storageInstances.id, set: { heartbeatAt: sql`now()` } });
    },

    /** Marks the instance alive; false when its row is gone (judged stale and removed by another). */
    async heartbeat(id: string): Promise<boolean> {
      const rows = await orm
        .update(storageInstances)
        .set({ heartbeatAt: sql`now()` })
        .where(eq(storageInstances.id, id))
        .returning({ id: storageInstances.id });
      return rows.length > 0;
    },

    async remove(id: string): Promise<void> {
      await orm.delete(storageInstances).where(eq(storageInstances.id, id));
    },

    /** Removes the rows of instances silent for `staleSeconds` (killed, never stopped); their ids. */
    async removeStale(staleSeconds: number): Promise<string[]> {
      const rows = await orm
        .delete(storageInstances)
        .where(lt(storageInstances.heartbeatAt, staleBefore(staleSeconds)))
        .returning({ id: storageInstances.id });
      return rows.map((r) => r.id);
    },

    /** The other instances heard from within `staleSeconds`, with how long until each goes stale. */
    async liveOthers(
      id: string,
      staleSeconds: number,
    ): Promise<(StorageInstanceRow & { staleInSeconds: number })[]> {
      return orm
        .select({
          id: storageInstances.id,
          host: storageInstances.host,
          pid: storageInstances.pid,
          kind: storageInstances.kind,
          location: storageInstances.location,
          startedAt: storageInstances.startedAt,
          heartbeatAt: storageInstances.heartbeatAt,
          staleInSeconds: sql<number>`greatest(0, ceil(extract(epoch from ${storageInstances.heartbeatAt} + make_interval(secs => ${staleSeconds}) - now())))::int`,
        })
        .from(storageInstances)
        .where(and(ne(storageInstances.id, id), gte(storageInstances.heartbeatAt, staleBefore(staleSeconds))))
        .orderBy(storageInstances.startedAt);
    },
  };
}
export type StorageInstancesRepository = ReturnType<typeof createStorageInstancesRepository>;
