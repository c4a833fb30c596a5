import { pgTable, text } from 'drizzle-orm/pg-core';

/** Generated secrets shared by every instance on this database (e.g. the signing secret). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});
