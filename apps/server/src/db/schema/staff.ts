import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The verification team's accounts (docs/decisions/0019): not candidates, no profile, no mobile.
 * E-mail is stored lower-case and unique; the password only as an argon2id hash (PHC string).
 */
export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').$type<'admin' | 'verifier'>().notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Wrong passwords in a row; reset by a right one. */
    failedPasswords: integer('failed_passwords').notNull().default(0),
    /** Set after too many wrong passwords: sign-in refused until then. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /**
     * Sign-in codes created before this moment do not count towards the hourly caps (ADR 0019): an
     * admin's password reset starts the account afresh.
     */
    codesCountedFrom: timestamp('codes_counted_from', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_accounts_email_idx').on(t.email)],
);

/** The e-mailed second factor of one sign-in: the code as an HMAC, a few attempts, a short life. */
export const staffSignInCodes = pgTable(
  'staff_sign_in_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_sign_in_codes_staff_idx').on(t.staffId, t.createdAt)],
);

/** A signed-in ops session: the access token's `sid`; ended by sign-out or expiry. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/** Every ops action: who (staff, or null before sign-in), what, on which target, when, from where. */
export const opsAudit = pgTable(
  'ops_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: uuid('staff_id').references(() => staffAccounts.id, { onDelete: 'restrict' }),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    detail: jsonb('detail')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    ip: text('ip'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ops_audit_at_idx').on(t.at), index('ops_audit_target_idx').on(t.targetType, t.targetId)],
);
