import type { LoginResponse, OtpChannel, VerifyOtpResponse } from '@veridocs/shared';
import type { Language } from '../../http/language.js';
import type { OtpService } from './otp-service.js';
import type { Identity, SessionService } from './session-service.js';

export interface AuthServiceDeps {
  otp: OtpService;
  sessions: SessionService;
  /** The wallet of a number, if it has one (the profile module). */
  findIdentityByMobile: (mobile: string) => Promise<Identity | null>;
}

/** Login by mobile OTP: the same answer for known and new numbers until the code is proven. */
export function createAuthService({ otp, sessions, findIdentityByMobile }: AuthServiceDeps) {
  return {
    /** `language`: the SMS / WhatsApp text's (the request's Accept-Language). */
    login(mobile: string, channel: OtpChannel, language: Language = 'en'): Promise<LoginResponse> {
      return otp.request(mobile, channel, language);
    },

    async verifyOtp(txnId: string, code: string): Promise<VerifyOtpResponse> {
      const found: { identity: Identity | null } = { identity: null };
      const result = await otp.verify(txnId, code, async (mobile) => {
        found.identity = await findIdentityByMobile(mobile);
        return found.identity ? 'login' : 'signup';
      });
      if (result.as === 'signup' || !found.identity) return { newUser: true, txnId, mobile: result.mobile };
      return { newUser: false, ...(await sessions.issue(found.identity)) };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
