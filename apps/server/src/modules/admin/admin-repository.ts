import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { DbScope, Orm } from '../../db/client.js';
import {
  ekycForms,
  organisationLogos,
  organisations,
  prestartQuestions,
  transactions,
} from '../../db/schema/index.js';

export type OrgRow = typeof organisations.$inferSelect;
export type FormRow = typeof ekycForms.$inferSelect;
export type QuestionRow = typeof prestartQuestions.$inferSelect;
export type LogoRow = typeof organisationLogos.$inferSelect;
export type NewForm = typeof ekycForms.$inferInsert;
export type FormPatch = Omit<Partial<NewForm>, 'id' | 'orgId' | 'createdAt' | 'editedAt'>;

/** A form with its live (not retired) questions and whether transactions were started on it. */
export interface FormView {
  form: FormRow;
  questions: QuestionRow[];
  hasTransactions: boolean;
}

// Qualified by hand: inside a subquery Drizzle writes bare column names, and a bare "id" would be the inner table's.
const formCount = sql<number>`(select count(*)::int from ${ekycForms} f where f.org_id = "organisations"."id")`;
const hasTransactions = sql<boolean>`exists (select 1 from ${transactions} t where t.form_id = "ekyc_forms"."id")`;

/**
 * The admin's writes to organisations, their logos, forms and pre-start questions (ADR 0029). Every
 * change runs in `change`, whose scope the service hands to the audit, so the row and its audit commit
 * together.
 */
export function createAdminRepository(orm: Orm) {
  async function questionsOf(formIds: string[]): Promise<QuestionRow[]> {
    if (formIds.length === 0) return [];
    return orm
      .select()
      .from(prestartQuestions)
      .where(and(inArray(prestartQuestions.formId, formIds), isNull(prestartQuestions.retiredAt)))
      .orderBy(asc(prestartQuestions.position), asc(prestartQuestions.id));
  }

  async function views(rows: { form: FormRow; hasTransactions: boolean }[]): Promise<FormView[]> {
    const questions = await questionsOf(rows.map((r) => r.form.id));
    return rows.map((r) => ({
      form: r.form,
      hasTransactions: Boolean(r.hasTransactions),
      questions: questions.filter((q) => q.formId === r.form.id),
    }));
  }

  return {
    async listOrgs(): Promise<{ org: OrgRow; formCount: number }[]> {
      return orm
        .select({ org: organisations, formCount })
        .from(organisations)
        .orderBy(asc(organisations.name), asc(organisations.id));
    },
    async org(id: string): Promise<{ org: OrgRow; formCount: number } | undefined> {
      const [row] = await orm
        .select({ org: organisations, formCount })
        .from(organisations)
        .where(eq(organisations.id, id));
      return row;
    },
    async logo(orgId: string): Promise<LogoRow | undefined> {
      const [row] = await orm.select().from(organisationLogos).where(eq(organisationLogos.orgId, orgId));
      return row;
    },

    async listForms(orgId: string): Promise<FormView[]> {
      const rows = await orm
        .select({ form: ekycForms, hasTransactions })
        .from(ekycForms)
        .where(eq(ekycForms.orgId, orgId))
        .orderBy(asc(ekycForms.createdAt), asc(ekycForms.id));
      return views(rows);
    },
    async form(id: string): Promise<FormView | undefined> {
      const rows = await orm
        .select({ form: ekycForms, hasTransactions })
        .from(ekycForms)
        .where(eq(ekycForms.id, id));
      return (await views(rows))[0];
    },

    /** Runs `fn` in one database transaction (the writes and their audit row). */
    change<T>(fn: (ops: AdminWriteOps) => Promise<T>): Promise<T> {
      return orm.transaction(async (tx) => fn(writeOps(tx)));
    },
  };
}
export type AdminRepository = ReturnType<typeof createAdminRepository>;

