import { z } from 'zod';
import { formPaymentConfigSchema } from '../rules/pricing.js';
import { verificationTypeOf } from '../rules/verification.js';
import { staffRoleSchema, staffSchema } from './ops.js';

/**
 * The console's admin API under /api/ops/admin (docs/decisions/0029): organisations, their forms, and
 * staff accounts. Admin role only; every change is audited in the same database transaction.
 */

const slugSchema = z
  .string()
  .trim()
  .min(2, 'At least 2 characters')
  .max(60, 'At most 60 characters')
  .regex(/^[a-z0-9][a-z0-9-]*[a-z0-9]$/, 'Use lower-case letters, digits and hyphens');
const nameSchema = z.string().trim().min(1, 'Required').max(200, 'At most 200 characters');
const partnerOrgIdSchema = z.string().trim().min(1, 'Required').max(100).nullable();

// ── Organisations ────────────────────────────────────────────────────────────────────────────────

export const adminOrgSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The logo the candidate app shows (`imageUrl`), null when none. */
  imageUrl: z.string().nullable(),
  partnerOrgId: z.string().nullable(),
  createdAt: z.string(),
  formCount: z.number().int(),
});
export type AdminOrg = z.infer<typeof adminOrgSchema>;

export const adminOrgListSchema = z.object({
  list: z.array(adminOrgSchema),
  /** The partner organisation ids this deployment accepts (PARTNER_ORG_IDS): the choices. */
  partnerOrgIds: z.array(z.string()),
});
export type AdminOrgList = z.infer<typeof adminOrgListSchema>;

/** POST /api/ops/admin/orgs: the id is made from the name when not given. */
export const adminOrgCreateSchema = z
  .object({ id: slugSchema.optional(), name: nameSchema, partnerOrgId: partnerOrgIdSchema.default(null) })
  .strict();
export type AdminOrgCreate = z.input<typeof adminOrgCreateSchema>;

/** PUT /api/ops/admin/orgs/{orgId}: name and partner organisation (the logo has its own route). */
export const adminOrgUpdateSchema = z.object({ name: nameSchema, partnerOrgId: partnerOrgIdSchema }).strict();
export type AdminOrgUpdate = z.infer<typeof adminOrgUpdateSchema>;

/** The logo's limits: PNG or JPEG by its bytes, at most 512 KB, 16–2048 pixels a side. */
export const LOGO_LIMITS = {
  maxBytes: 512 * 1024,
  minSide: 16,
  maxSide: 2048,
  mimeTypes: ['image/png', 'image/jpeg'],
} as const;

// ── Forms ────────────────────────────────────────────────────────────────────────────────────────

export const adminFormVerificationSchema = z
  .object({
    /** A verification type (verification_configs), or an instance key of one (`bgv-degree~2`). */
    name: z.string().trim().min(1, 'Required').max(100),
    skipAllowed: z.boolean().default(false),
    marksheetRequired: z.boolean().default(false),
    subType: z.string().trim().min(1).max(100).nullable().default(null),
  })
  .strict();

const optionSchema = z
  .object({
    name: z.string().trim().min(1, 'Required').max(100),
    value: z.string().trim().min(1, 'Required').max(100),
  })
  .strict();

export const adminQuestionSchema = z
  .object({
    /** An existing question's id keeps its answers; without one a new question is made. */
    id: z.string().trim().min(1).max(100).optional(),
    question: z.string().trim().min(1, 'Required').max(300, 'At most 300 characters'),
    options: z
      .array(optionSchema)
      .min(2, 'Give at least two options')
      .max(20, 'At most 20 options')
      .refine((o) => new Set(o.map((x) => x.value)).size === o.length, 'Each option needs its own value'),
    required: z.boolean().default(true),
  })
  .strict();

