import { z } from 'zod';

/**
 * The candidate's data export (issue 29, ADR 0049 "Export"): a ZIP holding `data.json` (this schema),
 * `files/...` (their uploaded documents and their reports' PDFs) and `README.txt`. The format is
 * versioned: a change that a reader of version 1 would misread is version 2.
 */
export const EXPORT_FORMAT = 'veridocs-export/1' as const;
/** Exports a candidate may download per day (a rolling 24 hours): the archive reads every file. */
export const EXPORT_DAILY_LIMIT = 5;

const at = z.string();
const maybeAt = z.string().nullable();

/** Where a stored file is inside the archive (null: its bytes were not in the store when exported). */
const archivePath = z.string().nullable();

export const exportProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  mobile: z.string(),
  dateOfBirth: z.string().nullable(),
  gender: z.string().nullable(),
  language: z.string().nullable(),
  address: z.unknown(),
  photo: z.string().nullable(),
  aadhaarLast4: z.string().nullable(),
  aadhaarVerifiedAt: maybeAt,
  verifiedName: z.string().nullable(),
  basicDetails: z.unknown(),
  contactDetails: z.unknown(),
  createdAt: at,
  updatedAt: at,
});

export const exportVerificationSchema = z.object({
  name: z.string(),
  category: z.string(),
  subType: z.string().nullable(),
  state: z.string(),
  skipped: z.boolean(),
  /** What the candidate entered and what the checks found, as stored. */
  data: z.record(z.string(), z.unknown()),
  insufficiency: z.unknown(),
  updatedAt: at,
});

export const exportRequestSchema = z.object({
  id: z.string(),
  orgId: z.string(),
  orgName: z.string(),
  formId: z.string(),
  formName: z.string(),
  state: z.string(),
  createdAt: at,
  submittedAt: maybeAt,
  expectedBy: maybeAt,
  evaluation: z
    .object({
      partner: z.string(),
      reference: z.string().nullable(),
      emailMasked: z.string().nullable(),
      validatedAt: maybeAt,
    })
    .nullable(),
  answers: z.array(z.object({ questionId: z.string(), answer: z.string(), updatedAt: at })),
  verifications: z.array(exportVerificationSchema),
});

export const exportDocumentSchema = z.object({
  id: z.string(),
  name: z.string(),
  mimeType: z.string(),
  size: z.number(),
  sha256: z.string(),
  state: z.string(),
  issues: z.array(z.unknown()),
  pageCount: z.number().nullable(),
  txnId: z.string().nullable(),
  category: z.string().nullable(),
  uploadedAt: at,
  path: archivePath,
});

export const exportReportSchema = z.object({
  txnId: z.string(),
  code: z.string(),
  status: z.string(),
  generatedAt: maybeAt,
  sentAt: maybeAt,
  path: archivePath,
});

export const exportConsentSchema = z.object({
  seq: z.number(),
  txnId: z.string().nullable(),
  orgId: z.string(),
  formId: z.string(),
  action: z.enum(['consent', 'refuse', 'withdraw']),
  purposes: z.array(z.object({ purpose: z.string(), granted: z.boolean() })),
  channel: z.string(),
  at,
  /** The exact notice's text is in `notices` under this hash. */
  noticeHash: z.string(),
  prevHash: z.string(),
  hash: z.string(),
});

export const exportNoticeSchema = z.object({
  hash: z.string(),
  language: z.string(),
  templateVersion: z.string(),
  text: z.string(),
});

export const exportDisclosureSchema = z.object({
  id: z.string(),
  txnId: z.string().nullable(),
  recipientKind: z.string(),
  recipientName: z.string(),
  what: z.string(),
  detail: z.string(),
  at,
});

export const exportCredentialSchema = z.object({
  id: z.string(),
  txnId: z.string().nullable(),
  verificationName: z.string().nullable(),
  type: z.string(),
  attributes: z.unknown(),
  /** The signed credential (a JWT) as the wallet holds it; null once revoked and erased. */
  jwt: z.string().nullable(),
  issuedAt: at,
  expiresAt: maybeAt,
  revokedAt: maybeAt,
  revokedReason: z.string().nullable(),
});

export const exportRefundSchema = z.object({
  id: z.string(),
  amount: z.number(),
  reason: z.string(),
  status: z.string(),
  createdAt: at,
  updatedAt: at,
});

