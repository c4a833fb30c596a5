import { and, asc, desc, eq, gt, gte, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { profiles, staffAccounts, supportConversations, supportMessages } from '../../db/schema/index.js';

export type ConversationRow = typeof supportConversations.$inferSelect;
export interface MessageRow {
  seq: number;
  id: string;
  author: 'candidate' | 'team';
  authorName: string | null;
  body: string;
  createdAt: Date;
}
export interface ConversationWithCandidate extends ConversationRow {
  candidateName: string | null;
  candidateMobile: string;
}

const messageColumns = {
  seq: supportMessages.seq,
  id: supportMessages.id,
  author: supportMessages.author,
  authorName: staffAccounts.name,
  body: supportMessages.body,
  createdAt: supportMessages.createdAt,
};

/** The inbox's keyset position: the last row of the previous page. */
export interface InboxCursor {
  waiting: boolean;
  updatedAt: Date;
  id: string;
}

class TooManyUnanswered extends Error {}

/** Support conversations and their messages (ADR 0032). */
export function createSupportRepository(orm: Orm) {
  async function messagesOf(conversationId: string, afterSeq = 0, limit = 500): Promise<MessageRow[]> {
    const rows = await orm
      .select(messageColumns)
      .from(supportMessages)
      .leftJoin(staffAccounts, eq(staffAccounts.id, supportMessages.staffId))
      .where(and(eq(supportMessages.conversationId, conversationId), gt(supportMessages.seq, afterSeq)))
      .orderBy(desc(supportMessages.seq))
      .limit(limit);
    return rows.reverse();
  }

  return {
    messagesOf,

    /**
     * The retention purge (ADR 0049): up to `limit` conversations whose last message was before `cutoff`,
     * with their messages. Answers the rows deleted (messages and conversations).
     */
    async purgeQuietBefore(cutoff: Date, limit: number): Promise<number> {
      return orm.transaction(async (tx) => {
        const doomed = await tx
          .select({ id: supportConversations.id })
          .from(supportConversations)
          .where(
            and(
              lt(supportConversations.updatedAt, cutoff),
              notExists(
                tx
                  .select({ one: sql`1` })
                  .from(supportMessages)
                  .where(
                    and(
                      eq(supportMessages.conversationId, supportConversations.id),
                      gte(supportMessages.createdAt, cutoff),
                    ),
                  ),
              ),
            ),
          )
          .orderBy(asc(supportConversations.id))
          .limit(limit)
          .for('update', { skipLocked: true });
        if (doomed.length === 0) return 0;
        const ids = doomed.map((d) => d.id);
        const messages = await tx
          .delete(supportMessages)
          .where(inArray(supportMessages.conversationId, ids))
          .returning({ seq: supportMessages.seq });
        const conversations = await tx
          .delete(supportConversations)
          .where(inArray(supportConversations.id, ids))
          .returning({ id: supportConversations.id });
        return messages.length + conversations.length;
      });
    },

    async conversationOfProfile(profileId: string): Promise<ConversationRow | undefined> {
      const [row] = await orm
        .select()
        .from(supportConversations)
        .where(eq(supportConversations.profileId, profileId));
      return row;
    },

    /** The sequence number of a message of this conversation (undefined: not one of its messages). */
    async seqOf(conversationId: string, messageId: string): Promise<number | undefined> {
      const [row] = await orm
        .select({ seq: supportMessages.seq })
        .from(supportMessages)
        .where(and(eq(supportMessages.conversationId, conversationId), eq(supportMessages.id, messageId)));
      return row?.seq;
    },

    /**
     * The candidate's message; opens the conversation on the first one. Refused (null) when the
     * candidate already wrote `maxUnanswered` messages the team has not answered.
     */
    async addCandidateMessage(
      profileId: string,
      body: string,
      at: Date,
      maxUnanswered: number,
    ): Promise<{ conversationId: string; message: MessageRow } | null> {
      return orm
        .transaction(async (tx) => {
          const [conversation] = await tx
            .insert(supportConversations)
            .values({ profileId, lastAuthor: 'candidate', createdAt: at, updatedAt: at })
            .onConflictDoUpdate({
              target: supportConversations.profileId,
              set: { lastAuthor: 'candidate', updatedAt: at },
            })
            .returning();
          const conversationId = conversation!.id;
          // Candidate messages since the team's last one (a row lock on the conversation serialises this).
          const [counted] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(supportMessages)
            .where(
              and(
                eq(supportMessages.conversationId, conversationId),
                eq(supportMessages.author, 'candidate'),
                sql`${supportMessages.seq} > coalesce((select max(m.seq) from ${supportMessages} m where m.conversation_id = ${conversationId} and m.author = 'team'), 0)`,
              ),
            );
          // Thrown to roll back the conversation's touch as well.
          if ((counted?.n ?? 0) >= maxUnanswered) throw new TooManyUnanswered();
          const [message] = await tx
            .insert(supportMessages)
            .values({ conversationId, author: 'candidate', body, createdAt: at })
            .returning();
          return {
            conversationId,
            message: { ...message!, author: 'candidate' as const, authorName: null },
          };
        })
        .catch((error: unknown) => {
          if (error instanceof TooManyUnanswered) return null;
          throw error;
        });
    },

    async addTeamMessage(
      conversationId: string,
      staffId: string,
      body: string,
      at: Date,
    ): Promise<MessageRow | null> {
      return orm.transaction(async (tx) => {
        const [conversation] = await tx
          .update(supportConversations)
          .set({ lastAuthor: 'team', updatedAt: at })
          .where(eq(supportConversations.id, conversationId))
          .returning();
        if (!conversation) return null;
        const [message] = await tx
          .insert(supportMessages)
          .values({ conversationId, author: 'team', staffId, body, createdAt: at })
          .returning();
        const [staff] = await tx
          .select({ name: staffAccounts.name })
          .from(staffAccounts)
          .where(eq(staffAccounts.id, staffId));
        return { ...message!, author: 'team' as const, authorName: staff?.name ?? null };
      });
    },

    async conversation(id: string): Promise<ConversationWithCandidate | undefined> {
      const [row] = await orm
        .select({
          id: supportConversations.id,
          profileId: supportConversations.profileId,
          lastAuthor: supportConversations.lastAuthor,
          createdAt: supportConversations.createdAt,
          updatedAt: supportConversations.updatedAt,
          candidateName: profiles.name,
          candidateMobile: profiles.mobile,
        })
        .from(supportConversations)
        .innerJoin(profiles, eq(profiles.id, supportConversations.profileId))
        .where(eq(supportConversations.id, id));
      return row;
    },

    /**
     * Conversations the team owes an answer first, then newest activity first; keyset
     * (waiting, updatedAt, id) below the cursor, in that one order (ADR 0035).
     */
    async inbox(options: {
      waitingOnly: boolean;
      limit: number;
      before: InboxCursor | null;
    }): Promise<ConversationWithCandidate[]> {
      const { waitingOnly, limit, before } = options;
      const waiting = sql<number>`(case when ${supportConversations.lastAuthor} = 'candidate' then 1 else 0 end)`;
      return orm
        .select({
          id: supportConversations.id,
          profileId: supportConversations.profileId,
          lastAuthor: supportConversations.lastAuthor,
          createdAt: supportConversations.createdAt,
          updatedAt: supportConversations.updatedAt,
          candidateName: profiles.name,
          candidateMobile: profiles.mobile,
        })
        .from(supportConversations)
        .innerJoin(profiles, eq(profiles.id, supportConversations.profileId))
        .where(
          and(
            waitingOnly ? eq(supportConversations.lastAuthor, 'candidate') : undefined,
            before
              ? sql`(${waiting}, ${supportConversations.updatedAt}, ${supportConversations.id}) < (${before.waiting ? 1 : 0}, ${before.updatedAt.toISOString()}::timestamptz, ${before.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(waiting), desc(supportConversations.updatedAt), desc(supportConversations.id))
        .limit(limit);
    },

    /** The last message of each conversation, in one query (DISTINCT ON over the (conversation, seq) index). */
    async lastMessages(conversationIds: string[]): Promise<Map<string, MessageRow>> {
      const result = new Map<string, MessageRow>();
      if (conversationIds.length === 0) return result;
      const rows = await orm
        .selectDistinctOn([supportMessages.conversationId], {
          conversationId: supportMessages.conversationId,
          ...messageColumns,
        })
        .from(supportMessages)
        .leftJoin(staffAccounts, eq(staffAccounts.id, supportMessages.staffId))
        .where(inArray(supportMessages.conversationId, conversationIds))
        .orderBy(supportMessages.conversationId, desc(supportMessages.seq));
      for (const { conversationId, ...message } of rows) result.set(conversationId, message);
      return result;
    },
  };
}
export type SupportRepository = ReturnType<typeof createSupportRepository>;
