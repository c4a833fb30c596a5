import { z } from 'zod';
import { mobileSchema, profileNameSchema } from './auth.js';
import { stateSchema } from './verification.js';

/**
 * The organisation portal (issue 28, ADR 0047): an organisation's own staff, under /org (apps/org) and
 * /api/org. Every call is answered for the caller's organisation only; the server recomputes every
 * state, bucket, price and figure. Helpers of each area add their schemas in their own section.
 */

// ---------------------------------------------------------------------------------------------------
// Who: accounts, roles, sign-in (the console's rules, ADR 0019)

/** owner: users, billing, integration, branding; manager: invite, follow, download; viewer: read only. */
export const ORG_ROLES = ['owner', 'manager', 'viewer'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];
export const orgRoleSchema = z.enum(ORG_ROLES);

const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email('Enter a valid e-mail address'));
const id = z.string().trim().min(1).max(100);

/** POST ORG_API_PATHS.signIn: e-mail and password; a 6-digit code is then e-mailed. */
export const orgSignInRequestSchema = z
  .object({ email: emailSchema, password: z.string().min(1, 'Required').max(1024) })
  .strict();
export type OrgSignInRequest = z.infer<typeof orgSignInRequestSchema>;
export const orgSignInResponseSchema = z.object({
  challengeId: z.string(),
  maskedEmail: z.string(),
  expiresIn: z.number().int(),
});
export type OrgSignInResponse = z.infer<typeof orgSignInResponseSchema>;

/** POST ORG_API_PATHS.verifyCode. */
export const orgVerifyCodeRequestSchema = z
  .object({
    challengeId: z.string().trim().min(1).max(100),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'Enter the 6-digit code'),
  })
  .strict();
export type OrgVerifyCodeRequest = z.infer<typeof orgVerifyCodeRequestSchema>;

export const orgUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: orgRoleSchema,
});
export type OrgUser = z.infer<typeof orgUserSchema>;

export const orgSummarySchema = z.object({ id: z.string(), name: z.string() });
export type OrgSummary = z.infer<typeof orgSummarySchema>;

export const orgSessionSchema = z.object({
  accessToken: z.string(),
  expiresIn: z.number().int(),
  user: orgUserSchema,
  org: orgSummarySchema,
});
export type OrgSession = z.infer<typeof orgSessionSchema>;

/** GET ORG_API_PATHS.me. */
export const orgMeSchema = z.object({ user: orgUserSchema, org: orgSummarySchema });
export type OrgMe = z.infer<typeof orgMeSchema>;

