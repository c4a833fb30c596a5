import { z } from 'zod';

/**
 * The verification report (issue 14, docs/decisions/0028): made when every verification of a
 * transaction is decided, delivered to the candidate's evaluation partner, checked by anyone with its
 * verification code or the PDF itself.
 */
export const REPORT_STATUSES = ['generating', 'sending', 'sent', 'failed', 'no_partner'] as const;
export const reportStatusSchema = z.enum(REPORT_STATUSES);
export type ReportStatus = z.infer<typeof reportStatusSchema>;

export const REPORT_RESULTS = ['VERIFIED', 'FAILED', 'CLOSED', 'SKIPPED'] as const;
export const reportResultSchema = z.enum(REPORT_RESULTS);
export type ReportResult = z.infer<typeof reportResultSchema>;

/**
 * Transaction info's `report` (the candidate's side): `preparing` until the partner has it (also while
 * retries run), `sent` with whom and when, `no_partner` when there is no evaluation partner to send it to.
 */
export const transactionReportSchema = z.object({
  status: z.enum(['preparing', 'sent', 'no_partner']),
  /** The evaluation partner's display name (null: none chosen). */
  sentTo: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type TransactionReport = z.infer<typeof transactionReportSchema>;

/** A verification code: 12 base32 characters, shown grouped in fours (XXXX-XXXX-XXXX). */
export const reportCodeSchema = z
  .string()
  .trim()
  .max(20)
  .transform((s) => s.toUpperCase().replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^[0-9A-HJKMNP-TV-Z]{12}$/, 'Not a verification code'));

export const reportCodeParamsSchema = z.object({ code: reportCodeSchema });

/** GET /api/reports/verify/:code (public): what the report with this code states. */
export const reportVerificationSchema = z.object({
  code: z.string(),
  issuedAt: z.string(),
  candidate: z.object({ name: z.string(), verifiedName: z.string().nullable() }),
  organisation: z.string(),
  form: z.string(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string(),
  verifications: z.array(
    z.object({ label: z.string(), result: reportResultSchema, reason: z.string().nullable() }),
  ),
  /** The evaluation partner the report was made for (null: none). */
  partner: z.string().nullable(),
  /** SHA-256 (hex) of the issued PDF: a copy with other bytes is not this report. */
  sha256: z.string(),
});
export type ReportVerification = z.infer<typeof reportVerificationSchema>;

/** POST /api/reports/verify (public, multipart field "file"): is this exact PDF an issued report? */
export const reportFileCheckSchema = z.object({
  authentic: z.boolean(),
  sha256: z.string(),
  /** The report these bytes are, when authentic. */
  report: reportVerificationSchema.nullable(),
});
export type ReportFileCheck = z.infer<typeof reportFileCheckSchema>;

/** GET /api/ops/cases/:txnId/report (verifier, admin). */
export const opsReportSchema = z.object({
  txnId: z.string(),
  code: z.string(),
  status: reportStatusSchema,
  partner: z.object({ id: z.string(), name: z.string(), url: z.string().nullable() }).nullable(),
  sha256: z.string().nullable(),
  size: z.number().int().nullable(),
  generatedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
  verifyUrl: z.string(),
  attemptLog: z.array(
    z.object({
      at: z.string(),
      url: z.string(),
      statusCode: z.number().int().nullable(),
      error: z.string().nullable(),
      durationMs: z.number().int(),
    }),
  ),
});
export type OpsReport = z.infer<typeof opsReportSchema>;

/** The body of the report webhook an evaluation partner receives (signed like ADR 0025's). */
export const reportWebhookSchema = z.object({
  id: z.string(),
  type: z.literal('verification_report.issued'),
  createdAt: z.string(),
  data: z.object({
    transactionId: z.string(),
    partner: z.object({ id: z.string(), reference: z.string().nullable() }),
    code: z.string(),
    verifyUrl: z.string(),
    report: reportVerificationSchema,
    pdf: z.object({
      contentType: z.literal('application/pdf'),
      fileName: z.string(),
      size: z.number().int(),
      sha256: z.string(),
      base64: z.string(),
    }),
  }),
});
export type ReportWebhook = z.infer<typeof reportWebhookSchema>;