function writeOps(tx: Orm) {
  return {
    scope: tx satisfies DbScope,
    /** Inserts an organisation; undefined when the id is taken. */
    async insertOrg(row: typeof organisations.$inferInsert): Promise<OrgRow | undefined> {
      const [created] = await tx
        .insert(organisations)
        .values(row)
        .onConflictDoNothing({ target: organisations.id })
        .returning();
      return created;
    },
    async lockOrg(id: string): Promise<OrgRow | undefined> {
      const [row] = await tx.select().from(organisations).where(eq(organisations.id, id)).for('update');
      return row;
    },
    async updateOrg(id: string, patch: Partial<Pick<OrgRow, 'name' | 'partnerOrgId' | 'imageUrl'>>) {
      await tx.update(organisations).set(patch).where(eq(organisations.id, id));
    },
    async deleteLogo(orgId: string): Promise<boolean> {
      const gone = await tx
        .delete(organisationLogos)
        .where(eq(organisationLogos.orgId, orgId))
        .returning({ orgId: organisationLogos.orgId });
      return gone.length > 0;
    },
    async putLogo(row: typeof organisationLogos.$inferInsert): Promise<void> {
      await tx
        .insert(organisationLogos)
        .values(row)
        .onConflictDoUpdate({
          target: organisationLogos.orgId,
          set: {
            version: row.version,
            mimeType: row.mimeType,
            contentBase64: row.contentBase64,
            sizeBytes: row.sizeBytes,
            width: row.width,
            height: row.height,
            updatedAt: row.updatedAt,
          },
        });
    },

    /** Inserts a form; undefined when the id is taken. */
    async insertForm(row: NewForm): Promise<FormRow | undefined> {
      const [created] = await tx
        .insert(ekycForms)
        .values(row)
        .onConflictDoNothing({ target: ekycForms.id })
        .returning();
      return created;
    },
    async lockForm(id: string): Promise<FormRow | undefined> {
      const [row] = await tx.select().from(ekycForms).where(eq(ekycForms.id, id)).for('update');
      return row;
    },
    async updateForm(id: string, patch: FormPatch, editedAt: Date): Promise<void> {
      await tx
        .update(ekycForms)
        .set({ ...patch, editedAt })
        .where(eq(ekycForms.id, id));
    },
    /** Every question of the form, retired ones too (an id is never reused for another form). */
    async allQuestions(formId: string): Promise<QuestionRow[]> {
      return tx.select().from(prestartQuestions).where(eq(prestartQuestions.formId, formId));
    },
    async questionIdTaken(id: string): Promise<boolean> {
      const [row] = await tx
        .select({ id: prestartQuestions.id })
        .from(prestartQuestions)
        .where(eq(prestartQuestions.id, id));
      return Boolean(row);
    },
    /** Writes the form's questions in order (reviving a retired one sent again). */
    async putQuestions(rows: (typeof prestartQuestions.$inferInsert)[]): Promise<void> {
      for (const row of rows)
        await tx
          .insert(prestartQuestions)
          .values({ ...row, retiredAt: null })
          .onConflictDoUpdate({
            target: prestartQuestions.id,
            set: {
              position: row.position,
              question: row.question,
              options: row.options,
              required: row.required ?? true,
              retiredAt: null,
            },
          });
    },
    /**
     * Retires the form's live questions not in `keep`: new candidates no longer see them, while the
     * answers given on transactions already started stay (a delete would cascade to them).
     */
    async retireQuestions(formId: string, keep: string[], at: Date): Promise<number> {
      const retired = await tx
        .update(prestartQuestions)
        .set({ retiredAt: at })
        .where(
          and(
            eq(prestartQuestions.formId, formId),
            isNull(prestartQuestions.retiredAt),
            ...(keep.length > 0 ? [notInArray(prestartQuestions.id, keep)] : []),
          ),
        )
        .returning({ id: prestartQuestions.id });
      return retired.length;
    },
  };
}
export type AdminWriteOps = ReturnType<typeof writeOps>;
