import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Verifications the candidate has done, keyed by lowercase category (spec §3 "Profile"). */
export type VerificationDetailList = Record<
  string,
  { verificationList: { type: string; subType?: string | null }[] }
>;

export const profiles = pgTable('profiles', {
  id: uuid('id').primaryKey().defaultRandom(),
  mobile: text('mobile').notNull().unique(),
  name: text('name').notNull(),
  agentId: text('agent_id'),
  verificationDetailList: jsonb('verification_detail_list')
    .$type<VerificationDetailList>()
    .notNull()
    .default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
