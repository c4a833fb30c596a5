import { eq } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { nominations } from '../../db/schema/index.js';

/**
 * The nominations' part of a candidate's erasure (ADR 0049): the nominee's name, mobile and e-mail are
 * personal data of the candidate's choosing (and of the nominee's); every change goes, nothing is kept.
 */
export function createNominationErasureRepository(orm: Orm) {
  return {
    async eraseCandidate(profileId: string): Promise<void> {
      await orm.delete(nominations).where(eq(nominations.profileId, profileId));
    },
  };
}
