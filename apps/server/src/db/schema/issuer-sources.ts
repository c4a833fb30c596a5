import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profiles.js';

/**
 * One "Fetch from DigiLocker" a candidate started (issue 26): the OAuth 2 `state` (hashed: the callback
 * finds its row by it), the PKCE verifier and, between the callback and the pull, DigiLocker's access
 * token, both encrypted with a key derived from the server secret. The token is revoked after the pull
 * (or when the session ends) and its column cleared. The consent the candidate gave is kept as shown.
 */
export const digilockerSessions = pgTable(
  'digilocker_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    txnId: uuid('txn_id').notNull(),
    verificationName: text('verification_name').notNull(),
    orgId: text('org_id').notNull(),
    stateHash: text('state_hash').notNull(),
    codeVerifierEnc: text('code_verifier_enc').notNull(),
    /** What the candidate agreed to, in the words and language they saw. */
    consent: jsonb('consent').$type<Record<string, unknown>>().notNull(),
    /** started → authorised (code exchanged) → pulled; refused (DigiLocker or the candidate said no); ended. */
    status: text('status').$type<'started' | 'authorised' | 'pulled' | 'refused' | 'ended'>().notNull(),
    accessTokenEnc: text('access_token_enc'),
    /** The DigiLocker account's name, date of birth and gender (the token response), once authorised. */
    account: jsonb('account').$type<Record<string, unknown>>(),
    /** The issued documents listed after the callback (metadata only). */
    documents: jsonb('documents').$type<Record<string, unknown>[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    codeUsedAt: timestamp('code_used_at', { withTimezone: true }),
    tokenRevokedAt: timestamp('token_revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('digilocker_sessions_state_uq').on(t.stateHash),
    index('digilocker_sessions_profile_idx').on(t.profileId, t.createdAt),
  ],
);

/**
 * A document pulled from its issuer (DigiLocker for the candidate, API Setu for the team): what came
 * back, whether its signature held, and how each field compared with the form. The evidence a
 * source-verified verification, its report and its credential name (issue 26).
 */
export const issuerPulls = pgTable(
  'issuer_pulls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    txnId: uuid('txn_id').notNull(),
    verificationName: text('verification_name').notNull(),
    orgId: text('org_id').notNull(),
    profileId: uuid('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    channel: text('channel').$type<'digilocker' | 'apisetu'>().notNull(),
    /** The candidate (null) or the staff member who asked the issuer. */
    staffId: uuid('staff_id'),
    issuerId: text('issuer_id').notNull(),
    issuerName: text('issuer_name').notNull(),
    doctype: text('doctype').notNull(),
    /** DigiLocker's URI of the document, or API Setu's request id. */
    sourceRef: text('source_ref').notNull(),
    /** The issuer's XML as received (a few KB), kept as the evidence. */
    xml: text('xml'),
    /** The PDF copy stored as a file of the candidate (files.id), when one came. */
    fileId: uuid('file_id'),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
    comparison: jsonb('comparison').$type<Record<string, unknown>[]>().notNull(),
    matched: boolean('matched').notNull(),
    signature: jsonb('signature').$type<Record<string, unknown>>().notNull(),
    /** This pull completed the verification. */
    completed: boolean('completed').notNull().default(false),
    pulledAt: timestamp('pulled_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('issuer_pulls_txn_idx').on(t.txnId, t.verificationName, t.pulledAt)],
);

/**
 * The embedded DigiLocker sandbox's own books ("another company", like the payment sandbox): the codes
 * its sign-in page hands out and the tokens they become, each hashed, used once, revocable.
 */
export const sandboxDigilockerGrants = pgTable(
  'sandbox_digilocker_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The sandbox account (a fictitious DigiLocker user) that signed in. */
    accountId: text('account_id').notNull(),
    codeHash: text('code_hash').notNull(),
    codeChallenge: text('code_challenge'),
    redirectUri: text('redirect_uri').notNull(),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }).notNull(),
    codeUsedAt: timestamp('code_used_at', { withTimezone: true }),
    tokenHash: text('token_hash'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_digilocker_grants_code_uq').on(t.codeHash),
    uniqueIndex('sandbox_digilocker_grants_token_uq').on(t.tokenHash),
  ],
);
