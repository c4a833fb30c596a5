// Lint fixture (eslint-rules/boundaries.test.ts): a module writing and reading tables it neither owns
// nor declares (ADR 0043) must be reported.
import { eq } from 'drizzle-orm';
import type { Orm } from '../../../db/client.js';
import { notifications, paymentRefunds, profiles } from '../../../db/schema/index.js';

export function createFixtureRepository(orm: Orm) {
  return {
    async rename(id: string, name: string): Promise<void> {
      await orm.update(profiles).set({ name }).where(eq(profiles.id, id));
    },
    async refunds() {
      return orm.select().from(paymentRefunds);
    },
    async own() {
      return orm.select().from(notifications);
    },
  };
}
