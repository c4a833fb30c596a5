import { eq } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { evaluationOtps } from '../../db/schema/index.js';

/** The evaluation module's part of a candidate's erasure (ADR 0049): the partner e-mail OTPs. */
export function createEvaluationErasureRepository(orm: Orm) {
  return {
    async eraseCandidate(profileId: string): Promise<void> {
      await orm.delete(evaluationOtps).where(eq(evaluationOtps.profileId, profileId));
    },
  };
}
