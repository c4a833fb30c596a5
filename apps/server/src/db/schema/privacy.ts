import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