export const exportPaymentSchema = z.object({
  id: z.string(),
  txnId: z.string(),
  orgId: z.string(),
  /** In the currency's smallest unit (paise for INR). */
  amount: z.number(),
  currency: z.string(),
  provider: z.string(),
  status: z.string(),
  express: z.boolean(),
  paymentId: z.string().nullable(),
  createdAt: at,
  updatedAt: at,
  refunds: z.array(exportRefundSchema),
});

export const exportNotificationSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  description: z.string(),
  link: z.string().nullable(),
  createdAt: at,
});

export const exportChatSchema = z.object({
  conversationId: z.string(),
  createdAt: at,
  messages: z.array(z.object({ author: z.enum(['candidate', 'team']), body: z.string(), at })),
});

export const exportNameChangeSchema = z.object({
  id: z.string(),
  txnId: z.string(),
  verificationName: z.string(),
  documentFileIds: z.array(z.string()),
  state: z.string(),
  createdAt: at,
});

/** A document fetched from its issuer (DigiLocker, API Setu) for a verification, as received. */
export const exportIssuerPullSchema = z.object({
  id: z.string(),
  txnId: z.string(),
  verificationName: z.string(),
  channel: z.string(),
  issuerName: z.string(),
  doctype: z.string(),
  /** The issuer's XML as received (the evidence), when one came. */
  xml: z.string().nullable(),
  /** The PDF copy, one of `documents` (by its id), when one came. */
  fileId: z.string().nullable(),
  fields: z.record(z.string(), z.unknown()),
  matched: z.boolean(),
  completed: z.boolean(),
  pulledAt: at,
});

export const exportErasureSchema = z.object({
  status: z.string(),
  requestedAt: at,
  dueAt: at,
  doneAt: maybeAt,
  heldReason: z.string().nullable(),
  kept: z.array(z.unknown()),
});

/** A correction request or grievance ticket of the candidate's, with the team's answer. */
export const exportPrivacyRequestSchema = z.object({
  reference: z.string(),
  kind: z.string(),
  category: z.string().nullable(),
  txnId: z.string().nullable(),
  subject: z.string().nullable(),
  text: z.string(),
  proposed: z.string().nullable(),
  status: z.string(),
  createdAt: at,
  dueAt: at,
  outcome: z.string().nullable(),
  answer: z.string().nullable(),
  answeredAt: maybeAt,
});

/** One change of the candidate's nominee (named, changed, removed), oldest first. */
export const exportNominationSchema = z.object({
  action: z.string(),
  name: z.string().nullable(),
  relationship: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  at,
});

/** `data.json`: everything the product holds about the candidate, by category (ADR 0049 "Export"). */
export const exportDataSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  exportedAt: at,
  profile: exportProfileSchema,
  requests: z.array(exportRequestSchema),
  documents: z.array(exportDocumentSchema),
  reports: z.array(exportReportSchema),
  consents: z.array(exportConsentSchema),
  notices: z.array(exportNoticeSchema),
  disclosures: z.array(exportDisclosureSchema),
  credentials: z.array(exportCredentialSchema),
  payments: z.array(exportPaymentSchema),
  notifications: z.array(exportNotificationSchema),
  chat: z.array(exportChatSchema),
  nameChanges: z.array(exportNameChangeSchema),
  issuerPulls: z.array(exportIssuerPullSchema),
  erasure: exportErasureSchema.nullable(),
  privacyRequests: z.array(exportPrivacyRequestSchema),
  nominations: z.array(exportNominationSchema),
});

export type ExportProfile = z.infer<typeof exportProfileSchema>;
export type ExportRequest = z.infer<typeof exportRequestSchema>;
export type ExportDocument = z.infer<typeof exportDocumentSchema>;
export type ExportReport = z.infer<typeof exportReportSchema>;
export type ExportConsent = z.infer<typeof exportConsentSchema>;
export type ExportNotice = z.infer<typeof exportNoticeSchema>;
export type ExportDisclosure = z.infer<typeof exportDisclosureSchema>;
export type ExportCredential = z.infer<typeof exportCredentialSchema>;
export type ExportPayment = z.infer<typeof exportPaymentSchema>;
export type ExportNotification = z.infer<typeof exportNotificationSchema>;
export type ExportChat = z.infer<typeof exportChatSchema>;
export type ExportNameChange = z.infer<typeof exportNameChangeSchema>;
export type ExportIssuerPull = z.infer<typeof exportIssuerPullSchema>;
export type ExportErasure = z.infer<typeof exportErasureSchema>;
export type ExportPrivacyRequest = z.infer<typeof exportPrivacyRequestSchema>;
export type ExportNomination = z.infer<typeof exportNominationSchema>;
export type ExportData = z.infer<typeof exportDataSchema>;
