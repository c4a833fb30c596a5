import type { AadhaarProfile, KycAddress } from '@veridocs/shared';

/** What the provider returns for a verified number: UIDAI's demographic record. */
export interface KycRecord {
  name: string;
  /** yyyy-MM-dd */
  dateOfBirth: string;
  gender: AadhaarProfile['gender'];
  address: KycAddress;
  /** A data: URL, or null when the provider sent none. */
  photo: string | null;
}

export interface StartResult {
  /** The provider's reference of this check. */
  ref: string;
  /** A data: URL (image/png) when the provider asks a captcha before it sends the OTP. */
  captchaImage: string | null;
  /** Seconds the OTP stays valid, when it was sent. */
  otpExpiresIn: number | null;
}

export type CaptchaResult = { ok: true; otpExpiresIn: number } | { ok: false; captchaImage: string };
export type OtpResult = { ok: true; record: KycRecord } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * An Aadhaar e-KYC provider (issue 11): start a check for a number, answer its captcha if it asked
 * one, verify the OTP UIDAI sent to the number's mobile. The embedded sandbox (sandbox-provider.ts)
 * is the default; http-provider.ts calls a licensed provider. Implementations never log the number.
 */
export interface AadhaarProvider {
  readonly name: string;
  /** Throws AadhaarNotFound for a number the provider does not know, ProviderDown when unreachable. */
  start(aadhaarNumber: string): Promise<StartResult>;
  submitCaptcha(ref: string, text: string): Promise<CaptchaResult>;
  verifyOtp(ref: string, otp: string): Promise<OtpResult>;
}

/** The provider did not answer, or answered with a failure of its own (5xx, time-out, bad body). */
export class ProviderDown extends Error {
  override readonly name = 'ProviderDown';
}

/** The provider knows no such Aadhaar number. */
export class AadhaarNotFound extends Error {
  override readonly name = 'AadhaarNotFound';
}
