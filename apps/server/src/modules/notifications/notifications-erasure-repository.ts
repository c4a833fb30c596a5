import { eq, inArray } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { notificationDeliveries, notifications } from '../../db/schema/index.js';

/** The notifications module's part of a candidate's erasure (ADR 0049): notices and their SMS copies. */
export function createNotificationsErasureRepository(orm: Orm) {
  return {
    async eraseCandidate(profileId: string): Promise<void> {
      await orm.transaction(async (tx) => {
        const mine = tx
          .select({ id: notifications.id })
          .from(notifications)
          .where(eq(notifications.profileId, profileId));
        await tx.delete(notificationDeliveries).where(inArray(notificationDeliveries.notificationId, mine));
        await tx.delete(notifications).where(eq(notifications.profileId, profileId));
      });
    },
  };
}
