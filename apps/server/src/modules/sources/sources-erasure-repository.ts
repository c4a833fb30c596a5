import { eq } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { digilockerSessions, issuerPulls } from '../../db/schema/index.js';

/** The issuer sources' part of a candidate's erasure (ADR 0049): DigiLocker sessions and issuer pulls. */
export function createSourcesErasureRepository(orm: Orm) {
  return {
    async eraseCandidate(profileId: string): Promise<void> {
      await orm.transaction(async (tx) => {
        await tx.delete(issuerPulls).where(eq(issuerPulls.profileId, profileId));
        await tx.delete(digilockerSessions).where(eq(digilockerSessions.profileId, profileId));
      });
    },
  };
}
