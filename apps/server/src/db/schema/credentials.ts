import type { CredentialAttributes, CredentialType, WalletDocument } from '@veridocs/shared';
import {
  index,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { profiles } from './profiles.js';
import { transactions } from './transactions.js';

/**
 * A credential in a candidate's wallet (docs/decisions/0031): issued once per COMPLETED verification,
 * in the transaction of that change; `jwt` is the signed VC-JWT. `status_index` is its bit in the
 * issuer's Bitstring Status List (list = index / list size); revoking sets `revoked_at`, which flips it.
 */
export const credentials = pgTable(
  'credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    txnId: uuid('txn_id').references(() => transactions.id, { onDelete: 'set null' }),
    verificationName: text('verification_name'),
    credentialType: text('credential_type').$type<CredentialType>().notNull(),
    credentialAttributes: jsonb('credential_attributes').$type<CredentialAttributes>().notNull(),
    statusIndex: serial('status_index').notNull(),
    /** Public and unguessable (128 random bits): the share link and QR code. */
    shareId: text('share_id').notNull(),
    jwt: text('jwt'),
    /** Documents the holder keeps with it (POST /credentials/documents/{id}). */
    documents: jsonb('documents').$type<WalletDocument[]>().notNull().default([]),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    /**
     * The VC `evidence` of a verification verified at its source (issue 26): the issuer, the channel
     * (DigiLocker, API Setu), the document type and when; null for the team's own verifications.
     */
    evidence: jsonb('evidence').$type<Record<string, unknown>[]>(),
  },
  (t) => [
    uniqueIndex('credentials_share_id_uq').on(t.shareId),
    uniqueIndex('credentials_status_index_uq').on(t.statusIndex),
    uniqueIndex('credentials_verification_uq').on(t.txnId, t.verificationName),
    index('credentials_profile_idx').on(t.profileId, t.issuedAt),
  ],
);

/**
 * Credentials a candidate received from someone else's share link into their wallet (ADR 0037): one row per
 * (receiver, credential), so receiving again changes nothing. The credential stays its holder's.
 */
export const receivedCredentials = pgTable(
  'received_credentials',
  {
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    credentialId: uuid('credential_id')
      .notNull()
      .references(() => credentials.id, { onDelete: 'cascade' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.credentialId] })],
);

/**
 * The issuer identities credentials were signed under (ADR 0031 "Past issuers"): one row per key id,
 * recorded when a server starts with it. Verification reads a credential's key and DID here when they
 * are not the current ones, so a changed PUBLIC_URL or server secret leaves earlier credentials valid.
 */
export const credentialIssuerKeys = pgTable('credential_issuer_keys', {
  keyId: text('key_id').primaryKey(),
  did: text('did').notNull(),
  publicUrl: text('public_url').notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, string>>().notNull(),
  firstUsedAt: timestamp('first_used_at', { withTimezone: true }).notNull().defaultNow(),
});
