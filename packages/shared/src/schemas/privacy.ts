import { z } from 'zod';

/**
 * Privacy by law (issue 29, ADR 0049): the purposes a candidate consents to, the consent ledger's
 * entries and its check.
 */
export const PRIVACY_PURPOSES = [
  'verify',
  'report_organisation',
  'report_partner',
  'contact_institutions',
  'wallet',
] as const;
export type PrivacyPurpose = (typeof PRIVACY_PURPOSES)[number];
/** Refusing one of these means the form does not start. */
export const REQUIRED_PURPOSES: readonly PrivacyPurpose[] = ['verify', 'report_organisation'];

export const privacyPurposeSchema = z.enum(PRIVACY_PURPOSES);
export const consentActionSchema = z.enum(['consent', 'refuse', 'withdraw']);
export type ConsentAction = z.infer<typeof consentActionSchema>;
export const consentChannelSchema = z.enum(['web', 'api', 'digilocker']);
export type ConsentChannel = z.infer<typeof consentChannelSchema>;
/** A SHA-256 in lower-case hex: a notice's identity, a ledger entry's hash. */
export const sha256HexSchema = z.string().regex(/^[0-9a-f]{64}$/, 'A SHA-256 in hex');

export const purposeChoiceSchema = z.object({ purpose: privacyPurposeSchema, granted: z.boolean() });
export type PurposeChoice = z.infer<typeof purposeChoiceSchema>;

/** One entry of the consent ledger as the console shows it. */
export const consentLedgerEntrySchema = z.object({
  seq: z.number().int().positive(),
  profileId: z.string().uuid(),
  orgId: z.string(),
  formId: z.string(),
  txnId: z.string().uuid().nullable(),
  noticeHash: sha256HexSchema,
  action: consentActionSchema,
  purposes: z.array(purposeChoiceSchema),
  channel: consentChannelSchema,
  at: z.string(),
  prevHash: sha256HexSchema,
  hash: sha256HexSchema,
});
export type ConsentLedgerEntry = z.infer<typeof consentLedgerEntrySchema>;

/** POST /api/ops/privacy/ledger-check (admin): the chain walked from its first entry. */
export const ledgerCheckResponseSchema = z.object({
  /** Entries read before the answer (all of them when `ok`). */
  entries: z.number().int().nonnegative(),
  ok: z.boolean(),
  /** The last entry's hash when `ok`: noted outside the product, it shows a later rewrite. */
  headHash: sha256HexSchema.nullable(),
  /** The first entry that does not hold, and why: its own hash, its link to the previous, a gap. */
  firstBadSeq: z.number().int().nullable(),
  problem: z.enum(['hash', 'link', 'gap']).nullable(),
  checkedAt: z.string(),
});
export type LedgerCheckResponse = z.infer<typeof ledgerCheckResponseSchema>;

/** The retention schedule's data classes (ADR 0049), each with its default period in days. */
export const RETENTION_DEFAULT_DAYS = {
  uploaded_documents: 180,
  pulled_documents: 30,
  aadhaar_data: 30,
  results: 3 * 365,
  support_chat: 365,
  messages: 90,
  payments: 8 * 365,
  access_logs: 2 * 365,
} as const;
export type RetentionClass = keyof typeof RETENTION_DEFAULT_DAYS;

/*
 * The breach register (ADR 0049 "Breaches"): entries corrected by new versions, never overwritten, and
 * the notices to the people affected, produced from the entry in their language.
 */

/** The kinds of personal data a breach may have touched (a fixed list, so reports can count them). */
export const BREACH_DATA_CLASSES = [
  'identity',
  'documents',
  'aadhaar',
  'addresses',
  'employment',
  'payments',
  'contact',
] as const;
export type BreachDataClass = (typeof BREACH_DATA_CLASSES)[number];
export const breachDataClassSchema = z.enum(BREACH_DATA_CLASSES);

const instant = z.iso.datetime({
  offset: true,
  message: 'A date and time in ISO 8601, e.g. 2026-11-29T10:00:00Z',
});
const noticeLine = (what: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `Say ${what}`)
    .max(max, `${what[0]!.toUpperCase()}${what.slice(1)}: at most ${max} characters`);

/**
 * What the people affected read (the DPDP Rules' contents), in one language: what happened, its likely
 * consequences for them, what was done, what they can do. When and whom to contact are added from the
 * entry and the grievance officer.
 */
export const breachNoticeTextSchema = z
  .object({
    whatHappened: noticeLine('what happened', 2000),
    consequences: noticeLine('the likely consequences', 1000),
    actionsTaken: noticeLine('what was done', 1000),
    whatTheyCanDo: noticeLine('what they can do', 1000),
  })
  .strict();
export type BreachNoticeText = z.infer<typeof breachNoticeTextSchema>;

/**
 * Whose data: every candidate, or the candidates with a transaction of an organisation and/or a form
 * and/or created in a window. Saved with the entry; the count it matched then is kept beside it.
 */
