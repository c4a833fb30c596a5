import { eq } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { orgBranding, orgNotificationSettings } from '../../db/schema/index.js';

export type BrandingRow = typeof orgBranding.$inferSelect;
export type NotificationSettingsRow = typeof orgNotificationSettings.$inferSelect;

/** The organisation's branding and notification settings (the portal's owner, ADR 0047). */
export function createOrgSettingsRepository(orm: Orm) {
  return {
    async branding(orgId: string): Promise<BrandingRow | undefined> {
      const [row] = await orm.select().from(orgBranding).where(eq(orgBranding.orgId, orgId));
      return row;
    },
    async putBranding(row: typeof orgBranding.$inferInsert): Promise<BrandingRow> {
      const [saved] = await orm
        .insert(orgBranding)
        .values(row)
        .onConflictDoUpdate({
          target: orgBranding.orgId,
          set: { displayName: row.displayName, primaryColor: row.primaryColor, updatedAt: row.updatedAt },
        })
        .returning();
      return saved!;
    },
    async notificationSettings(orgId: string): Promise<NotificationSettingsRow | undefined> {
      const [row] = await orm
        .select()
        .from(orgNotificationSettings)
        .where(eq(orgNotificationSettings.orgId, orgId));
      return row;
    },
    /** The organisations that asked for a daily digest. */
    async digestOrgIds(): Promise<string[]> {
      const rows = await orm
        .select({ orgId: orgNotificationSettings.orgId })
        .from(orgNotificationSettings)
        .where(eq(orgNotificationSettings.dailyDigest, true));
      return rows.map((r) => r.orgId);
    },
    async putNotificationSettings(
      row: typeof orgNotificationSettings.$inferInsert,
    ): Promise<NotificationSettingsRow> {
      const { orgId: _orgId, ...set } = row;
      const [saved] = await orm
        .insert(orgNotificationSettings)
        .values(row)
        .onConflictDoUpdate({ target: orgNotificationSettings.orgId, set })
        .returning();
      return saved!;
    },
  };
}
export type OrgSettingsRepository = ReturnType<typeof createOrgSettingsRepository>;
