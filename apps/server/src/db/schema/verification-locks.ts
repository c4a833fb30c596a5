import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { staffAccounts } from './staff.js';
import { transactions } from './transactions.js';

/**
 * Who works one verification now (ADR 0026): a 5-minute lease, renewed by its holder; a lapsed row is
 * taken over by the next claim. One row per verification (the primary key), so two claims at once
 * meet on it and one wins.
 */
export const verificationLocks = pgTable(
  'verification_locks',
  {
    txnId: uuid('txn_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    verificationName: text('verification_name').notNull(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    acquiredAt: timestamp('acquired_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'verification_locks_pk', columns: [t.txnId, t.verificationName] })],
);
