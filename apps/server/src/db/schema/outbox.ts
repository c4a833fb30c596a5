import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Messages the embedded providers "send" (DEV_TOOLS reads them at /api/dev/outbox). */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel').notNull(),
    to: text('to').notNull(),
    body: text('body').notNull(),
    otp: text('otp'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_to_idx').on(t.to, t.id)],
);
