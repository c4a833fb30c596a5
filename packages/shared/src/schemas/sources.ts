import { z } from 'zod';

/**
 * Fetch from DigiLocker (issue 26): the consent screen, the start (→ DigiLocker's sign-in), the
 * callback's code and state, the pull of one issued document. Verifications a source can verify are
 * in SOURCE_DOCTYPES; the server recomputes everything (nothing the client sends is trusted).
 */
const txnRef = {
  orgId: z.string().trim().min(1).max(100),
  txnId: z.string().trim().min(1).max(100),
  name: z.string().trim().min(1).max(100),
};

/** The DigiLocker document types a verification type accepts (DigiLocker's doctype codes). */
export const SOURCE_DOCTYPES: Readonly<Record<string, readonly string[]>> = {
  'bgv-tenth': ['SSCER', 'SPCER'],
  'bgv-twelfth': ['HSCER', 'HPCER'],
  'bgv-degree': ['DGCER'],
  // DigiLocker's e-Aadhaar (its own endpoint, not an issued document): a second way to prove identity.
  aadhaar: ['ADHAR'],
};

/** Days a pulled document and its XML are kept after the verification ends (stated on the consent screen). */
export const PULLED_DOCUMENT_RETENTION_DAYS = 180;

/** GET {verificationV1}/digilocker/consent?orgId&txnId&name */
export const sourceConsentQuerySchema = z.object(txnRef).strict();
export type SourceConsentQuery = z.infer<typeof sourceConsentQuerySchema>;

/** What the consent screen says, from the server (the same words are stored with the candidate's yes). */
export const sourceConsentSchema = z.object({
  organisation: z.string(),
  verificationLabel: z.string(),
  /** The documents that will be read, e.g. ["Class X marksheet", "Class X passing certificate"]. */
  documents: z.array(z.string()),
  /** Their DigiLocker document types, in the same order (the screen names them in its language). */
  doctypes: z.array(z.string()),
  purpose: z.string(),
  retentionDays: z.number().int(),
});
export type SourceConsent = z.infer<typeof sourceConsentSchema>;

/** POST {verificationV1}/digilocker/start: the candidate agreed; answers DigiLocker's sign-in URL. */
export const sourceStartRequestSchema = z
  .object({
    ...txnRef,
    consent: z.literal(true, { message: 'Agree to share your documents to continue' }),
    language: z.enum(['en', 'hi']).default('en'),
  })
  .strict();
export type SourceStartRequest = z.input<typeof sourceStartRequestSchema>;
export const sourceStartResponseSchema = z.object({ authorizeUrl: z.string() });
export type SourceStartResponse = z.infer<typeof sourceStartResponseSchema>;

/** POST {verificationV1}/digilocker/callback: what DigiLocker's redirect brought (code, or error). */
export const sourceCallbackRequestSchema = z
  .object({
    state: z.string().trim().min(1).max(200),
    code: z.string().trim().min(1).max(500).optional(),
    error: z.string().trim().max(100).optional(),
    errorDescription: z.string().trim().max(500).optional(),
  })
  .strict()
  .refine((b) => b.code !== undefined || b.error !== undefined, {
    message: 'The DigiLocker answer has neither a code nor an error',
    path: ['code'],
  });
export type SourceCallbackRequest = z.infer<typeof sourceCallbackRequestSchema>;

export const issuedDocumentViewSchema = z.object({
  uri: z.string(),
  name: z.string(),
  issuer: z.string(),
  doctype: z.string(),
  date: z.string(),
  /** The document fits the verification (its doctype is one the verification accepts). */
  fits: z.boolean(),
});
export type IssuedDocumentView = z.infer<typeof issuedDocumentViewSchema>;

