import { z } from 'zod';
import { privacyPurposeSchema, purposeChoiceSchema } from './privacy.js';

/**
 * The candidate's right of access (issue 29, ADR 0049 "Disclosures"): what the product holds about
 * them by category, what each is used for, and every disclosure of their data outside the team.
 */

/** Who received the candidate's data. */
export const DISCLOSURE_RECIPIENT_KINDS = [
  'organisation',
  'partner',
  'institution',
  'issuer',
  'verifier',
] as const;
export const disclosureRecipientKindSchema = z.enum(DISCLOSURE_RECIPIENT_KINDS);
export type DisclosureRecipientKind = z.infer<typeof disclosureRecipientKindSchema>;

/** What was given: a report, a result, a request for confirmation, a shared credential, a pull. */
export const DISCLOSURE_WHATS = ['report', 'result', 'request', 'credential_share', 'issuer_pull'] as const;
export const disclosureWhatSchema = z.enum(DISCLOSURE_WHATS);
export type DisclosureWhat = z.infer<typeof disclosureWhatSchema>;

/**
 * One disclosure as a sender records it, in the database transaction of the act. `detail` is short and
 * holds no personal data beyond ids and documents' names.
 */
export interface DisclosureRecord {
  profileId: string;
  txnId: string | null;
  recipientKind: DisclosureRecipientKind;
  recipientName: string;
  what: DisclosureWhat;
  detail: string;
  at: Date;
}

export const disclosureSchema = z.object({
  id: z.string(),
  txnId: z.string().nullable(),
  recipientKind: disclosureRecipientKindSchema,
  recipientName: z.string(),
  what: disclosureWhatSchema,
  detail: z.string(),
  at: z.string(),
});
export type Disclosure = z.infer<typeof disclosureSchema>;

export const DISCLOSURE_PAGE_SIZE = 20;

export const disclosureListQuerySchema = z.object({
  /** The `nextCursor` of the previous page; absent for the newest. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type DisclosureListQuery = z.infer<typeof disclosureListQuerySchema>;

export const disclosureListSchema = z.object({
  items: z.array(disclosureSchema),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
});
export type DisclosureList = z.infer<typeof disclosureListSchema>;

/** The categories of data the access page lists, in its order. */
export const ACCESS_CATEGORIES = [
  'profile',
  'identity',
  'requests',
  'documents',
  'payments',
  'notifications',
  'chat',
  'credentials',
  'consents',
] as const;
export const accessCategoryKeySchema = z.enum(ACCESS_CATEGORIES);
export type AccessCategoryKey = z.infer<typeof accessCategoryKeySchema>;

export const accessCategorySchema = z.object({
  key: accessCategoryKeySchema,
  /** How many items the product holds of it (rows: requests, files, messages...). */
  count: z.number().int().nonnegative(),
  /** What it is used for; empty: only to run the candidate's own account. */
  usedFor: z.array(privacyPurposeSchema),
});
export type AccessCategory = z.infer<typeof accessCategorySchema>;

export const accessRequestSchema = z.object({
  txnId: z.string(),
  orgName: z.string(),
  formName: z.string(),
  state: z.string(),
  createdAt: z.string(),
  verifications: z.array(z.object({ name: z.string(), label: z.string(), state: z.string() })),
  /** The names of the files given for this request. */
  documents: z.array(z.string()),
  /** What the candidate's consent to this request grants now (empty: none recorded). */
  purposes: z.array(purposeChoiceSchema),
});
export type AccessRequest = z.infer<typeof accessRequestSchema>;

export const privacyAccessSchema = z.object({
  profile: z.object({
    name: z.string(),
    mobile: z.string(),
    dateOfBirth: z.string().nullable(),
    language: z.string().nullable(),
    since: z.string(),
  }),
  identity: z.object({
    /** Only the last four digits: no full Aadhaar number is ever stored. */
    aadhaarLast4: z.string().nullable(),
    aadhaarVerifiedAt: z.string().nullable(),
    verifiedName: z.string().nullable(),
    /** Whether a passport was given for a request (its data stays on that request). */
    passport: z.boolean(),
  }),
  categories: z.array(accessCategorySchema),
  requests: z.array(accessRequestSchema),
});
export type PrivacyAccess = z.infer<typeof privacyAccessSchema>;
