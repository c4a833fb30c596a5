import type { NominationAction, NomineeRelationship } from '@veridocs/shared';
import { bigserial, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profiles.js';

/**
 * A candidate's nominee (issue 29, DPDP Act s. 14, migration 0045): every change is a row (named,
 * changed, removed), never updated, so the history keeps each with its time; the current nominee is the
 * profile's last row unless that row removed it. Erased with the candidate.
 */
export const nominations = pgTable(
  'nominations',
  {
    /** Orders a profile's changes even when two share a time. */
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id),
    action: text('action').$type<NominationAction>().notNull(),
    /** The nominee as named; null on a removal. */
    name: text('name'),
    relationship: text('relationship').$type<NomineeRelationship>(),
    mobile: text('mobile'),
    email: text('email'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('nominations_profile_idx').on(t.profileId, t.seq)],
);