export const breachAffectedSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }).strict(),
  z
    .object({
      kind: z.literal('transactions'),
      orgId: z.string().trim().min(1).max(100).nullable(),
      formId: z.string().trim().min(1).max(100).nullable(),
      createdFrom: instant.nullable(),
      createdTo: instant.nullable(),
    })
    .strict()
    .refine((s) => s.orgId || s.formId || s.createdFrom || s.createdTo, {
      message: 'Name an organisation, a form or a time window (or choose every candidate)',
    })
    .refine((s) => !s.createdFrom || !s.createdTo || Date.parse(s.createdFrom) <= Date.parse(s.createdTo), {
      message: 'The window of transaction creation ends before it starts',
      path: ['createdTo'],
    }),
]);
export type BreachAffected = z.infer<typeof breachAffectedSchema>;

/** POST /api/ops/privacy/breaches and POST …/:breachId/versions (admin): a whole entry, as it now reads. */
export const breachVersionInputSchema = z
  .object({
    /** The register's own name for it (not sent to anyone). */
    title: z.string().trim().min(3, 'Give the breach a title').max(200),
    foundAt: instant,
    occurredFrom: instant.nullable(),
    occurredTo: instant.nullable(),
    dataClasses: z
      .array(breachDataClassSchema)
      .min(1, 'Choose at least one kind of data')
      .refine((list) => new Set(list).size === list.length, 'Each kind of data once'),
    affected: breachAffectedSchema,
    /** English, always; Hindi when written (a Hindi reader gets the English text otherwise). */
    notice: z.object({ en: breachNoticeTextSchema, hi: breachNoticeTextSchema.nullable() }).strict(),
    boardNotifiedAt: instant.nullable(),
  })
  .strict()
  .refine((v) => !v.occurredFrom || !v.occurredTo || Date.parse(v.occurredFrom) <= Date.parse(v.occurredTo), {
    message: 'The breach ends before it starts',
    path: ['occurredTo'],
  });
export type BreachVersionInput = z.infer<typeof breachVersionInputSchema>;

/** POST …/:breachId/board-notified (admin): when the Board was told; saved as a new version. */
export const breachBoardNotifiedSchema = z.object({ notifiedAt: instant }).strict();
export type BreachBoardNotified = z.infer<typeof breachBoardNotifiedSchema>;

export const breachVersionSchema = z.object({
  version: z.number().int().positive(),
  title: z.string(),
  foundAt: z.string(),
  occurredFrom: z.string().nullable(),
  occurredTo: z.string().nullable(),
  dataClasses: z.array(breachDataClassSchema),
  affected: breachAffectedSchema,
  /** How many candidates the selector matched when this version was saved. */
  affectedCount: z.number().int().nonnegative(),
  notice: z.object({ en: breachNoticeTextSchema, hi: breachNoticeTextSchema.nullable() }),
  boardNotifiedAt: z.string().nullable(),
  authorStaffId: z.string().uuid().nullable(),
  authorName: z.string().nullable(),
  at: z.string(),
});
export type BreachVersion = z.infer<typeof breachVersionSchema>;

/** The notices of one version: queued (not yet accepted by the provider), sent, failed for good. */
export const breachSendsSchema = z.object({
  version: z.number().int().positive(),
  queued: z.number().int().nonnegative(),
  sent: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
});
export type BreachSends = z.infer<typeof breachSendsSchema>;

export const breachSummarySchema = z.object({
  id: z.string().uuid(),
  createdAt: z.string(),
  current: breachVersionSchema,
  /** Notices sent, every version together. */
  sent: z.number().int().nonnegative(),
});
export type BreachSummary = z.infer<typeof breachSummarySchema>;

/** GET /api/ops/privacy/breaches (admin): newest first. */
export const breachListSchema = z.object({ list: z.array(breachSummarySchema) });
export type BreachList = z.infer<typeof breachListSchema>;

/** GET /api/ops/privacy/breaches/:breachId (admin): the entry, its versions (newest first), its sends. */
export const breachDetailSchema = z.object({
  id: z.string().uuid(),
  createdAt: z.string(),
  current: breachVersionSchema,
  versions: z.array(breachVersionSchema),
  sends: z.array(breachSendsSchema),
  /** How many candidates the current version's selector matches now: whom "Notify" would reach. */
  matchingNow: z.number().int().nonnegative(),
});
export type BreachDetail = z.infer<typeof breachDetailSchema>;

/** POST …/:breachId/notify (admin): the current version's notices, one per candidate; a retry adds none. */
export const breachNotifyRequestSchema = z
  .object({ version: z.number().int().positive('The version being notified') })
  .strict();
export type BreachNotifyRequest = z.infer<typeof breachNotifyRequestSchema>;
export const breachNotifyResponseSchema = z.object({
  version: z.number().int().positive(),
  /** Notices queued by this call. */
  queued: z.number().int().nonnegative(),
  /** Candidates this version had already queued (a retry). */
  already: z.number().int().nonnegative(),
});
export type BreachNotifyResponse = z.infer<typeof breachNotifyResponseSchema>;
