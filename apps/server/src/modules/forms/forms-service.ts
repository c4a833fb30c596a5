import {
  isFormExpired,
  verificationTypeOf,
  type Organisation,
  type PublicForm,
  type VerificationConfig,
} from '@veridocs/shared';
import { AppError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import type { FormsRepository } from './forms-repository.js';

/** Organisations, their public forms and the verification configs (spec §7 "Verification and forms"). */
export function createFormsService({ repo, now }: { repo: FormsRepository; now: Clock }) {
  return {
    /** For the transactions service (modules reach each other through services). */
    findOrg: (id: string) => repo.findOrg(id),
    findForm: (id: string) => repo.findForm(id),
    findOrgForm: (orgId: string, formId: string) => repo.findOrgForm(orgId, formId),
    allConfigs: () => repo.allConfigs(),
    listQuestions: (formId: string) => repo.listQuestions(formId),

    /** The names a form's home heading shows (as transaction info gives them), or null: not this org's form. */
    async heading(formId: string, orgId: string): Promise<{ orgName: string; formName: string } | null> {
      const form = await repo.findForm(formId);
      if (!form || form.orgId !== orgId) return null;
      const org = await repo.findOrg(orgId);
      return org ? { orgName: org.name, formName: form.name } : null;
    },

    async organisation(orgId: string): Promise<Organisation> {
      const org = await repo.findOrg(orgId);
      if (!org) throw new AppError('ORG_NOT_FOUND');
      const branding = await repo.findBranding(orgId);
      const displayName =
        branding?.displayName ??
        (typeof org.additionalDetail.displayName === 'string' ? org.additionalDetail.displayName : org.name);
      return {
        orgId: org.id,
        name: org.name,
        displayName,
        imageUrl: org.imageUrl,
        ...(branding ? { primaryColor: branding.primaryColor } : {}),
        additionalDetail: org.additionalDetail,
      };
    },

    async publicForms(query: {
      orgId: string;
      seed: number;
      count: number;
    }): Promise<{ list: PublicForm[]; total: number }> {
      if (!(await repo.findOrg(query.orgId))) throw new AppError('ORG_NOT_FOUND');
      const { rows, total } = await repo.listForms(query.orgId, query.seed, query.count);
      const at = now();
      return {
        total,
        list: rows.map((f) => ({
          formId: f.id,
          orgId: f.orgId,
          name: f.name,
          expiry: f.expiry,
          isExpired: isFormExpired(f.expiry, at),
          verificationNames: f.verifications.map((v) => v.name),
          paymentRequired: f.paymentRequired && f.payer !== 'organisation',
          questionnaire: { isRequired: f.questionnaireRequired },
        })),
      };
    },

    /** The configs of the named verifications, in the order asked; unknown names are simply absent. */
    async configs(names: readonly string[]): Promise<{ list: VerificationConfig[] }> {
      const all = await repo.allConfigs();
      const list = [...new Set(names)].flatMap((name) => {
        // An instance key ("bgv-degree~2") has its type's config.
        const config = all.get(name) ?? all.get(verificationTypeOf(name));
        return config ? [config] : [];
      });
      return { list };
    },
  };
}
export type FormsService = ReturnType<typeof createFormsService>;
