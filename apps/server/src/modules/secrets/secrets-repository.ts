import { eq } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { appSecrets } from '../../db/schema/index.js';

export function createSecretsRepository(orm: Orm) {
  return {
    /**
     * Returns the stored value of `name`, storing `candidate` first if there is none. Several
     * instances starting together all end up with the one value that won the insert.
     */
    async getOrInsert(name: string, candidate: string): Promise<string> {
      await orm
        .insert(appSecrets)
        .values({ name, value: candidate })
        .onConflictDoNothing({ target: appSecrets.name });
      const [row] = await orm
        .select({ value: appSecrets.value })
        .from(appSecrets)
        .where(eq(appSecrets.name, name));
      if (!row) throw new Error(`Secret ${name} vanished after insert`);
      return row.value;
    },

    async remove(name: string): Promise<void> {
      await orm.delete(appSecrets).where(eq(appSecrets.name, name));
    },
  };
}
export type SecretsRepository = ReturnType<typeof createSecretsRepository>;
