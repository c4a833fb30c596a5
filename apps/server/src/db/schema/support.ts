import { bigserial, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profiles.js';
import { staffAccounts } from './staff.js';

/**
 * A candidate's support conversation (ADR 0032): one per profile, opened by the first message.
 * `lastAuthor` is 'candidate' while the team owes an answer (the inbox's "waiting" filter).
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    lastAuthor: text('last_author').$type<'candidate' | 'team'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('support_conversations_profile_uq').on(t.profileId),
    index('support_conversations_updated_idx').on(t.updatedAt, t.id),
  ],
);

/** One message of a conversation; `staffId` is the team member who wrote a team message. */
export const supportMessages = pgTable(
  'support_messages',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    id: uuid('id').notNull().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => supportConversations.id, { onDelete: 'cascade' }),
    author: text('author').$type<'candidate' | 'team'>().notNull(),
    staffId: uuid('staff_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('support_messages_id_uq').on(t.id),
    index('support_messages_conversation_idx').on(t.conversationId, t.seq),
  ],
);
