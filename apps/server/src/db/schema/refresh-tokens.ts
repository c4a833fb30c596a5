import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profiles.js';

export type SessionOrigin = 'otp' | 'link';

/** Opaque refresh tokens, stored as SHA-256; one family per login, rotated on every use. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The token that replaced this one when it was rotated. */
    replacedBy: uuid('replaced_by'),
    /**
     * How the family began: `otp`, a sign-in that proved the mobile; `link`, an organisation's
     * single-sign-on link (ADR 0004). A proving sign-in ends every `link` family of the wallet.
     */
    origin: text('origin').$type<SessionOrigin>().notNull().default('otp'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_profile_idx').on(t.profileId),
  ],
);
