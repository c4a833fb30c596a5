import { eq, inArray } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { supportConversations, supportMessages } from '../../db/schema/index.js';

/** The support module's part of a candidate's erasure (ADR 0049): the chat. */
export function createSupportErasureRepository(orm: Orm) {
  return {
    async eraseCandidate(profileId: string): Promise<void> {
      await orm.transaction(async (tx) => {
        const mine = tx
          .select({ id: supportConversations.id })
          .from(supportConversations)
          .where(eq(supportConversations.profileId, profileId));
        await tx.delete(supportMessages).where(inArray(supportMessages.conversationId, mine));
        await tx.delete(supportConversations).where(eq(supportConversations.profileId, profileId));
      });
    },
  };
}
