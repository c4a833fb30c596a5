import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AnsweredFact, ClaimedFact, InstitutionKind, InstitutionMethod } from '@veridocs/shared';
import { staffAccounts } from './staff.js';

/**
 * The institution directory (issue 27): an institute or board of the reference data (by its value) or an
 * employer as it appears in cases (by name). Its turnaround figures are kept by each answer, in the
 * answer's database transaction, so the directory sorts by them with an index (ADR 0046).
 */
export const institutions = pgTable(
  'institutions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<InstitutionKind>().notNull(),
    /** reference_options.value for an institute or board; null for an employer. */
    refValue: text('ref_value'),
    name: text('name').notNull(),
    /** The name in lower case, spaces collapsed: one entry per kind and name. */
    nameKey: text('name_key').notNull(),
    method: text('method').$type<InstitutionMethod>().notNull().default('page'),
    feePaise: integer('fee_paise'),
    notes: text('notes'),
    requestsSent: integer('requests_sent').notNull().default(0),
    requestsAnswered: integer('requests_answered').notNull().default(0),
    /** From institution_turnaround at each answer; null before the first. */
    medianDays: integer('median_days'),
    p90Days: integer('p90_days'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('institutions_kind_name_uq').on(t.kind, t.nameKey),
    uniqueIndex('institutions_ref_uq')
      .on(t.kind, t.refValue)
      .where(sql`${t.refValue} is not null`),
    index('institutions_median_idx').on(t.medianDays, t.id),
    index('institutions_p90_idx').on(t.p90Days, t.id),
  ],
);

/**
 * How many of an institution's requests were first answered after so many working days: the exact
 * distribution its median and 90th percentile are read from, one row per distinct day count.
 */
export const institutionTurnaround = pgTable(
  'institution_turnaround',
  {
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    workingDays: integer('working_days').notNull(),
    answers: integer('answers').notNull(),
  },
  (t) => [primaryKey({ name: 'institution_turnaround_pk', columns: [t.institutionId, t.workingDays] })],
);

/**
 * A verification contact of an institution (the registrar's office, HR). Requests go only to a confirmed
 * address (its confirmation link, token hashed). Wrong codes count here: three close its links a while.
 */
export const institutionContacts = pgTable(
  'institution_contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    batchDaily: boolean('batch_daily').notNull().default(false),
    confirmTokenHash: text('confirm_token_hash'),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** Removed by an admin: no more requests; its answers stay. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    failedCodes: smallint('failed_codes').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('institution_contacts_email_uq').on(t.institutionId, t.email),
    uniqueIndex('institution_contacts_confirm_uq')
      .on(t.confirmTokenHash)
      .where(sql`${t.confirmTokenHash} is not null`),
  ],
);

/**
 * One request to one contact about one candidate's verifications (issue 27). The link's token is hashed
 * and bound to the contact and the request; the claims are copied when it is made (what was asked).
 */
