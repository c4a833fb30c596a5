import { sql } from 'drizzle-orm';
import { DEFAULT_PARTNER_ORG_ID } from '@veridocs/shared';
import type { Orm } from './client.js';
import { ekycForms, organisations } from './schema/index.js';

/** Fixed ids of the demo data, so links printed once keep working. */
export const DEMO = {
  orgId: 'demo-university',
  orgName: 'Demo University',
  formId: 'demo-form',
  formName: 'Demo verification form',
  /** Served by the assets router; relative so it works behind any host name. */
  logoPath: '/api/assets/demo-logo.svg',
} as const;

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Idempotent: unique keys plus ON CONFLICT, so restarts and instances starting together are safe.
 * The demo form gets a year of life; an expired one is renewed on the next start.
 */
export async function seed(orm: Orm, now: Date): Promise<void> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  await orm
    .insert(organisations)
    .values([
      { id: DEFAULT_PARTNER_ORG_ID, name: 'Veridocs' },
      { id: DEMO.orgId, name: DEMO.orgName, imageUrl: DEMO.logoPath },
    ])
    .onConflictDoNothing({ target: organisations.id });
  await orm
    .insert(ekycForms)
    .values({ id: DEMO.formId, orgId: DEMO.orgId, name: DEMO.formName, expiry: nowSeconds + YEAR_SECONDS })
    .onConflictDoUpdate({
      target: ekycForms.id,
      set: { expiry: sql`excluded.expiry` },
      setWhere: sql`${ekycForms.expiry} <> -1 and ${ekycForms.expiry} < ${nowSeconds}`,
    });
}
