import { eq, inArray } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { candidateInvitations, inviteBatchRows } from '../../db/schema/index.js';

/** The portal's part of a candidate's erasure (ADR 0049): invitations lose the name, mobile and e-mail. */
export function createOrgCandidatesErasureRepository(orm: Orm) {
  return {
    async eraseCandidate(txnIds: string[], mobile: string, placeholder: string): Promise<void> {
      await orm.transaction(async (tx) => {
        const erased = { name: placeholder, mobile: placeholder, email: null };
        if (txnIds.length > 0)
          await tx
            .update(candidateInvitations)
            .set(erased)
            .where(inArray(candidateInvitations.transactionId, txnIds));
        await tx.update(candidateInvitations).set(erased).where(eq(candidateInvitations.mobile, mobile));
        await tx.update(inviteBatchRows).set(erased).where(eq(inviteBatchRows.mobile, mobile));
      });
    },
  };
}
