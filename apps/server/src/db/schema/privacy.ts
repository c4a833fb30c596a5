import type { BreachAffected, BreachDataClass, BreachNoticeText } from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  bigserial,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The consent ledger (ADR 0049): append-only (a trigger refuses UPDATE, DELETE and TRUNCATE) and
 * chained, each entry holding the previous one's hash. No foreign keys: it outlives the candidate's
 * data (erasure anonymises the profile, the ledger keeps only ids as the proof of consent).
 */
export const consentLedger = pgTable(
  'consent_ledger',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey(),
    profileId: uuid('profile_id').notNull(),
    orgId: text('org_id').notNull(),
    formId: text('form_id').notNull(),
    txnId: uuid('txn_id'),
    noticeHash: text('notice_hash').notNull(),
    action: text('action').$type<'consent' | 'refuse' | 'withdraw'>().notNull(),
    /** Sorted by purpose: [{ purpose, granted }]. */
    purposes: jsonb('purposes').$type<{ purpose: string; granted: boolean }[]>().notNull(),
    channel: text('channel').$type<'web' | 'api' | 'digilocker'>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    index('consent_ledger_profile_idx').on(t.profileId, t.seq),
    check('consent_ledger_seq_positive', sql`${t.seq} > 0`),
  ],
);

/** Each distinct notice text a candidate was shown, once, by the SHA-256 of its UTF-8 text. */
export const privacyNotices = pgTable('privacy_notices', {
  hash: text('hash').primaryKey(),
  language: text('language').notNull(),
  templateVersion: text('template_version').notNull(),
  text: text('text').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * The breach register (ADR 0049 "Breaches"): an entry and its versions, append-only (a trigger refuses
 * UPDATE and DELETE): a correction is the next version. Staff ids without foreign keys: the register
 * outlives accounts.
 */
export const breaches = pgTable(
  'breaches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    createdBy: uuid('created_by'),
  },
  (t) => [index('breaches_created_idx').on(t.createdAt)],
);

export const breachVersions = pgTable(
  'breach_versions',
  {
    breachId: uuid('breach_id')
      .notNull()
      .references(() => breaches.id),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    foundAt: timestamp('found_at', { withTimezone: true }).notNull(),
    occurredFrom: timestamp('occurred_from', { withTimezone: true }),
    occurredTo: timestamp('occurred_to', { withTimezone: true }),
    dataClasses: jsonb('data_classes').$type<BreachDataClass[]>().notNull(),
    /** The saved selector of the people affected, and how many it matched then. */
    affected: jsonb('affected').$type<BreachAffected>().notNull(),
    affectedCount: integer('affected_count').notNull(),
    /** What the people affected read: { en, hi | null }. */
    notice: jsonb('notice').$type<{ en: BreachNoticeText; hi: BreachNoticeText | null }>().notNull(),
    boardNotifiedAt: timestamp('board_notified_at', { withTimezone: true }),
    authorId: uuid('author_id'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.breachId, t.version] }),
    check('breach_versions_version_positive', sql`${t.version} > 0`),
  ],
);

/**
 * One notice of a breach version to one candidate (unique: a retried "notify" queues nothing more),
 * delivered by the breach notices' job: claimed with SKIP LOCKED and leased (due_at moved on), then
 * marked sent.
 */
export const breachNotices = pgTable(
  'breach_notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    breachId: uuid('breach_id').notNull(),
    version: integer('version').notNull(),
    profileId: uuid('profile_id').notNull(),
    status: text('status').$type<'queued' | 'sent' | 'failed'>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The language it was written in, once sent. */
    language: text('language'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    foreignKey({
      columns: [t.breachId, t.version],
      foreignColumns: [breachVersions.breachId, breachVersions.version],
    }),
    uniqueIndex('breach_notices_once_uq').on(t.breachId, t.version, t.profileId),
    index('breach_notices_due_idx').on(t.status, t.dueAt),
  ],
);

/** What one class lost in a purge: rows deleted and stored objects removed. */
export interface PurgeCount {
  rows: number;
  objects: number;
}

/**
 * Each day's purge (ADR 0049 "Retention schedule"): the report of what each data class lost and the
 * consent ledger's head hash at the time, so a later rewrite of the chain contradicts earlier reports.
 * One row per IST day; the instance holding `lease_until` runs it.
 */
export const purgeRuns = pgTable(
  'purge_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').$type<'running' | 'done' | 'failed'>().notNull().default('running'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
    counts: jsonb('counts')
      .$type<Record<string, PurgeCount>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    ledgerHeadHash: text('ledger_head_hash'),
    ledgerOk: boolean('ledger_ok'),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('purge_runs_day_uq').on(t.day),
    check('purge_runs_status_known', sql`${t.status} in ('running', 'done', 'failed')`),
  ],
);

/**
 * Every disclosure of a candidate's data outside the team (ADR 0049 "Disclosures"), written in the
 * database transaction of the act; the candidate's access page lists them. Ids without foreign keys:
 * the record of who received what outlives the request (erasure keeps the profile's random id).
 */
export const disclosures = pgTable(
  'disclosures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id').notNull(),
    txnId: uuid('txn_id'),
    recipientKind: text('recipient_kind')
      .$type<'organisation' | 'partner' | 'institution' | 'issuer' | 'verifier'>()
      .notNull(),
    recipientName: text('recipient_name').notNull(),
    what: text('what')
      .$type<'report' | 'result' | 'request' | 'credential_share' | 'issuer_pull'>()
      .notNull(),
    /** Short: ids and documents' names only. */
    detail: text('detail').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('disclosures_profile_at_idx').on(t.profileId, t.at, t.id),
    check(
      'disclosures_recipient_kind',
      sql`${t.recipientKind} in ('organisation', 'partner', 'institution', 'issuer', 'verifier')`,
    ),
  ],
);
