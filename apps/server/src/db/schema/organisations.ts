import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const organisations = pgTable('organisations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  imageUrl: text('image_url'),
  additionalDetail: jsonb('additional_detail').$type<Record<string, unknown>>().notNull().default({}),
  /**
   * The partner (the `partner-org-id` a deployment's candidate app sends, ADR 0029) this organisation is
   * served under; null: any. Set by an admin.
   */
  partnerOrgId: text('partner_org_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An organisation's uploaded logo (ADR 0029): a PNG or JPEG checked by its bytes, at most 512 KB, kept in
 * the database (base64) so that every instance serves it without shared storage. `version` (a hash
 * prefix) is part of its public URL, so a new logo is a new URL and the old one can be cached for long.
 */
export const organisationLogos = pgTable('organisation_logos', {
  orgId: text('org_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  version: text('version').notNull(),
  mimeType: text('mime_type').notNull(),
  contentBase64: text('content_base64').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
