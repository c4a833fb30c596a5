import { z } from 'zod';

/**
 * The passport scan (issue 11): POST /verifications/scan/passport reads the MRZ (the spec's
 * /transactions/verify/identification is the Aadhaar OTP's verify), and spec §7
 * `/transactions/update-identification` saves the fields the candidate confirmed. Dates are yyyy-MM-dd.
 */
const id = z.string().trim().min(1, 'Required').max(100);
const upper = (max: number) => z.string().trim().toUpperCase().max(max);

export const passportFieldsSchema = z
  .object({
    surname: upper(39),
    givenNames: upper(39),
    passportNumber: upper(9),
    nationality: upper(3),
    issuingState: upper(3),
    dateOfBirth: z.string().trim().max(10),
    sex: z.enum(['M', 'F', 'X']),
    dateOfExpiry: z.string().trim().max(10),
  })
  .strict();

/** POST /verifications/scan/passport: read the MRZ of an uploaded photo of the data page. */
export const passportScanRequestSchema = z
  .object({ type: z.literal('passport'), orgId: id, txnId: id, fileId: id })
  .strict();
export type PassportScanRequest = z.infer<typeof passportScanRequestSchema>;

export const PASSPORT_SCAN_STATUSES = [
  'READ',
  'UNREADABLE',
  'CHECK_DIGIT',
  'INVALID_DATE',
  'EXPIRED',
  'UNDER_AGE',
] as const;
export type PassportScanStatus = (typeof PASSPORT_SCAN_STATUSES)[number];

export const passportScanResponseSchema = z.object({
  status: z.enum(PASSPORT_SCAN_STATUSES),
  /** Why the read cannot be used as it is; null when READ. */
  message: z.string().nullable(),
  /** The field whose check digit or date failed (CHECK_DIGIT, INVALID_DATE). */
  field: z.string().nullable(),
  /** The fields read (READ, and EXPIRED / UNDER_AGE, whose every check digit passed). */
  fields: passportFieldsSchema.nullable(),
  fileId: z.string(),
});
export type PassportScanResponse = z.infer<typeof passportScanResponseSchema>;

/** POST /transactions/update-identification: the fields the candidate confirmed (or corrected). */
export const passportConfirmRequestSchema = z
  .object({
    type: z.literal('passport'),
    orgId: id,
    txnId: id,
    fileId: id,
    fields: passportFieldsSchema,
  })
  .strict();
export type PassportConfirmRequest = z.infer<typeof passportConfirmRequestSchema>;
