import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { ekycForms } from './ekyc-forms.js';

/** A question a form asks before the candidate starts (spec §3 "Pre-start question"). */
export const prestartQuestions = pgTable(
  'prestart_questions',
  {
    id: text('id').primaryKey(),
    formId: text('form_id')
      .notNull()
      .references(() => ekycForms.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    question: text('question').notNull(),
    options: jsonb('options').$type<{ name: string; value: string }[]>().notNull(),
    required: boolean('required').notNull().default(true),
    /**
     * Set when an admin removes the question from the form (ADR 0029): new candidates no longer see it,
     * while the answers of transactions already started stay (a delete would cascade to them).
     */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [index('prestart_questions_form_idx').on(t.formId, t.position)],
);
