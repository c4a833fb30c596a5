import type { VerificationConfig } from '@veridocs/shared';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import {
  ekycForms,
  orgBranding,
  organisations,
  prestartQuestions,
  verificationConfigs,
} from '../../db/schema/index.js';
import type { ReadCache } from '../../lib/read-cache.js';

export type OrgRow = typeof organisations.$inferSelect;
export type FormRow = typeof ekycForms.$inferSelect;
export type QuestionRow = typeof prestartQuestions.$inferSelect;

/**
 * Organisations, forms, verification configs and pre-start questions: written only by the seed (at
 * start, before any request), read on every journey screen, so `configs` caches them all in one map.
 */
export function createFormsRepository(orm: Orm, configs: ReadCache<'all', Map<string, VerificationConfig>>) {
  return {
    async findOrg(id: string): Promise<OrgRow | undefined> {
      const [row] = await orm.select().from(organisations).where(eq(organisations.id, id));
      return row;
    },
    /** The organisation's branding (modules/org-settings owns it), when saved. */
    async findBranding(orgId: string) {
      const [row] = await orm.select().from(orgBranding).where(eq(orgBranding.orgId, orgId));
      return row;
    },
    /** The organisation and, when it is that organisation's, the form: one round trip. */
    async findOrgForm(
      orgId: string,
      formId: string,
    ): Promise<{ org: OrgRow; form: FormRow | null } | undefined> {
      const [row] = await orm
        .select({ org: organisations, form: ekycForms })
        .from(organisations)
        .leftJoin(ekycForms, and(eq(ekycForms.id, formId), eq(ekycForms.orgId, organisations.id)))
        .where(eq(organisations.id, orgId));
      return row;
    },
    async findForm(id: string): Promise<FormRow | undefined> {
      const [row] = await orm.select().from(ekycForms).where(eq(ekycForms.id, id));
      return row;
    },
    async listForms(orgId: string, seed: number, limit: number): Promise<{ rows: FormRow[]; total: number }> {
      const rows = await orm
        .select()
        .from(ekycForms)
        .where(eq(ekycForms.orgId, orgId))
        .orderBy(asc(ekycForms.createdAt), asc(ekycForms.id))
        .offset(seed)
        .limit(limit);
      const [total] = await orm.select({ n: count() }).from(ekycForms).where(eq(ekycForms.orgId, orgId));
      return { rows, total: total?.n ?? 0 };
    },
    /** Every config by name (cached). */
    allConfigs(): Promise<Map<string, VerificationConfig>> {
      return configs
        .get('all', async () => {
          const rows = await orm.select().from(verificationConfigs);
          return new Map(rows.map((r) => [r.name, r.config]));
        })
        .then((map) => map ?? new Map());
    },
    listQuestions(formId: string): Promise<QuestionRow[]> {
      return (
        orm
          .select()
          .from(prestartQuestions)
          // A question an admin removed is retired, not deleted (its answers stay): ADR 0029.
          .where(and(eq(prestartQuestions.formId, formId), isNull(prestartQuestions.retiredAt)))
          .orderBy(asc(prestartQuestions.position), asc(prestartQuestions.id))
      );
    },
  };
}
export type FormsRepository = ReturnType<typeof createFormsRepository>;
