import { and, eq } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { privacyRequests } from '../../db/schema/index.js';

/**
 * The correction requests' and grievance tickets' part of a candidate's erasure (issue 29, ADR 0049):
 * an open grievance is a live dispute (the erasure waits for its answer); once it runs, an open
 * correction is closed and every request's texts are blanked. Kind, reference, dates, status and
 * outcome stay, the record of the grievance officer's timing, joined by the profile's random id only.
 */
export function createRequestsErasureRepository(orm: Orm) {
  return {
    async hasOpenGrievance(profileId: string): Promise<boolean> {
      const [row] = await orm
        .select({ id: privacyRequests.id })
        .from(privacyRequests)
        .where(
          and(
            eq(privacyRequests.profileId, profileId),
            eq(privacyRequests.kind, 'grievance'),
            eq(privacyRequests.status, 'open'),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    async eraseCandidate(profileId: string, at: Date): Promise<void> {
      await orm
        .update(privacyRequests)
        .set({ status: 'closed', closedAt: at })
        .where(and(eq(privacyRequests.profileId, profileId), eq(privacyRequests.status, 'open')));
      await orm
        .update(privacyRequests)
        .set({ text: '', subject: null, proposed: null, answer: null, erasedAt: at })
        .where(eq(privacyRequests.profileId, profileId));
    },
  };
}
