import type { OrgBucket, State } from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { ekycForms } from './ekyc-forms.js';
import { organisations } from './organisations.js';
import { profiles } from './profiles.js';
import { staffAccounts } from './staff.js';

/** The console's queues (ADR 0026); the values of OPS_QUEUES in packages/shared. */
export type QueueName = 'new' | 'in_progress' | 'action_required' | 'ready_to_close';

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
    // The console's queue columns (ADR 0026): derived from the state, the records and the paid orders,
    // rewritten by the transactions repository (refreshQueue) in the database transaction of every
    // change that moves them, so the queue list is one index range scan.
    /** The queue the transaction is in; null before submission and once terminal. */
    queue: text('queue').$type<QueueName>(),
    /** 0: fast track (an express order paid), 1: standard. Sorts first, ascending. */
    queueRank: smallint('queue_rank').notNull().default(1),
    /** expected_max_date, or 'infinity' when none: the nearest deadline sorts first. */
    queueDeadline: timestamp('queue_deadline', { withTimezone: true })
      .notNull()
      .default(sql`'infinity'`),
    /** When the candidate first submitted (the oldest sorts first among equals); null before. */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /**
     * The candidate's name (lower case, spaces collapsed) and mobile, copied from the profile for the
     * console's search: refreshQueue writes them, and a trigger on profiles (migration 0015) follows a
     * change of name or mobile, so they are never stale.
     */
    searchName: text('search_name'),
    searchMobile: text('search_mobile'),
    /** The team member the case is assigned to (POST /api/ops/cases/{txnId}/assign). */
    assigneeStaffId: uuid('assignee_staff_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
    /**
     * Where the candidate stands for the organisation portal (issue 28, ORG_BUCKETS) and since when:
     * rewritten with the queue columns, so the portal's dashboard is one index range scan.
     */
    orgBucket: text('org_bucket').$type<OrgBucket>().notNull().default('invited'),
    orgBucketSince: timestamp('org_bucket_since', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the retention purge deleted the closed request's results (answers, verification data, report,
     * credentials; ADR 0049 "Retention schedule"); null while they are kept. The row and its states stay.
     */
    resultsPurgedAt: timestamp('results_purged_at', { withTimezone: true }),
  },
  (t) => [
    unique('transactions_profile_form_uq').on(t.profileId, t.formId),
    index('transactions_profile_created_idx').on(t.profileId, t.createdAt),
    // The queue order (ADR 0026): a keyset page is one range scan of these, the rest of the row too.
    index('transactions_queue_idx')
      .on(t.queue, t.queueRank, t.queueDeadline, t.submittedAt, t.id)
      .where(sql`${t.queue} is not null`),
    index('transactions_queue_org_idx')
      .on(t.orgId, t.queue, t.queueRank, t.queueDeadline, t.submittedAt, t.id)
      .where(sql`${t.queue} is not null`),
    index('transactions_queue_form_idx')
      .on(t.formId, t.queue, t.queueRank, t.queueDeadline, t.submittedAt, t.id)
      .where(sql`${t.queue} is not null`),
    // Search within a queue (ADR 0026): a name's or a mobile's start, or a mobile's last digits, as
    // byte-order ranges (collation "C"), which a btree answers with a bound parameter too.
    // The name's index carries the queue order's columns too: a broad name ("neha", a twentieth of a
    // queue) is sorted from the index alone, without reading thousands of rows (bench ops-queues).
    index('transactions_queue_name_idx')
      .on(t.queue, sql`(${t.searchName} collate "C")`, t.queueRank, t.queueDeadline, t.submittedAt, t.id)
      .where(sql`${t.queue} is not null`),
    index('transactions_queue_mobile_idx')
      .on(t.queue, sql`(${t.searchMobile} collate "C")`)
      .where(sql`${t.queue} is not null`),
    index('transactions_queue_mobile_tail_idx')
      .on(t.queue, sql`(reverse(${t.searchMobile}) collate "C")`)
      .where(sql`${t.queue} is not null`),
    index('transactions_org_form_since_idx').on(t.formId, t.orgBucketSince, t.id),
    index('transactions_org_form_bucket_idx').on(t.formId, t.orgBucket, t.orgBucketSince, t.id),
    // The portal's search within a form (migration 0033): a name's start, or a mobile's last digits
    // (what the masked mobile shows), as byte-order ranges; the list's order columns ride along.
    index('transactions_org_form_name_idx').on(
      t.formId,
      sql`(${t.searchName} collate "C")`,
      t.orgBucketSince,
      t.id,
    ),
    index('transactions_org_form_mobile_tail_idx').on(
      t.formId,
      sql`(reverse(${t.searchMobile}) collate "C")`,
      t.orgBucketSince,
      t.id,
    ),
    // The results purge's walk (migration 0047): closed requests whose results are still kept, by id.
    index('transactions_results_due_idx')
      .on(t.id)
      .where(sql`${t.resultsPurgedAt} is null and ${t.state} in ('COMPLETED', 'FAILED', 'CLOSED')`),
    index('transactions_assignee_idx')
      .on(t.assigneeStaffId)
      .where(sql`${t.assigneeStaffId} is not null`),
  ],
);

/**
 * How many transactions of each organisation's form are in each portal bucket (issue 28): kept by
 * statement triggers on `transactions` (migration 0036), so the portal's form list reads a few rows
 * instead of counting a million. Written by no repository; read by org-candidates.
 */
export const orgBucketCounts = pgTable(
  'org_bucket_counts',
  {
    orgId: text('org_id').notNull(),
    formId: text('form_id').notNull(),
    bucket: text('bucket').$type<OrgBucket>().notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.formId, t.bucket] })],
);