const formFields = {
  name: nameSchema,
  /** Unix seconds after which no one can start the form; -1: never expires (spec §3). */
  expiry: z
    .number()
    .int()
    .refine((v) => v === -1 || v > 0, 'A date, or -1 for never'),
  /** Working days (Monday to Friday) from submission to the expected completion date. */
  expectedWorkingDays: z.number().int().min(1, 'At least 1 day').max(120, 'At most 120 days'),
  evaluationPartnerRequired: z.boolean().default(false),
  basicDetailsRequired: z.boolean().default(false),
  verifications: z
    .array(adminFormVerificationSchema)
    .min(1, 'Ask for at least one verification')
    .max(30)
    .refine((v) => new Set(v.map((x) => x.name)).size === v.length, 'Each verification only once'),
  paymentRequired: z.boolean().default(false),
  /**
   * Who pays (issue 28, ADR 0047): the candidate at /payment, or the organisation (its credits or its
   * monthly invoice; the candidate then sees no payment step). Either way the form's prices apply.
   */
  payer: z.enum(['candidate', 'organisation']).default('candidate'),
  expressAllowed: z.boolean().default(false),
  /** Prices, discounts and the fast-track fee; null when the form has no prices. */
  paymentConfig: formPaymentConfigSchema.nullable().default(null),
  /** The pre-start questionnaire, in order; empty: none. */
  questions: z.array(adminQuestionSchema).max(20).default([]),
};

type FormFields = z.infer<z.ZodObject<typeof formFields>>;

/** The rules across fields; the server checks the verification names against its configs too. */
function formRules(form: FormFields, ctx: z.RefinementCtx) {
  const issue = (path: (string | number)[], message: string) =>
    ctx.addIssue({ code: 'custom', path, message });
  const config = form.paymentConfig;
  if (form.paymentRequired && !config) issue(['paymentConfig'], 'A paid form needs its prices');
  if (form.payer === 'organisation' && !config)
    issue(['paymentConfig'], 'An organisation-paid form needs its prices');
  if (form.expressAllowed && !config?.express)
    issue(['paymentConfig', 'express'], 'Set the fast-track fee, or do not offer fast-track');
  const types = new Set(form.verifications.map((v) => verificationTypeOf(v.name)));
  const priced = new Set<string>();
  config?.prices.forEach((price, i) => {
    if (!types.has(price.verificationName))
      issue(
        ['paymentConfig', 'prices', i, 'verificationName'],
        'This form does not ask for this verification',
      );
    if (priced.has(price.verificationName))
      issue(['paymentConfig', 'prices', i, 'verificationName'], 'Only one price per verification');
    priced.add(price.verificationName);
  });
  const ids = form.questions.flatMap((q) => (q.id ? [q.id] : []));
  if (new Set(ids).size !== ids.length) issue(['questions'], 'Each question only once');
}

/** PUT /api/ops/admin/forms/{formId}: the whole form (what is not sent takes its default). */
export const adminFormUpdateSchema = z.object(formFields).strict().superRefine(formRules);
export type AdminFormUpdate = z.input<typeof adminFormUpdateSchema>;

/** POST /api/ops/admin/orgs/{orgId}/forms: the id is made from the name when not given. */
export const adminFormCreateSchema = z
  .object({ id: slugSchema.optional(), ...formFields })
  .strict()
  .superRefine(formRules);
export type AdminFormCreate = z.input<typeof adminFormCreateSchema>;

export const adminFormSchema = z.object({
  id: z.string(),
  orgId: z.string(),
  name: z.string(),
  expiry: z.number().int(),
  isExpired: z.boolean(),
  expectedWorkingDays: z.number().int(),
  evaluationPartnerRequired: z.boolean(),
  basicDetailsRequired: z.boolean(),
  verifications: z.array(
    z.object({
      name: z.string(),
      skipAllowed: z.boolean(),
      marksheetRequired: z.boolean(),
      subType: z.string().nullable(),
    }),
  ),
  paymentRequired: z.boolean(),
  payer: z.enum(['candidate', 'organisation']),
  expressAllowed: z.boolean(),
  /** Null when none is set or the stored one no longer passes the schema. */
  paymentConfig: formPaymentConfigSchema.nullable(),
  questions: z.array(
    z.object({
      id: z.string(),
      question: z.string(),
      options: z.array(z.object({ name: z.string(), value: z.string() })),
      required: z.boolean(),
    }),
  ),
  createdAt: z.string(),
  /** Transactions were started on it: edits reach new transactions only (ADR 0029). */
  hasTransactions: z.boolean(),
});
export type AdminForm = z.infer<typeof adminFormSchema>;
export const adminFormListSchema = z.object({ list: z.array(adminFormSchema) });
export type AdminFormList = z.infer<typeof adminFormListSchema>;

