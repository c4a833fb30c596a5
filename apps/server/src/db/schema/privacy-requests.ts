import type {
  CorrectionCategory,
  PrivacyTicketKind,
  PrivacyTicketOutcome,
  PrivacyTicketStatus,
} from '@veridocs/shared';
import { bigserial, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profiles.js';
import { transactions } from './transactions.js';

/**
 * A candidate's correction request or grievance ticket (issue 29, ADR 0049, migration 0044): its
 * reference is the kind's prefix and `number`; due 90 days after it was filed; answered once by the
 * team (outcome, answer). Erasure blanks its texts (`erased_at`) and keeps the rest as the record of the
 * grievance officer's timing.
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: bigserial('number', { mode: 'number' }).notNull().unique(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id),
    kind: text('kind').$type<PrivacyTicketKind>().notNull(),
    category: text('category').$type<CorrectionCategory>(),
    txnId: uuid('txn_id').references(() => transactions.id),
    subject: text('subject'),
    text: text('text').notNull(),
    proposed: text('proposed'),
    status: text('status').$type<PrivacyTicketStatus>().notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    outcome: text('outcome').$type<PrivacyTicketOutcome>(),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: text('answered_by'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    erasedAt: timestamp('erased_at', { withTimezone: true }),
  },
  (t) => [
    index('privacy_requests_profile_idx').on(t.profileId, t.createdAt),
    index('privacy_requests_due_idx').on(t.status, t.dueAt),
  ],
);
