import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.js';

export const ekycForms = pgTable(
  'ekyc_forms',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    /** Unix seconds; -1 means the form never expires (spec §3). */
    expiry: bigint('expiry', { mode: 'number' }).notNull().default(-1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ekyc_forms_org_idx').on(t.orgId)],
);