/** The owner's list of users (GET ORG_API_PATHS.users). */
export const orgUserRowSchema = orgUserSchema.extend({
  disabledAt: z.string().nullable(),
  lockedUntil: z.string().nullable(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
});
export type OrgUserRow = z.infer<typeof orgUserRowSchema>;
export const orgUserInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: orgRoleSchema,
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type OrgUserInvitation = z.infer<typeof orgUserInvitationSchema>;
export const orgUserListSchema = z.object({
  users: z.array(orgUserRowSchema),
  invitations: z.array(orgUserInvitationSchema),
});
export type OrgUserList = z.infer<typeof orgUserListSchema>;

/** GET ORG_API_PATHS.activity (owner): one page of the organisation's audit, newest first. */
export const orgActivityQuerySchema = z
  .object({
    /** The previous page's nextCursor. */
    cursor: z
      .string()
      .regex(/^[1-9][0-9]{0,17}$/, 'Bad cursor')
      .optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();
export type OrgActivityQuery = z.infer<typeof orgActivityQuerySchema>;
export const orgActivityEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  /** What was done, e.g. 'user.invite', 'sign_in' (the audit's own names). */
  action: z.string(),
  /** Who did it: null for the system or someone no longer a user. */
  actor: z.object({ userId: z.string(), name: z.string(), email: z.string() }).nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export type OrgActivityEntry = z.infer<typeof orgActivityEntrySchema>;
export const orgActivityListSchema = z.object({
  list: z.array(orgActivityEntrySchema),
  nextCursor: z.string().nullable(),
});
export type OrgActivityList = z.infer<typeof orgActivityListSchema>;

/** POST ORG_API_PATHS.userInvitations (owner): an e-mailed invitation link that expires. */
export const orgUserInviteRequestSchema = z
  .object({ email: emailSchema, name: z.string().trim().min(2).max(100), role: orgRoleSchema })
  .strict();
export type OrgUserInviteRequest = z.infer<typeof orgUserInviteRequestSchema>;

/** GET ORG_API_PATHS.invitation?token: what the invitation page shows before a password is set. */
export const orgInvitationPreviewSchema = z.object({
  email: z.string(),
  name: z.string(),
  role: orgRoleSchema,
  orgName: z.string(),
  expiresAt: z.string(),
});
export type OrgInvitationPreview = z.infer<typeof orgInvitationPreviewSchema>;

/** POST ORG_API_PATHS.acceptInvitation: the link's token and a password of the console's rules. */
export const orgInvitationAcceptSchema = z
  .object({
    token: z.string().trim().min(10).max(200),
    password: z.string().min(12, 'At least 12 characters').max(1024),
  })
  .strict();
export type OrgInvitationAccept = z.infer<typeof orgInvitationAcceptSchema>;

/** PATCH ORG_API_PATHS.user (owner): role or disabled. */
export const orgUserUpdateSchema = z
  .object({ role: orgRoleSchema.optional(), disabled: z.boolean().optional() })
  .strict()
  .refine((v) => v.role !== undefined || v.disabled !== undefined, 'Nothing to change');
export type OrgUserUpdate = z.infer<typeof orgUserUpdateSchema>;

/** POST /api/ops/orgs/:orgId/owner (platform admin): the organisation's first owner, invited by e-mail. */
export const opsOrgOwnerCreateSchema = z
  .object({ email: emailSchema, name: z.string().trim().min(2).max(100) })
  .strict();
export type OpsOrgOwnerCreate = z.infer<typeof opsOrgOwnerCreateSchema>;

// ---------------------------------------------------------------------------------------------------
// Candidates: invitations, the dashboard, a candidate's page

/**
 * Where a candidate stands, as the organisation sees it (derived on the server from the transaction's
 * state and queue, stored as transactions.org_bucket): invited (no form opened), started (opened, not
 * submitted), action_required (the team asked the candidate for something), submitted (waiting for the
 * team), in_progress (being verified), verified (all done and verified), closed (ended otherwise).
 */
export const ORG_BUCKETS = [
  'invited',
  'started',
  'action_required',
  'submitted',
  'in_progress',
  'verified',
  'closed',
] as const;
export type OrgBucket = (typeof ORG_BUCKETS)[number];
export const orgBucketSchema = z.enum(ORG_BUCKETS);

export const CANDIDATE_LANGUAGES = ['en', 'hi'] as const;
export const candidateLanguageSchema = z.enum(CANDIDATE_LANGUAGES);

/** POST ORG_API_PATHS.invitations (manager, owner): one candidate; SMS and (when given) e-mail. */
export const orgCandidateInviteSchema = z
  .object({
    formId: id,
    name: profileNameSchema,
    mobile: mobileSchema,
    email: emailSchema.optional(),
    language: candidateLanguageSchema.default('en'),
  })
  .strict();
export type OrgCandidateInvite = z.infer<typeof orgCandidateInviteSchema>;

export const orgInvitationSchema = z.object({
  id: z.string(),
  transactionId: z.string(),
  formId: z.string(),
  name: z.string(),
  /** Masked: the last 4 digits only. */
  mobile: z.string(),
  email: z.string().nullable(),
  language: candidateLanguageSchema,
  source: z.enum(['portal', 'bulk', 'api']),
  remindersSent: z.number().int(),
  lastSentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OrgInvitation = z.infer<typeof orgInvitationSchema>;

/** Bulk (ADR 0047): a CSV or XLSX upload is checked row by row into a batch before anything is sent. */
export const INVITE_BATCH_MAX_ROWS = 10_000;
export const INVITE_BATCH_STATUSES = ['checked', 'sending', 'sent', 'cancelled'] as const;
export const inviteBatchRowSchema = z.object({
  row: z.number().int(),
  name: z.string(),
  mobile: z.string(),
  email: z.string().nullable(),
  formId: z.string(),
  language: candidateLanguageSchema,
  status: z.enum(['valid', 'refused', 'sent', 'failed']),
  /** Why it is refused or failed, in words. */
  reason: z.string().nullable(),
});
export type InviteBatchRow = z.infer<typeof inviteBatchRowSchema>;
export const inviteBatchSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  status: z.enum(INVITE_BATCH_STATUSES),
  total: z.number().int(),
  valid: z.number().int(),
  refused: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type InviteBatch = z.infer<typeof inviteBatchSchema>;
/** The check's answer: the batch and a preview (every refused row, then the first valid ones). */
export const inviteBatchCheckedSchema = z.object({
  batch: inviteBatchSchema,
  refusedRows: z.array(inviteBatchRowSchema),
  validPreview: z.array(inviteBatchRowSchema),
});
export type InviteBatchChecked = z.infer<typeof inviteBatchCheckedSchema>;

/** The per-form dashboard's counts (GET ORG_API_PATHS.forms). */
export const orgFormSummarySchema = z.object({
  formId: z.string(),
  name: z.string(),
  payer: z.enum(['candidate', 'organisation']),
  counts: z.record(orgBucketSchema, z.number().int()),
});
export type OrgFormSummary = z.infer<typeof orgFormSummarySchema>;
export const orgFormListSchema = z.object({ list: z.array(orgFormSummarySchema) });

/** GET ORG_API_PATHS.candidates: one form's candidates, keyset-paged, newest change first. */
export const orgCandidateQuerySchema = z.object({
  formId: id,
  bucket: orgBucketSchema.optional(),
  /** A name's start, or a mobile's last digits (or the whole number). */
  q: z.string().trim().max(100).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type OrgCandidateQuery = z.infer<typeof orgCandidateQuerySchema>;
export const orgCandidateRowSchema = z.object({
  transactionId: z.string(),
  name: z.string(),
  mobile: z.string(),
  bucket: orgBucketSchema,
  state: stateSchema,
  /** When it entered its bucket: the ageing. */
  bucketSince: z.string(),
  invitedAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  expectedMaxDate: z.string().nullable(),
});
export type OrgCandidateRow = z.infer<typeof orgCandidateRowSchema>;
export const orgCandidateListSchema = z.object({
  list: z.array(orgCandidateRowSchema),
  nextCursor: z.string().nullable(),
});
export type OrgCandidateList = z.infer<typeof orgCandidateListSchema>;

/** Where a verification's result came from. */
export const VERIFICATION_SOURCES = ['document', 'digilocker', 'issuer_api', 'institution'] as const;
export const orgCandidateDetailSchema = z.object({
  transactionId: z.string(),
  formId: z.string(),
  formName: z.string(),
  name: z.string(),
  mobile: z.string(),
  email: z.string().nullable(),
  bucket: orgBucketSchema,
  state: stateSchema,
  invitedAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  expectedMaxDate: z.string().nullable(),
  verifications: z.array(
    z.object({
      name: z.string(),
      label: z.string(),
      state: stateSchema,
      source: z.enum(VERIFICATION_SOURCES).nullable(),
      updatedAt: z.string().nullable(),
    }),
  ),
  timeline: z.array(z.object({ at: z.string(), what: z.string(), state: stateSchema.nullable() })),
  /** The verification report, once issued (download ORG_API_PATHS.candidateReport). */
  report: z.object({ code: z.string(), issuedAt: z.string() }).nullable(),
  credentials: z.array(z.object({ id: z.string(), type: z.string(), issuedAt: z.string() })),
});
export type OrgCandidateDetail = z.infer<typeof orgCandidateDetailSchema>;

// ---------------------------------------------------------------------------------------------------
// Paying (ADR 0047): a form is paid by the candidate or by the organisation; an organisation pays
// from prepaid credits or monthly in arrears. Amounts are integers in paise.

export const FORM_PAYERS = ['candidate', 'organisation'] as const;
export type FormPayer = (typeof FORM_PAYERS)[number];
export const BILLING_MODES = ['prepaid', 'arrears'] as const;
export type BillingMode = (typeof BILLING_MODES)[number];
/** SAC 998521 "investigation services", under which background verification is invoiced (ADR 0047). */
export const VERIFICATION_SAC = '998521';

const GSTIN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
export const gstinSchema = z.string().trim().toUpperCase().regex(GSTIN, 'Enter a valid 15-character GSTIN');

/** The organisation's billing profile (owner: GET/PUT ORG_API_PATHS.billingProfile). */
export const orgBillingProfileSchema = z
  .object({
    legalName: z.string().trim().min(2).max(200),
    gstin: gstinSchema.nullable(),
    address: z.string().trim().min(5).max(500),
    /** The GST state code of the place of supply (2 digits, e.g. "29" Karnataka). */
    stateCode: z.string().regex(/^\d{2}$/, 'Enter the 2-digit GST state code'),
    billingEmail: emailSchema,
  })
  .strict();
export type OrgBillingProfile = z.infer<typeof orgBillingProfileSchema>;

export const orgLedgerEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(['purchase', 'usage', 'refund', 'adjustment']),
  /** Signed: a purchase adds, a usage takes. */
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  transactionId: z.string().nullable(),
  note: z.string().nullable(),
  at: z.string(),
});
export type OrgLedgerEntry = z.infer<typeof orgLedgerEntrySchema>;
export const orgBillingSchema = z.object({
  mode: z.enum(BILLING_MODES),
  balance: z.number().int(),
  /** This month's usage so far (taxable value, paise). */
  monthUsage: z.number().int(),
  profile: orgBillingProfileSchema.nullable(),
  ledger: z.array(orgLedgerEntrySchema),
});
export type OrgBilling = z.infer<typeof orgBillingSchema>;

export const invoiceLineSchema = z.object({
  description: z.string(),
  sac: z.string(),
  quantity: z.number().int(),
  /** Taxable value, paise. */
  amount: z.number().int(),
});
export const orgInvoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  /** YYYY-MM. */
  period: z.string(),
  issuedAt: z.string(),
  taxable: z.number().int(),
  cgst: z.number().int(),
  sgst: z.number().int(),
  igst: z.number().int(),
  total: z.number().int(),
  lines: z.array(invoiceLineSchema),
});
export type OrgInvoice = z.infer<typeof orgInvoiceSchema>;
export const orgInvoiceListSchema = z.object({ list: z.array(orgInvoiceSchema) });

/** POST ORG_API_PATHS.creditOrders (owner): credits to buy (paise, before GST), ₹1,000 to ₹10,00,000. */
export const CREDIT_ORDER_MIN = 1_000_00;
export const CREDIT_ORDER_MAX = 10_00_000_00;
export const orgCreditOrderCreateSchema = z
  .object({ amount: z.number().int().min(CREDIT_ORDER_MIN).max(CREDIT_ORDER_MAX) })
  .strict();
export type OrgCreditOrderCreate = z.infer<typeof orgCreditOrderCreateSchema>;
export const orgCreditOrderSchema = z.object({
  id: z.string(),
  /** Credits bought (paise, before GST). */
  amount: z.number().int(),
  /** What the gateway charges: amount + GST; a paid order adds this to the balance. */
  total: z.number().int(),
  status: z.enum(['created', 'paid', 'failed', 'cancelled']),
  /** Where to send the browser to pay (while created). */
  checkoutUrl: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type OrgCreditOrder = z.infer<typeof orgCreditOrderSchema>;
/** GET ORG_API_PATHS.creditOrders (owner): the latest orders, newest first (a pending one can be resumed). */
export const orgCreditOrderListSchema = z.object({ list: z.array(orgCreditOrderSchema) });
export type OrgCreditOrderList = z.infer<typeof orgCreditOrderListSchema>;

/** Platform admin: an organisation's billing (GET/PUT ORG_API_PATHS.opsOrgBilling). */
export const opsOrgBillingUpdateSchema = z.object({ mode: z.enum(BILLING_MODES) }).strict();
export type OpsOrgBillingUpdate = z.infer<typeof opsOrgBillingUpdateSchema>;
export const opsOrgBillingSchema = z.object({ mode: z.enum(BILLING_MODES), balance: z.number().int() });
export type OpsOrgBilling = z.infer<typeof opsOrgBillingSchema>;

// ---------------------------------------------------------------------------------------------------
// Branding (owner): the candidate's pages show the organisation's name and colours.

const HEX = /^#[0-9a-fA-F]{6}$/;
export const orgBrandingSchema = z
  .object({
    displayName: z.string().trim().min(2).max(100),
    /** Must reach 4.5:1 contrast with white text (checked by the server too). */
    primaryColor: z.string().regex(HEX, 'Enter a colour as #RRGGBB'),
  })
  .strict();
export type OrgBranding = z.infer<typeof orgBrandingSchema>;

/** Notifications to the organisation (owner). */
export const orgNotificationSettingsSchema = z
  .object({
    /** Where "needs you" and "finished" e-mails go; null: the owners' addresses. */
    email: emailSchema.nullable(),
    onActionRequired: z.boolean(),
    onFinished: z.boolean(),
    dailyDigest: z.boolean(),
  })
  .strict();
export type OrgNotificationSettings = z.infer<typeof orgNotificationSettingsSchema>;

/** The candidate app's colour when the organisation chose none (apps/web's theme primary). */
export const DEFAULT_BRAND_COLOR = '#1d4e89';

/** GET ORG_API_PATHS.branding: the saved branding (or the defaults) and the current logo. */
export const orgBrandingViewSchema = z.object({
  displayName: z.string(),
  primaryColor: z.string(),
  /** The logo the candidate app shows, null when none. */
  imageUrl: z.string().nullable(),
  /** false: nothing saved yet, the organisation's name and the default colour. */
  custom: z.boolean(),
});
export type OrgBrandingView = z.infer<typeof orgBrandingViewSchema>;
