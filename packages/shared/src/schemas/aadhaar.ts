import { z } from 'zod';
import { aadhaarProblem, normaliseAadhaar } from '../rules/aadhaar.js';

/** 12 digits with a valid Verhoeff check digit; spaces between the blocks are dropped. */
export const aadhaarNumberSchema = z
  .string()
  .max(20)
  .transform(normaliseAadhaar)
  .superRefine((value, ctx) => {
    const problem = aadhaarProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const txnRef = { orgId: z.string().trim().min(1).max(100), txnId: z.string().trim().min(1).max(100) };

/** POST {verificationV1}/verifications/otp/aadhaar: starts the check (the provider may ask a captcha). */
export const aadhaarStartRequestSchema = z.object({ ...txnRef, aadhaarNumber: aadhaarNumberSchema }).strict();
export type AadhaarStartRequest = z.input<typeof aadhaarStartRequestSchema>;

/** Where a started check stands: a captcha to solve, or an OTP sent to the Aadhaar-linked mobile. */
export const aadhaarStepSchema = z.object({
  requestId: z.string(),
  maskedNumber: z.string(),
  captchaRequired: z.boolean(),
  /** A data: URL (image/png) while captchaRequired. */
  captchaImage: z.string().nullable(),
  otpSent: z.boolean(),
  /** Seconds the OTP stays valid, once sent. */
  expiresIn: z.number().int().nullable(),
  /** Seconds before the screen offers to send another OTP (its countdown), once one is sent. */
  resendIn: z.number().int().nonnegative().nullable(),
});
export type AadhaarStep = z.infer<typeof aadhaarStepSchema>;

/** POST {verificationV1}/verifications/pre-verify/{requestId}: the captcha answer. */
export const aadhaarCaptchaRequestSchema = z
  .object({ captchaText: z.string().trim().min(1, 'Enter the text shown in the image').max(20) })
  .strict();
export type AadhaarCaptchaRequest = z.infer<typeof aadhaarCaptchaRequestSchema>;

export const AADHAAR_OTP_LENGTH = 6;

/** POST {verificationV1}/transactions/verify/identification: the Aadhaar OTP. */
export const aadhaarVerifyRequestSchema = z
  .object({
    ...txnRef,
    requestId: z.string().trim().min(1).max(100),
    otp: z.string().regex(/^\d{6}$/, 'OTP must be 6 digits'),
  })
  .strict();
export type AadhaarVerifyRequest = z.infer<typeof aadhaarVerifyRequestSchema>;

export const kycAddressSchema = z.object({
  careOf: z.string(),
  line1: z.string(),
  locality: z.string(),
  vtc: z.string(),
  district: z.string(),
  state: z.string(),
  pincode: z.string(),
  country: z.string(),
});
export type KycAddress = z.infer<typeof kycAddressSchema>;

/** GET {webWallet}/profile/aadhaar, and the answer of a successful verification. */
export const aadhaarProfileSchema = z.object({
  maskedNumber: z.string(),
  name: z.string(),
  /** yyyy-MM-dd */
  dateOfBirth: z.string(),
  gender: z.enum(['M', 'F', 'T']),
  address: kycAddressSchema,
  /** A data: URL (image/jpeg or image/png). */
  photo: z.string().nullable(),
  verifiedAt: z.string(),
});
export type AadhaarProfile = z.infer<typeof aadhaarProfileSchema>;

export const aadhaarVerifyResponseSchema = z.object({
  profile: aadhaarProfileSchema,
  verificationName: z.string(),
  state: z.string(),
});
export type AadhaarVerifyResponse = z.infer<typeof aadhaarVerifyResponseSchema>;