export const sourceCallbackResponseSchema = z.object({
  sessionId: z.string(),
  orgId: z.string(),
  txnId: z.string(),
  formId: z.string(),
  name: z.string(),
  verificationLabel: z.string(),
  /** The DigiLocker account's name, as DigiLocker says it. */
  accountName: z.string(),
  documents: z.array(issuedDocumentViewSchema),
  /** The document that fits best (null when none does). */
  preselectedUri: z.string().nullable(),
});
export type SourceCallbackResponse = z.infer<typeof sourceCallbackResponseSchema>;

/** POST {verificationV1}/digilocker/pull */
export const sourcePullRequestSchema = z
  .object({ sessionId: z.string().trim().min(1).max(100), uri: z.string().trim().min(1).max(500) })
  .strict();
export type SourcePullRequest = z.infer<typeof sourcePullRequestSchema>;

/** One field the issuer's document was compared on. */
export const fieldComparisonSchema = z.object({
  /** name | dateOfBirth | rollNumber | year | issuer | doctype | signature */
  field: z.string(),
  label: z.string(),
  /** What the form or the verified identity says (null: nothing to compare, the issuer's value is used). */
  expected: z.string().nullable(),
  found: z.string().nullable(),
  matches: z.boolean(),
});
export type FieldComparison = z.infer<typeof fieldComparisonSchema>;

export const sourcePullResponseSchema = z.object({
  matched: z.boolean(),
  comparison: z.array(fieldComparisonSchema),
  issuer: z.string(),
  /** The verification's state after the pull (COMPLETED on a match). */
  state: z.string(),
  /** Set on a mismatch of the name only: the candidate may ask for a name change. */
  nameMismatch: z.boolean(),
});
export type SourcePullResponse = z.infer<typeof sourcePullResponseSchema>;

/** How a verification was verified at its source (on the verification entry; null for the others). */
export const verifiedAtSourceSchema = z.object({
  /** institution: its registrar or HR answered the team's request (issue 27). */
  channel: z.enum(['digilocker', 'apisetu', 'institution']),
  issuer: z.string(),
  at: z.string(),
  /** The issuer's result line (marks, division, CGPA or PASS, as the certificate writes it), when it gives one. */
  result: z.string().optional(),
});
export type VerifiedAtSource = z.infer<typeof verifiedAtSourceSchema>;

/** POST /api/ops/cases/{txnId}/verifications/{name}/ask-issuer: the team asks the issuer (API Setu). */
export const askIssuerResponseSchema = z.object({
  /** The issuer's answer matched and completed the verification. */
  matched: z.boolean(),
  /** The issuer asked (its name), or null when no issuer's API knows this board or university. */
  issuer: z.string(),
  comparison: z.array(fieldComparisonSchema),
  /** The verification's state after the answer. */
  state: z.string(),
  /** The transaction's state after the answer. */
  transactionState: z.string(),
  /** What the team reads when nothing was completed (no XML, no record, a field differs). */
  message: z.string(),
});
export type AskIssuerResponse = z.infer<typeof askIssuerResponseSchema>;

/** One pull of a case's verification, as the team sees it (the evidence, newest first). */
export const issuerPullViewSchema = z.object({
  id: z.string(),
  verificationName: z.string(),
  channel: z.enum(['digilocker', 'apisetu']),
  issuer: z.string(),
  doctype: z.string(),
  matched: z.boolean(),
  completed: z.boolean(),
  comparison: z.array(fieldComparisonSchema),
  pulledAt: z.string(),
  /** Who asked: the candidate (null) or a team member's id. */
  staffId: z.string().nullable(),
});
export type IssuerPullView = z.infer<typeof issuerPullViewSchema>;

/** GET /api/ops/cases/{txnId}/issuer-sources */
export const caseIssuerSourcesSchema = z.object({
  /** Verifications of the case an issuer's API can answer now (in progress, issuer known). */
  askable: z.array(z.object({ verificationName: z.string(), issuer: z.string() })),
  pulls: z.array(issuerPullViewSchema),
});
export type CaseIssuerSources = z.infer<typeof caseIssuerSourcesSchema>;
