import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { VerificationConfig } from '@veridocs/shared';

/** The form-engine config of one verification type (spec §3 "Verification config"), keyed by its name. */
export const verificationConfigs = pgTable('verification_configs', {
  name: text('name').primaryKey(),
  config: jsonb('config').$type<VerificationConfig>().notNull(),
});
