import { eq } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { disclosures } from '../../db/schema/index.js';

/**
 * The disclosures' part of a candidate's erasure (ADR 0049): who received what and when stays (the
 * record of the fiduciary's acts, by the profile's random id), the detail goes: it names documents, and
 * a document's name may carry the person's.
 */
export function createDisclosuresErasureRepository(orm: Orm) {
  return {
    async eraseDetails(profileId: string): Promise<void> {
      await orm.update(disclosures).set({ detail: '' }).where(eq(disclosures.profileId, profileId));
    },
  };
}