/** GET /api/ops/admin/verification-types: what a form can ask for. */
export const adminVerificationTypeSchema = z.object({
  name: z.string(),
  label: z.string(),
  category: z.string(),
  subTypes: z.array(z.object({ type: z.string(), label: z.string() })),
});
export type AdminVerificationType = z.infer<typeof adminVerificationTypeSchema>;
export const adminVerificationTypeListSchema = z.object({ list: z.array(adminVerificationTypeSchema) });

// ── Staff accounts ───────────────────────────────────────────────────────────────────────────────

/** Staff passwords: at least 12 characters (ADR 0019). */
export const staffPasswordSchema = z
  .string()
  .min(12, 'At least 12 characters')
  .max(256, 'At most 256 characters');

export const adminStaffSchema = staffSchema.extend({
  disabledAt: z.string().nullable(),
  /** Set after too many wrong passwords; sign-in refused until then. */
  lockedUntil: z.string().nullable(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
});
export type AdminStaff = z.infer<typeof adminStaffSchema>;
export const adminStaffListSchema = z.object({ list: z.array(adminStaffSchema) });
export type AdminStaffList = z.infer<typeof adminStaffListSchema>;

/** POST /api/ops/admin/staff: without a password one is generated and answered once. */
export const adminStaffCreateSchema = z
  .object({
    email: z.string().trim().toLowerCase().max(254).pipe(z.email('Enter a valid e-mail address')),
    name: nameSchema,
    role: staffRoleSchema,
    password: staffPasswordSchema.optional(),
  })
  .strict();
export type AdminStaffCreate = z.input<typeof adminStaffCreateSchema>;

/** The account, and the generated password (shown once) or null when the admin chose it. */
export const adminStaffPasswordResultSchema = z.object({
  staff: adminStaffSchema,
  password: z.string().nullable(),
});
export type AdminStaffPasswordResult = z.infer<typeof adminStaffPasswordResultSchema>;

/** PUT /api/ops/admin/staff/{staffId}/role. */
export const adminStaffRoleSchema = z.object({ role: staffRoleSchema }).strict();

/** POST /api/ops/admin/staff/{staffId}/password: a new password (generated when absent); sessions end. */
export const adminPasswordResetSchema = z.object({ password: staffPasswordSchema.optional() }).strict();

// ── Orders (for refunds) ─────────────────────────────────────────────────────────────────────────

/** GET /api/ops/admin/orders?orderId= | ?txnId=: a paid order, or a transaction's orders, to refund. */
export const adminOrderQuerySchema = z
  .object({
    orderId: z.uuid('Enter an order id').optional(),
    txnId: z.uuid('Enter a transaction id').optional(),
  })
  .strict()
  .refine(
    (q) => (q.orderId === undefined) !== (q.txnId === undefined),
    'Give an order id or a transaction id',
  );
export type AdminOrderQuery = z.infer<typeof adminOrderQuerySchema>;

export const adminOrderSchema = z.object({
  orderId: z.string(),
  txnId: z.string(),
  orgId: z.string(),
  status: z.string(),
  /** Smallest unit (paise, cents). */
  amount: z.number().int(),
  currency: z.string(),
  provider: z.string(),
  express: z.boolean(),
  paymentId: z.string().nullable(),
  createdAt: z.string(),
  /** Refunded or being refunded (processed and pending refunds). */
  refunded: z.number().int(),
  /** What can still be refunded: the amount of a paid order less `refunded`; 0 when not paid. */
  refundable: z.number().int(),
  refunds: z.array(
    z.object({
      id: z.string(),
      amount: z.number().int(),
      status: z.string(),
      reason: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;
export const adminOrderListSchema = z.object({ list: z.array(adminOrderSchema) });
export type AdminOrderList = z.infer<typeof adminOrderListSchema>;
