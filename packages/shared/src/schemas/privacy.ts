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
