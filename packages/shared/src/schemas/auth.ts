import { z } from 'zod';
import { MOBILE_OTP_LENGTH, MOBILE_PATTERN, PROFILE_NAME } from '../constants/limits.js';
import { MESSAGES } from '../constants/messages.js';

/** A 10-digit Indian mobile number: starts with 6-9. */
export const mobileSchema = z
  .string({ error: MESSAGES.invalidMobile })
  .trim()
  .regex(MOBILE_PATTERN, MESSAGES.invalidMobile);

export const otpChannelSchema = z.enum(['sms', 'whatsapp']);
export type OtpChannel = z.infer<typeof otpChannelSchema>;

export const otpSchema = z
  .string({ error: MESSAGES.invalidOtp })
  .regex(new RegExp(`^\\d{${MOBILE_OTP_LENGTH}}$`), MESSAGES.invalidOtp);

export const profileNameSchema = z
  .string({ error: MESSAGES.nameRequired })
  .trim()
  .min(1, MESSAGES.nameRequired)
  .min(PROFILE_NAME.min, `Name must be at least ${PROFILE_NAME.min} characters`)
  .max(PROFILE_NAME.max, `Name must be at most ${PROFILE_NAME.max} characters`)
  .regex(
    /^[\p{L}][\p{L}\p{M} .'-]*$/u,
    'Name may contain only letters, spaces, dots, hyphens and apostrophes',
  );

/** POST {webWallet}/profile/login */
export const loginRequestSchema = z
  .object({ mobile: mobileSchema, channel: otpChannelSchema.default('sms') })
  .strict();
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  txnId: z.string(),
  channel: otpChannelSchema,
  /** Seconds until this OTP stops working. */
  expiresIn: z.number().int(),
  /** Seconds until a new OTP may be requested. */
  resendIn: z.number().int(),
  /** OTP requests left in the current window. */
  requestsLeft: z.number().int(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const txnIdParamsSchema = z.object({
  txnId: z.string().uuid('Unknown OTP transaction'),
});

/** PUT {webWallet}/profile/otp/:txnId/verify */
export const verifyOtpRequestSchema = z.object({ otp: otpSchema }).strict();
export type VerifyOtpRequest = z.infer<typeof verifyOtpRequestSchema>;

/** The session fields a login stores (spec §3 "Session"). */
export const sessionSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  refreshTokenExpiresIn: z.number().int(),
});
export type Session = z.infer<typeof sessionSchema>;

/** A known number gets a session; a new one must give its name (create wallet) next. */
export const verifyOtpResponseSchema = z.discriminatedUnion('newUser', [
  sessionSchema.extend({ newUser: z.literal(false) }),
  z.object({ newUser: z.literal(true), txnId: z.string(), mobile: z.string() }),
]);
export type VerifyOtpResponse = z.infer<typeof verifyOtpResponseSchema>;

/**
 * POST {webWallet}/profile (profile base, create wallet). `txnId` is the OTP transaction that
 * proved the number; without it anyone could claim a number (docs/decisions/0002).
 */
export const createWalletRequestSchema = z
  .object({
    mobile: mobileSchema,
    name: profileNameSchema,
    txnId: z.string().uuid('Unknown OTP transaction'),
  })
  .strict();
export type CreateWalletRequest = z.input<typeof createWalletRequestSchema>;

/** The access-token payload (its second dot-separated segment, spec §3). */
export const accessTokenPayloadSchema = z.object({
  sub: z.string(),
  mobile: z.string(),
  sid: z.string(),
  exp: z.number(),
  iat: z.number(),
});
export type AccessTokenPayload = z.infer<typeof accessTokenPayloadSchema>;
