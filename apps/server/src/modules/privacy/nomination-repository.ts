import { desc, eq, sql } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { nominations } from '../../db/schema/index.js';

export type NominationRow = typeof nominations.$inferSelect;
export type NominationFacts = Omit<typeof nominations.$inferInsert, 'seq' | 'profileId' | 'action'>;

/** The profile's row lock: one change of a profile's nomination at a time (named vs changed decided under it). */
const lockProfile = (profileId: string) =>
  sql`select pg_advisory_xact_lock(hashtext('veridocs.nominations'), hashtext(${profileId}))`;

/** A candidate's nominations, every change a row (issue 29, DPDP Act s. 14). */
export function createNominationRepository(orm: Orm) {
  return {
    /** The profile's changes, newest first. */
    async history(profileId: string): Promise<NominationRow[]> {
      return orm
        .select()
        .from(nominations)
        .where(eq(nominations.profileId, profileId))
        .orderBy(desc(nominations.seq));
    },

    /** The profile's last change, or undefined. */
    async latest(profileId: string): Promise<NominationRow | undefined> {
      const [row] = await orm
        .select()
        .from(nominations)
        .where(eq(nominations.profileId, profileId))
        .orderBy(desc(nominations.seq))
        .limit(1);
      return row;
    },

    /**
     * Appends what `decide` makes of the profile's last change, read under the profile's lock (null:
     * nothing to record, e.g. the same nominee again), so a double submit is one change.
     */
    async appendDecided(
      profileId: string,
      decide: (
        last: NominationRow | undefined,
      ) => (NominationFacts & { action: NominationRow['action'] }) | null,
    ): Promise<NominationRow | null> {
      return orm.transaction(async (tx) => {
        await tx.execute(lockProfile(profileId));
        const [last] = await tx
          .select()
          .from(nominations)
          .where(eq(nominations.profileId, profileId))
          .orderBy(desc(nominations.seq))
          .limit(1);
        const facts = decide(last);
        if (!facts) return null;
        const [row] = await tx
          .insert(nominations)
          .values({ ...facts, profileId })
          .returning();
        return row!;
      });
    },
  };
}
export type NominationRepository = ReturnType<typeof createNominationRepository>;
