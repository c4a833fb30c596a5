import { randomBytes, randomUUID } from 'node:crypto';
import type { adminFormUpdateSchema } from '@veridocs/shared';
import {
  ORG_LOGO_PATHS,
  formPaymentConfigSchema,
  isFormExpired,
  verificationTypeOf,
  type AdminForm,
  type AdminOrg,
  type AdminOrgCreate,
  type AdminOrgList,
  type AdminOrgUpdate,
  type AdminVerificationType,
  type ValidationIssue,
  type VerificationConfig,
} from '@veridocs/shared';
import type { z } from 'zod';
import type { DbScope } from '../../db/client.js';
import type { FormVerification } from '../../db/schema/index.js';
import { AppError, validationFailed } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditInput, OpsOrigin, OpsUser } from '../ops-auth/ops-auth-service.js';
import type { AdminRepository, AdminWriteOps, FormPatch, FormView, OrgRow } from './admin-repository.js';
import { checkLogo } from './logo-check.js';

/** What a form edit takes: the parsed body (defaults applied). */
type FormInput = z.output<typeof adminFormUpdateSchema>;

export interface AdminServiceDeps {
  repo: AdminRepository;
  /** The ops audit (modules/ops-auth), written in the change's database transaction. */
  audit: (entry: AuditInput, within?: DbScope) => Promise<void>;
  /** The verification configs by name (modules/forms). */
  configs: () => Promise<Map<string, VerificationConfig>>;
  /** The partner organisation ids the deployment accepts (PARTNER_ORG_IDS). */
  partnerOrgIds: readonly string[];
  /**
   * Called after an organisation or form changed: the cached transaction snapshots embed both rows
   * (ADR 0005), so they are dropped.
   */
  onCatalogueChanged: () => void;
  now: Clock;
}

/** "Acme Corp — Hiring 2027" → "acme-corp-hiring-2027" (at most 40 characters). */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug.length >= 2 ? slug : 'org';
}

const shortRandom = () => randomBytes(3).toString('hex');

function toAdminOrg(row: OrgRow, formCount: number): AdminOrg {
  return {
    id: row.id,
    name: row.name,
    imageUrl: row.imageUrl,
    partnerOrgId: row.partnerOrgId,
    createdAt: row.createdAt.toISOString(),
    formCount: Number(formCount),
  };
}

/**
 * The admin's organisations and forms (docs/decisions/0029). Each change is checked, written and audited
 * in one database transaction. A form's edits reach new transactions only: a transaction's verification
 * records are made from the form when it is created, and a removed question is retired, not deleted.
 */
