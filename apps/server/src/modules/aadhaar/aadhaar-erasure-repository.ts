import { eq } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { aadhaarRequests } from '../../db/schema/index.js';

/** The Aadhaar module's part of a candidate's erasure (ADR 0049): its e-KYC requests. */
export function createAadhaarErasureRepository(orm: Orm) {
  return {
    async eraseCandidate(profileId: string): Promise<void> {
      await orm.delete(aadhaarRequests).where(eq(aadhaarRequests.profileId, profileId));
    },
  };
}
