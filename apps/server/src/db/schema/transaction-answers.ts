import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { prestartQuestions } from './prestart-questions.js';
import { transactions } from './transactions.js';

/** The candidate's answer to one pre-start question of their transaction's form. */
export const transactionAnswers = pgTable(
  'transaction_answers',
  {
    txnId: uuid('txn_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    questionId: text('question_id')
      .notNull()
      .references(() => prestartQuestions.id, { onDelete: 'cascade' }),
    answer: text('answer').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'transaction_answers_pk', columns: [t.txnId, t.questionId] })],
);
