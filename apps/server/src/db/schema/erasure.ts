import type { ErasureKept } from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profiles.js';

/**
 * A candidate's erasure request (issue 29, ADR 0049 "Erasure", migration 0043): carried out by the
 * erasure job once `due_at` has passed, claimed with SKIP LOCKED and leased (`lease_until`); `held` while
 * a live dispute lasts; `kept` is what stayed, per category. One open request per profile.
 */
export const erasureRequests = pgTable(
  'erasure_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id),
    origin: text('origin').$type<'candidate' | 'minor'>().notNull().default('candidate'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    status: text('status').$type<'requested' | 'held' | 'done'>().notNull().default('requested'),
    heldReason: text('held_reason'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    kept: jsonb('kept').$type<ErasureKept[]>().notNull().default([]),
    /** The confirmation SMS went (before the mobile was erased): a resumed run does not send it twice. */
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('erasure_requests_open_uq')
      .on(t.profileId)
      .where(sql`${t.status} <> 'done'`),
    index('erasure_requests_due_idx')
      .on(t.dueAt)
      .where(sql`${t.status} <> 'done'`),
  ],
);

/** An admin's legal hold on a candidate's erasure (a live dispute); released by deleting the row. */
export const legalHolds = pgTable('legal_holds', {
  profileId: uuid('profile_id')
    .primaryKey()
    .references(() => profiles.id),
  reason: text('reason').notNull(),
  setBy: text('set_by').notNull(),
  setAt: timestamp('set_at', { withTimezone: true }).notNull(),
});
