import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The running instances and where each keeps uploaded files (issue 31 §3, ADR 0050): a starting
 * instance refuses to run beside a live one whose files it cannot read. Live: a heartbeat within the
 * last few minutes (jobs/storage-instances.ts); a clean stop deletes its row.
 */
export const storageInstances = pgTable('storage_instances', {
  /** Random per start; with local storage also the name of its marker file in the folder. */
  id: uuid('id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  /** `local` or `s3`. */
  kind: text('kind').notNull(),
  /** The folder (local) or `s3://<bucket>`. */
  location: text('location').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
});