export const institutionRequests = pgTable(
  'institution_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => institutionContacts.id),
    txnId: uuid('txn_id').notNull(),
    orgId: text('org_id').notNull(),
    staffId: uuid('staff_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
    /** The verifications it covers, with their claimed facts and documents, as sent. */
    claims: jsonb('claims')
      .$type<{ verificationName: string; label: string; facts: ClaimedFact[]; fileIds: string[] }[]>()
      .notNull(),
    /** The candidate's consent to contact the institution, as recorded in the journey. */
    consent: jsonb('consent').$type<{ givenAt: string; text: string }>().notNull(),
    status: text('status').$type<'open' | 'answered' | 'escalated' | 'cancelled'>().notNull().default('open'),
    linkTokenHash: text('link_token_hash').notNull(),
    linkExpiresAt: timestamp('link_expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null while it waits for the contact's daily batch. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The first answer (the turnaround counts to it). */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    turnaroundDays: integer('turnaround_days'),
    remindersSent: smallint('reminders_sent').notNull().default(0),
    /** When the next reminder (or the escalation after the last) is due; null once answered or closed. */
    nextReminderAt: timestamp('next_reminder_at', { withTimezone: true }),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('institution_requests_link_uq').on(t.linkTokenHash),
    index('institution_requests_txn_idx').on(t.txnId, t.createdAt),
    index('institution_requests_contact_idx').on(t.contactId, t.status, t.createdAt),
    // Open requests and the oldest per institution (the directory's figures).
    index('institution_requests_open_idx')
      .on(t.institutionId, t.sentAt)
      .where(sql`${t.status} = 'open'`),
    // The reminder run: one range scan of what is due.
    index('institution_requests_due_idx')
      .on(t.nextReminderAt)
      .where(sql`${t.nextReminderAt} is not null`),
  ],
);

/** The verifications an open request covers: one open request per verification (the partial unique index). */
export const institutionRequestItems = pgTable(
  'institution_request_items',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => institutionRequests.id, { onDelete: 'cascade' }),
    txnId: uuid('txn_id').notNull(),
    verificationName: text('verification_name').notNull(),
    open: boolean('open').notNull().default(true),
  },
  (t) => [
    primaryKey({ name: 'institution_request_items_pk', columns: [t.requestId, t.verificationName] }),
    uniqueIndex('institution_request_items_open_uq')
      .on(t.txnId, t.verificationName)
      .where(sql`${t.open}`),
  ],
);

/** A one-time code sent to a contact for a link (hashed; a few minutes; used once). */
export const institutionCodes = pgTable(
  'institution_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => institutionContacts.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id')
      .notNull()
      .references(() => institutionRequests.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('institution_codes_contact_idx').on(t.contactId, t.createdAt)],
);

/** A responder's session after the code (token hashed): it reaches that contact's requests only. */
export const institutionSessions = pgTable('institution_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  contactId: uuid('contact_id')
    .notNull()
    .references(() => institutionContacts.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An answer about one verification (append-only: a correction is a new row naming the one it corrects). */
export const institutionAnswers = pgTable(
  'institution_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => institutionRequests.id),
    txnId: uuid('txn_id').notNull(),
    verificationName: text('verification_name').notNull(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => institutionContacts.id),
    fromEmail: text('from_email').notNull(),
    responderName: text('responder_name').notNull(),
    designation: text('designation').notNull(),
    facts: jsonb('facts').$type<AnsweredFact[]>().notNull(),
    allConfirmed: boolean('all_confirmed').notNull(),
    letterFileId: uuid('letter_file_id'),
    declaration: text('declaration').notNull(),
    correctsAnswerId: uuid('corrects_answer_id'),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('institution_answers_request_idx').on(t.requestId, t.answeredAt),
    index('institution_answers_txn_idx').on(t.txnId, t.verificationName, t.answeredAt),
  ],
);

/**
 * The e-mails a request causes (the request itself, each reminder, the escalation): one row per
 * (request, kind, number), so a reminder is made once whatever runs the job; the job sends what is
 * unsent and marks it. A contact with batchDaily gets its requests in one digest a day.
 */
export const institutionMessages = pgTable(
  'institution_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => institutionRequests.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => institutionContacts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'request' | 'reminder' | 'escalation'>().notNull(),
    seq: smallint('seq').notNull().default(0),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('institution_messages_once_uq').on(t.requestId, t.kind, t.seq),
    index('institution_messages_unsent_idx')
      .on(t.dueAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

/**
 * The candidate's consent to contact the institutions and employers their documents name (issue 27),
 * given at submission beside the words shown; the request copies it.
 */
export const contactConsents = pgTable('contact_consents', {
  txnId: uuid('txn_id').primaryKey(),
  text: text('text').notNull(),
  language: text('language').notNull(),
  givenAt: timestamp('given_at', { withTimezone: true }).notNull().defaultNow(),
});
