import { z } from 'zod';
import { EMAIL_OTP } from '../constants/email-otp.js';

/** The evaluation partner and its e-mail OTP (spec §1 step 3, §2 /select-evaluation-partner, §7 eval-info). */

const idSchema = z.string().trim().min(1, 'Required').max(100);

/** One credential-evaluation partner of the directory, with the format of its reference numbers. */
export const evaluationPartnerSchema = z.object({
  /** Stable identifier, e.g. `WES`. */
  id: z.string(),
  name: z.string(),
  /** The reference-number format as a regular expression (source, anchored), for the form's hint. */
  pattern: z.string(),
  /** A reference number in that format. */
  example: z.string(),
});
export type EvaluationPartner = z.infer<typeof evaluationPartnerSchema>;
export const evaluationPartnerListSchema = z.object({
  list: z.array(evaluationPartnerSchema),
  total: z.number().int(),
});
export type EvaluationPartnerList = z.infer<typeof evaluationPartnerListSchema>;

/** A reference number as typed: surrounding spaces ignored, letters compared in upper case. */
const referenceSchema = z
  .string()
  .trim()
  .min(1, 'Enter your reference number')
  .max(40, 'Enter your reference number')
  .transform((value) => value.toUpperCase());

export const validateReferenceRequestSchema = z
  .object({ partner: idSchema, reference: referenceSchema })
  .strict();
export type ValidateReferenceRequest = z.input<typeof validateReferenceRequestSchema>;
export const validateReferenceResponseSchema = z.object({
  partner: z.string(),
  reference: z.string(),
  /** The e-mail address registered with the partner, masked (a***a@example.com). */
  maskedEmail: z.string(),
});
export type ValidateReferenceResponse = z.infer<typeof validateReferenceResponseSchema>;

/** POST /transactions/eval-info/otp: send the OTP to the e-mail the partner has for this reference. */
export const evalOtpRequestSchema = z
  .object({ orgId: idSchema, txnId: idSchema, partner: idSchema, reference: referenceSchema })
  .strict();
export type EvalOtpRequest = z.input<typeof evalOtpRequestSchema>;
export const evalOtpResponseSchema = z.object({
  /** The id the OTP is verified against. */
  otpId: z.string(),
  maskedEmail: z.string(),
  expiresIn: z.number().int(),
  resendIn: z.number().int(),
  requestsLeft: z.number().int(),
});
export type EvalOtpResponse = z.infer<typeof evalOtpResponseSchema>;

export const emailOtpSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${EMAIL_OTP.length}}$`), `Enter the ${EMAIL_OTP.length}-digit OTP`);

/** POST /transactions/eval-info: verify the OTP; the validated partner and reference are stored. */
export const evalInfoRequestSchema = z
  .object({ orgId: idSchema, txnId: idSchema, otpId: idSchema, otp: emailOtpSchema })
  .strict();
export type EvalInfoRequest = z.input<typeof evalInfoRequestSchema>;

/** The validated evaluation partner of a transaction (GET and POST /transactions/eval-info). */
export const evalInfoSchema = z.object({
  provider: z.string().nullable(),
  providerName: z.string().nullable(),
  reference: z.string().nullable(),
  maskedEmail: z.string().nullable(),
  validatedAt: z.string().nullable(),
});
export type EvalInfo = z.infer<typeof evalInfoSchema>;

/**
 * The code the candidate was sent last and can still type (not used, not replaced by a later one, not
 * expired, not retired by a block), with what the OTP step shows: a reload or a new tab restores the
 * step from it instead of asking for another code (issue 24; only 3 requests per 2 hours).
 */
export const evalPendingOtpSchema = evalOtpResponseSchema.extend({
  partner: z.string(),
  reference: z.string(),
});
export type EvalPendingOtp = z.infer<typeof evalPendingOtpSchema>;

/**
 * GET /transactions/eval-info: the validated partner, and the OTP step in progress (null: none; absent
 * from a server older than the field, during a rolling deployment).
 */
export const evalInfoStateSchema = evalInfoSchema.extend({
  pendingOtp: evalPendingOtpSchema.nullable().default(null),
});
export type EvalInfoState = z.infer<typeof evalInfoStateSchema>;
