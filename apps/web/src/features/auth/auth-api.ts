import {
  API_PATHS,
  loginResponseSchema,
  sessionSchema,
  verifyOtpResponseSchema,
  type CreateWalletRequest,
  type LoginRequest,
  type LoginResponse,
  type Session,
  type VerifyOtpResponse,
} from '@veridocs/shared';
import { http } from '../../lib/api-client';
import { config } from '../../lib/config';

/** The sign-in calls. Each form shows its own failure inline, so none of them raises a snackbar. */
const wallet = (path: string) => `${config.services.webWallet}${path}`;

/** POST profile login: sends an OTP (for new numbers too). */
export async function requestOtp(body: LoginRequest): Promise<LoginResponse> {
  const data = await http.post<unknown>(wallet(API_PATHS.profile.login), body, { noSnackbar: true });
  return loginResponseSchema.parse(data);
}

/** PUT /profile/otp/{txnId}/verify: a session for a known number, or newUser for a new one. */
export async function verifyOtp(txnId: string, otp: string): Promise<VerifyOtpResponse> {
  const data = await http.put<unknown>(
    wallet(API_PATHS.profile.verifyOtp(txnId)),
    { otp },
    { noSnackbar: true },
  );
  return verifyOtpResponseSchema.parse(data);
}

/** POST profile base: creates the wallet of a new number whose OTP was just verified. */
export async function createWallet(body: CreateWalletRequest): Promise<Session> {
  const data = await http.post<unknown>(wallet(API_PATHS.profile.base), body, { noSnackbar: true });
  return sessionSchema.parse(data);
}
