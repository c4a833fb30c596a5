import {
  API_PATHS,
  loginRequestSchema,
  loginResponseSchema,
  sessionSchema,
  txnIdParamsSchema,
  verifyOtpRequestSchema,
  verifyOtpResponseSchema,
} from '@veridocs/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../http/envelope.js';
import { requestLanguage } from '../../http/language.js';
import type { AuthService } from './auth-service.js';
import { bearerToken, type SessionService } from './session-service.js';

export interface AuthRouterOptions {
  auth: AuthService;
  sessions: SessionService;
  rateLimit: { loginMax: number; otpMax: number };
}

const PER_MINUTE = 60_000;
const security = [{ partnerOrg: [] }];
const refreshSecurity = [{ partnerOrg: [], bearer: [] }];

/** Login by mobile OTP and the refresh-token session calls, under SERVICE_BASES.webWallet. */
export const authRouter: FastifyPluginAsyncZod<AuthRouterOptions> = async (
  app,
  { auth, sessions, rateLimit },
) => {
  const p = API_PATHS.profile;

  app.post(
    p.login,
    {
      config: { rateLimit: { max: rateLimit.loginMax, timeWindow: PER_MINUTE } },
      schema: {
        tags: ['auth'],
        summary: 'Send a login OTP to a mobile number (known or new)',
        security,
        body: loginRequestSchema,
        response: responses(loginResponseSchema),
      },
    },
    async (request) => {
      const data = await auth.login(request.body.mobile, request.body.channel, requestLanguage(request));
      return ok(data, 'OTP sent');
    },
  );

  app.put(
    p.verifyOtpRoute,
    {
      config: { rateLimit: { max: rateLimit.otpMax, timeWindow: PER_MINUTE } },
      schema: {
        tags: ['auth'],
        summary: 'Verify the OTP: a session for a known number, a signup step for a new one',
        security,
        params: txnIdParamsSchema,
        body: verifyOtpRequestSchema,
        response: responses(verifyOtpResponseSchema),
      },
    },
    async (request) => {
      const data = await auth.verifyOtp(request.params.txnId, request.body.otp);
      return ok(data, data.newUser ? 'OTP verified, create your wallet' : 'Logged in');
    },
  );

  app.put(
    p.getToken,
    {
      config: { rateLimit: { max: rateLimit.otpMax, timeWindow: PER_MINUTE } },
      schema: {
        tags: ['auth'],
        summary: 'Rotate the refresh token (Authorization: Bearer <refresh token>) for a new session',
        security: refreshSecurity,
        response: responses(sessionSchema),
      },
    },
    async (request) => ok(await sessions.rotate(bearerToken(request.headers.authorization))),
  );

  app.post(
    p.logout,
    {
      schema: {
        tags: ['auth'],
        summary: "End the refresh token's session (Authorization: Bearer <refresh token>)",
        security: refreshSecurity,
        response: responses(z.null()),
      },
    },
    async (request) => {
      await sessions.revoke(bearerToken(request.headers.authorization));
      return ok(null, 'Logged out');
    },
  );
};
