import type { State } from '@veridocs/shared';
import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { ekycForms } from './ekyc-forms.js';
import { organisations } from './organisations.js';
import { profiles } from './profiles.js';

/** A candidate's verification request on a form: one per candidate and form. */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    orgId: text('org_id')
      .notNull()
      .references(() => organisations.id),
    formId: text('form_id')
      .notNull()
      .references(() => ekycForms.id),
    // A text column typed in TypeScript only (no migration); every write goes through state-machine.ts.
    state: text('state').$type<State>().notNull().default('NOT_INITIALIZED'),
    expectedMaxDate: timestamp('expected_max_date', { withTimezone: true }),
    /** The evaluation partner whose reference number the candidate proved by e-mail OTP (eval-info). */
    evalProvider: text('eval_provider'),
    evalReference: text('eval_reference'),
    /** The partner's registered e-mail address, masked as it was shown (never the address itself). */
    evalEmailMasked: text('eval_email_masked'),
    evalValidatedAt: timestamp('eval_validated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('transactions_profile_form_uq').on(t.profileId, t.formId),
    index('transactions_profile_created_idx').on(t.profileId, t.createdAt),
  ],
);
