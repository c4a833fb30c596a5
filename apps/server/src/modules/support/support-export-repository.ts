import type { ExportChat } from '@veridocs/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { supportConversations, supportMessages } from '../../db/schema/index.js';

/**
 * The support module's part of a candidate's data export (ADR 0049 "Export"): their chat, every
 * message (the team's answers too, without the staff member's id).
 */
export function createSupportExportRepository(orm: Orm) {
  return {
    async chat(profileId: string): Promise<ExportChat[]> {
      const conversations = await orm
        .select()
        .from(supportConversations)
        .where(eq(supportConversations.profileId, profileId))
        .orderBy(asc(supportConversations.createdAt), asc(supportConversations.id));
      if (conversations.length === 0) return [];
      const messages = await orm
        .select()
        .from(supportMessages)
        .where(
          inArray(
            supportMessages.conversationId,
            conversations.map((c) => c.id),
          ),
        )
        .orderBy(asc(supportMessages.seq));
      return conversations.map((c) => ({
        conversationId: c.id,
        createdAt: c.createdAt.toISOString(),
        messages: messages
          .filter((m) => m.conversationId === c.id)
          .map((m) => ({ author: m.author, body: m.body, at: m.createdAt.toISOString() })),
      }));
    },
  };
}
