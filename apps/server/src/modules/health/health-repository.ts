import { sql } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';

export function createHealthRepository(orm: Orm) {
  return {
    /** A trivial round trip to the database. */
    async ping(): Promise<void> {
      await orm.execute(sql`select 1`);
    },
  };
}
export type HealthRepository = ReturnType<typeof createHealthRepository>;
