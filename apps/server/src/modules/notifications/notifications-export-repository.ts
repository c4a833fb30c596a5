import type { ExportNotification } from '@veridocs/shared';
import { asc, eq } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';

/** The notifications module's part of a candidate's data export (ADR 0049 "Export"): their inbox. */
export function createNotificationsExportRepository(orm: Orm) {
  return {
    async notifications(profileId: string): Promise<ExportNotification[]> {
      const rows = await orm
        .select()
        .from(notifications)
        .where(eq(notifications.profileId, profileId))
        .orderBy(asc(notifications.createdAt), asc(notifications.id));
      return rows.map((n) => ({
        id: n.id,
        kind: n.kind,
        title: n.title,
        description: n.description,
        link: n.link,
        createdAt: n.createdAt.toISOString(),
      }));
    },
  };
}