export function createAdminService(deps: AdminServiceDeps) {
  const { repo, now: clock } = deps;

  const audited = (
    actor: OpsUser,
    origin: OpsOrigin,
    ops: AdminWriteOps,
    action: string,
    targetType: string,
    targetId: string,
    detail: Record<string, unknown> = {},
  ) => deps.audit({ staffId: actor.staffId, action, targetType, targetId, detail, ip: origin.ip }, ops.scope);

  function checkPartner(partnerOrgId: string | null): void {
    if (partnerOrgId !== null && !deps.partnerOrgIds.includes(partnerOrgId))
      throw validationFailed([
        {
          path: 'partnerOrgId',
          message: `Unknown partner organisation; this deployment accepts: ${deps.partnerOrgIds.join(', ')}`,
        },
      ]);
  }

  async function storeLogo(
    orgId: string,
    bytes: Buffer,
    audit: (ops: AdminWriteOps, detail: Record<string, unknown>) => Promise<void>,
  ): Promise<AdminOrg> {
    if (!(await repo.org(orgId))) throw new AppError('ORG_NOT_FOUND');
    const logo = await checkLogo(bytes);
    await repo.change(async (ops) => {
      const org = await ops.lockOrg(orgId);
      if (!org) throw new AppError('ORG_NOT_FOUND');
      const at = clock();
      await ops.putLogo({
        orgId,
        version: logo.version,
        mimeType: logo.mimeType,
        contentBase64: logo.bytes.toString('base64'),
        sizeBytes: logo.bytes.length,
        width: logo.width,
        height: logo.height,
        updatedAt: at,
      });
      await ops.updateOrg(orgId, { imageUrl: ORG_LOGO_PATHS.logo(orgId, logo.version) });
      await audit(ops, {
        mimeType: logo.mimeType,
        bytes: logo.bytes.length,
        width: logo.width,
        height: logo.height,
        version: logo.version,
      });
    });
    deps.onCatalogueChanged();
    return orgOrThrow(orgId);
  }

  async function orgOrThrow(orgId: string): Promise<AdminOrg> {
    const row = await repo.org(orgId);
    if (!row) throw new AppError('ORG_NOT_FOUND');
    return toAdminOrg(row.org, row.formCount);
  }

  function toAdminForm(view: FormView): AdminForm {
    const { form } = view;
    const config = form.paymentConfig == null ? null : formPaymentConfigSchema.safeParse(form.paymentConfig);
    return {
      id: form.id,
      orgId: form.orgId,
      name: form.name,
      expiry: form.expiry,
      isExpired: isFormExpired(form.expiry, clock()),
      expectedWorkingDays: form.expectedWorkingDays,
      evaluationPartnerRequired: form.evaluationPartnerRequired,
      basicDetailsRequired: form.basicDetailsRequired,
      verifications: form.verifications.map((v) => ({
        name: v.name,
        skipAllowed: v.skipAllowed,
        marksheetRequired: v.marksheetRequired,
        subType: v.subType,
      })),
      paymentRequired: form.paymentRequired,
      payer: form.payer,
      expressAllowed: form.expressAllowed,
      paymentConfig: config?.success ? config.data : null,
      questions: view.questions.map((q) => ({
        id: q.id,
        question: q.question,
        options: q.options,
        required: q.required,
      })),
      createdAt: form.createdAt.toISOString(),
      hasTransactions: view.hasTransactions,
    };
  }

  /** The verifications must be known types, each sub-type one of its type's ways to verify. */
  async function checkVerifications(verifications: FormInput['verifications']): Promise<void> {
    const configs = await deps.configs();
    const issues: ValidationIssue[] = [];
    verifications.forEach((v, i) => {
      const config = configs.get(v.name) ?? configs.get(verificationTypeOf(v.name));
      if (!config)
        issues.push({ path: `verifications.${i}.name`, message: `Unknown verification: ${v.name}` });
      else if (v.subType !== null && !config.authOptions.some((o) => o.type === v.subType))
        issues.push({
          path: `verifications.${i}.subType`,
          message: `${config.metadata.label} has no way to verify called ${v.subType}`,
        });
    });
    if (issues.length > 0) throw validationFailed(issues);
  }

  /** The form columns an input sets (questionnaireRequired follows the questions). */
  function formColumns(input: FormInput): FormPatch {
    return {
      name: input.name,
      expiry: input.expiry,
      expectedWorkingDays: input.expectedWorkingDays,
      evaluationPartnerRequired: input.evaluationPartnerRequired,
      basicDetailsRequired: input.basicDetailsRequired,
      verifications: input.verifications.map((v): FormVerification => ({
        name: v.name,
        skipAllowed: v.skipAllowed,
        marksheetRequired: v.marksheetRequired,
        subType: v.subType,
      })),
      paymentRequired: input.paymentRequired,
      userPaymentRequired: input.paymentRequired,
      payer: input.payer,
      expressAllowed: input.expressAllowed,
      paymentConfig: input.paymentConfig,
      questionnaireRequired: input.questions.length > 0,
    };
  }

  /**
   * Writes the questions in order: a sent id must be one of this form's (retired ones come back), a
   * question without one is new; the form's other questions are retired. Answers stay either way.
   */
  async function writeQuestions(ops: AdminWriteOps, formId: string, questions: FormInput['questions']) {
    const own = new Set((await ops.allQuestions(formId)).map((q) => q.id));
    const issues: ValidationIssue[] = [];
    questions.forEach((q, i) => {
      if (q.id !== undefined && !own.has(q.id))
        issues.push({ path: `questions.${i}.id`, message: 'Not a question of this form' });
    });
    if (issues.length > 0) throw validationFailed(issues);
    const rows = questions.map((q, position) => ({
      id: q.id ?? `q-${randomUUID()}`,
      formId,
      position,
      question: q.question,
      options: q.options,
      required: q.required,
    }));
    await ops.putQuestions(rows);
    const retired = await ops.retireQuestions(
      formId,
      rows.map((r) => r.id),
      clock(),
    );
    return { questions: rows.length, retired };
  }

  async function formOrThrow(formId: string): Promise<AdminForm> {
    const view = await repo.form(formId);
    if (!view) throw new AppError('FORM_NOT_FOUND');
    return toAdminForm(view);
  }

  return {
    async listOrgs(): Promise<AdminOrgList> {
      const rows = await repo.listOrgs();
      return {
        list: rows.map((r) => toAdminOrg(r.org, r.formCount)),
        partnerOrgIds: [...deps.partnerOrgIds],
      };
    },

    async createOrg(actor: OpsUser, input: AdminOrgCreate, origin: OpsOrigin): Promise<AdminOrg> {
      const partnerOrgId = input.partnerOrgId ?? null;
      checkPartner(partnerOrgId);
      const name = input.name.trim();
      const id = await repo.change(async (ops) => {
        let row = await ops.insertOrg({
          id: input.id ?? slugify(name),
          name,
          partnerOrgId,
          createdAt: clock(),
        });
        if (!row && input.id) throw new AppError('ORG_ID_TAKEN');
        // A made-up id that is taken gets a random tail.
        row ??= await ops.insertOrg({
          id: `${slugify(name)}-${shortRandom()}`,
          name,
          partnerOrgId,
          createdAt: clock(),
        });
        if (!row) throw new AppError('ORG_ID_TAKEN');
        await audited(actor, origin, ops, 'org.create', 'org', row.id, { name, partnerOrgId });
        return row.id;
      });
      return orgOrThrow(id);
    },

    async updateOrg(
      actor: OpsUser,
      orgId: string,
      input: AdminOrgUpdate,
      origin: OpsOrigin,
    ): Promise<AdminOrg> {
      checkPartner(input.partnerOrgId);
      await repo.change(async (ops) => {
        const org = await ops.lockOrg(orgId);
        if (!org) throw new AppError('ORG_NOT_FOUND');
        await ops.updateOrg(orgId, { name: input.name, partnerOrgId: input.partnerOrgId });
        await audited(actor, origin, ops, 'org.update', 'org', orgId, {
          from: { name: org.name, partnerOrgId: org.partnerOrgId },
          to: { name: input.name, partnerOrgId: input.partnerOrgId },
        });
      });
      deps.onCatalogueChanged();
      return orgOrThrow(orgId);
    },

    /** Stores a checked logo and points the organisation's `imageUrl` at it (a new URL per logo). */
    async setLogo(actor: OpsUser, orgId: string, bytes: Buffer, origin: OpsOrigin): Promise<AdminOrg> {
      return storeLogo(orgId, bytes, (ops, detail) =>
        audited(actor, origin, ops, 'org.logo', 'org', orgId, detail),
      );
    },

    /**
     * The organisation's own owner's upload (the portal, ADR 0047): the same check and storage; the
     * portal audits it in the organisation's audit, not the staff's.
     */
    async setOwnLogo(orgId: string, bytes: Buffer): Promise<AdminOrg> {
      return storeLogo(orgId, bytes, async () => {});
    },

    /** Removes the organisation's logo (the portal's owner): the candidate app then shows none. */
    async removeOwnLogo(orgId: string): Promise<{ removed: boolean }> {
      const removed = await repo.change(async (ops) => {
        if (!(await ops.lockOrg(orgId))) throw new AppError('ORG_NOT_FOUND');
        const gone = await ops.deleteLogo(orgId);
        await ops.updateOrg(orgId, { imageUrl: null });
        return gone;
      });
      deps.onCatalogueChanged();
      return { removed };
    },

    /** The organisation's name and logo URL (404 ORG_NOT_FOUND when none). */
    org: orgOrThrow,

    /** The stored logo of `orgId` when `version` is its current one. */
    async logo(orgId: string, version: string): Promise<{ mimeType: string; bytes: Buffer } | null> {
      const row = await repo.logo(orgId);
      if (!row || row.version !== version) return null;
      return { mimeType: row.mimeType, bytes: Buffer.from(row.contentBase64, 'base64') };
    },

    async listForms(orgId: string): Promise<{ list: AdminForm[] }> {
      if (!(await repo.org(orgId))) throw new AppError('ORG_NOT_FOUND');
      return { list: (await repo.listForms(orgId)).map(toAdminForm) };
    },

    form: formOrThrow,

    async createForm(
      actor: OpsUser,
      orgId: string,
      input: FormInput & { id?: string | undefined },
      origin: OpsOrigin,
    ): Promise<AdminForm> {
      await checkVerifications(input.verifications);
      const id = await repo.change(async (ops) => {
        if (!(await ops.lockOrg(orgId))) throw new AppError('ORG_NOT_FOUND');
        const at = clock();
        const base = {
          orgId,
          ...formColumns(input),
          name: input.name,
          priceList: [],
          discountPercentage: 0,
          createdAt: at,
        };
        let row = await ops.insertForm({
          id: input.id ?? `${slugify(input.name)}-${shortRandom()}`,
          ...base,
        });
        if (!row && input.id) throw new AppError('FORM_ID_TAKEN');
        row ??= await ops.insertForm({ id: `${slugify(input.name)}-${shortRandom()}`, ...base });
        if (!row) throw new AppError('FORM_ID_TAKEN');
        const questions = await writeQuestions(ops, row.id, input.questions);
        await audited(actor, origin, ops, 'form.create', 'form', row.id, {
          orgId,
          name: input.name,
          verifications: input.verifications.map((v) => v.name),
          paymentRequired: input.paymentRequired,
          payer: input.payer,
          questions: questions.questions,
        });
        return row.id;
      });
      return formOrThrow(id);
    },

    /**
     * Replaces a form's settings. Transactions already created keep their verification records (made
     * at creation) and their answers; new ones follow the new settings.
     */
    async updateForm(
      actor: OpsUser,
      formId: string,
      input: FormInput,
      origin: OpsOrigin,
    ): Promise<AdminForm> {
      await checkVerifications(input.verifications);
      await repo.change(async (ops) => {
        const before = await ops.lockForm(formId);
        if (!before) throw new AppError('FORM_NOT_FOUND');
        const columns = formColumns(input);
        const changed = (Object.keys(columns) as (keyof FormPatch)[]).filter(
          (key) => JSON.stringify(before[key as keyof typeof before]) !== JSON.stringify(columns[key]),
        );
        await ops.updateForm(formId, columns, clock());
        const questions = await writeQuestions(ops, formId, input.questions);
        await audited(actor, origin, ops, 'form.update', 'form', formId, {
          orgId: before.orgId,
          changed,
          questions: questions.questions,
          questionsRetired: questions.retired,
        });
      });
      deps.onCatalogueChanged();
      return formOrThrow(formId);
    },

    /** The verification types a form can ask for, with their ways to verify. */
    async verificationTypes(): Promise<{ list: AdminVerificationType[] }> {
      const configs = await deps.configs();
      return {
        list: [...configs.values()].map((c) => ({
          name: c.name,
          label: c.metadata.label,
          category: c.additionalInfo.category,
          subTypes: c.authOptions.map((o) => ({ type: o.type, label: o.label ?? o.type })),
        })),
      };
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
