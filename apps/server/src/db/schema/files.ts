import type { DocumentIssue, UploadState } from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profiles.js';
import { transactions } from './transactions.js';

export const OCR_STATUSES = ['none', 'pending', 'running', 'done', 'failed'] as const;
export type OcrStatus = (typeof OCR_STATUSES)[number];

/** An uploaded document (ADR 0009). The bytes live in storage under `storage_key`; never served by name. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerProfileId: uuid('owner_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** Random and unguessable (256 bits); unrelated to the id and the name. */
    storageKey: text('storage_key').notNull().unique(),
    /** Sanitised original name (display and Content-Disposition only). */
    originalName: text('original_name').notNull(),
    /** Decided from the content, not the name or the declared type. */
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    folderName: text('folder_name'),
    fileCategory: text('file_category'),
    /**
     * The profile name the upload asked to be found on the document (`expectName`); when the name check needs
     * OCR text, the OCR job finishes the verdict with it (ADR 0009).
     */
    expectName: text('expect_name'),
    state: text('state').$type<UploadState>().notNull().default('PROCESSING'),
    issues: jsonb('issues').$type<DocumentIssue[]>().notNull().default([]),
    pageCount: integer('page_count'),
    ocrStatus: text('ocr_status').$type<OcrStatus>().notNull().default('none'),
    ocrText: text('ocr_text'),
    ocrAttempts: integer('ocr_attempts').notNull().default(0),
    /** When a pending job may run (backoff after a failure). */
    ocrNextAt: timestamp('ocr_next_at', { withTimezone: true }),
    /** When a worker claimed it; a `running` job older than the lease is claimed again. */
    ocrLockedAt: timestamp('ocr_locked_at', { withTimezone: true }),
    ocrError: text('ocr_error'),
    /**
     * The transaction whose saved data first used the file (ADR 0009 "Files in saved data"): a file
     * serves one verification request only, so one candidate's document cannot move to another request.
     */
    txnId: uuid('txn_id').references(() => transactions.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('files_owner_created_idx').on(t.ownerProfileId, t.createdAt),
    // The console's case view lists a transaction's documents (ADR 0026).
    index('files_txn_idx')
      .on(t.txnId, t.createdAt)
      .where(sql`${t.txnId} is not null`),
    index('files_ocr_queue_idx')
      .on(t.ocrNextAt)
      .where(sql`${t.ocrStatus} in ('pending', 'running')`),
  ],
);

/**
 * Resumable uploads by their owner (ADR 0050 "Resumable uploads (tus)"): an erasure finds a candidate's
 * partial uploads; a finished one keeps its answer until partial uploads expire, for a client that lost it.
 */
export const resumableUploads = pgTable(
  'resumable_uploads',
  {
    uploadId: text('upload_id').primaryKey(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    answer: jsonb('answer').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('resumable_uploads_profile_idx').on(t.profileId),
    index('resumable_uploads_created_idx').on(t.createdAt),
  ],
);

/**
 * The lock a request holds on a resumable upload while it writes (ADR 0050): shared by every instance,
 * a lease on the database's clock that its holder renews; a stale one is taken over.
 */
export const resumableUploadLocks = pgTable('resumable_upload_locks', {
  uploadId: text('upload_id').primaryKey(),
  holder: text('holder').notNull(),
  until: timestamp('until', { withTimezone: true }).notNull(),
});
