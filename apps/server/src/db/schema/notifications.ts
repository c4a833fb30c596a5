import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profiles.js';

/**
 * A candidate's notifications (spec §3 "Notification", ADR 0030): written in the database
 * transaction of the event they tell of (a state change, a payment, a refund), read newest first.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** NOTIFICATION_KINDS of packages/shared (verification, action_required, payment, …). */
    kind: text('kind').notNull(),
    /**
     * The message (notification-messages.ts) and its raw parameters, rendered in the reader's
     * language when listed (ADR 0038); null on rows written before (their English is shown).
     */
    message: text('message'),
    params: jsonb('params').$type<Record<string, string>>(),
    /** The English, as written (the fallback of a row without a known message). */
    title: text('title').notNull(),
    /** A small markdown subset, rendered as text by the client. */
    description: text('description').notNull(),
    image: text('image'),
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('notifications_profile_newest_idx').on(t.profileId, t.createdAt.desc(), t.id.desc())],
);

/**
 * The SMS / e-mail copy of a notification, delivered by the job loop (never inline in the event's
 * database transaction): pending → sent | failed, retried with backoff, claimed with SKIP LOCKED.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<'sms' | 'email'>().notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('notification_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('notification_deliveries_notification_idx').on(t.notificationId),
  ],
);
