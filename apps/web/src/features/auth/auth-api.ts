import {
  PROFILE_PATHS,
  type CreateWalletRequest,
  type LoginRequest,
  type LoginResponse,
  type Session,
  type VerifyOtpResponse,
} from '@veridocs/shared';
import { http } from '../../lib/api-client';
import { config } from '../../lib/config';

/**
 * The sign-in calls. Each form shows its own failure inline, so none of them raises a snackbar. The
 * answers are typed from the shared schemas but not parsed here: the server already serialises them
 * through those schemas, and zod would add ~25 KB to the sign-in page (ADR 0008).
 */
const wallet = (path: string) => `${config.services.webWallet}${path}`;

/** POST profile login: sends an OTP (for new numbers too). */
export function requestOtp(body: LoginRequest): Promise<LoginResponse> {
  return http.post<LoginResponse>(wallet(PROFILE_PATHS.login), body, { noSnackbar: true });
}

/** PUT /profile/otp/{txnId}/verify: a session for a known number, or newUser for a new one. */
export function verifyOtp(txnId: string, otp: string): Promise<VerifyOtpResponse> {
  return http.put<VerifyOtpResponse>(wallet(PROFILE_PATHS.verifyOtp(txnId)), { otp }, { noSnackbar: true });
}

/** POST profile base: creates the wallet of a new number whose OTP was just verified. */
export function createWallet(body: CreateWalletRequest): Promise<Session> {
  return http.post<Session>(wallet(PROFILE_PATHS.base), body, { noSnackbar: true });
}
