import { eq } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { nameChangeRequests } from '../../db/schema/index.js';

/** The name change module's part of a candidate's erasure (ADR 0049). */
export function createNameChangeErasureRepository(orm: Orm) {
  return {
    async eraseCandidate(profileId: string): Promise<void> {
      await orm.delete(nameChangeRequests).where(eq(nameChangeRequests.profileId, profileId));
    },
  };
}
