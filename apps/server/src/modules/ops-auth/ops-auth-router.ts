import {
  OPS_API_PATHS,
  opsAuditListSchema,
  opsAuditQuerySchema,
  opsSessionSchema,
  opsSignInRequestSchema,
  opsSignInResponseSchema,
  opsVerifyCodeRequestSchema,
  staffSchema,
} from '@veridocs/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../http/envelope.js';
import type { OpsAuthService } from './ops-auth-service.js';
import { currentStaff, originOf, type RequireOpsRole } from './ops-guard.js';

const tags = ['ops'];
const security = [{ opsBearer: [] }];
const P = OPS_API_PATHS;

/** The verification team's sign-in, session and audit routes (ADR 0019), under /api/ops. */
export const opsAuthRouter: FastifyPluginAsyncZod<{
  auth: OpsAuthService;
  requireOpsRole: RequireOpsRole;
  rateLimit: { loginMax: number; otpMax: number };
}> = async (app, { auth, requireOpsRole, rateLimit }) => {
  app.post(
    P.signIn,
    {
      config: { rateLimit: { max: rateLimit.loginMax, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Staff sign-in, step 1: e-mail and password; a 6-digit code is e-mailed',
        description:
          'One answer, 170, for an unknown e-mail, a wrong password, a disabled or locked account and an account ' +
          'over its codes (5 an hour). Five wrong passwords in a row lock the account for 15 minutes; 5 wrong ' +
          'codes in an hour lock it for an hour.',
        body: opsSignInRequestSchema,
        response: responses(opsSignInResponseSchema),
      },
    },
    async (request) => ok(await auth.signIn(request.body.email, request.body.password, originOf(request))),
  );

  app.post(
    P.verifyCode,
    {
      config: { rateLimit: { max: rateLimit.otpMax, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Staff sign-in, step 2: the e-mailed code; answers the ops access token',
        description:
          'The code lives 10 minutes; wrong: 106 with attemptsLeft; the third wrong one ends it (107), as does ' +
          "the account's 5th wrong code in an hour (which locks it); used: 116.",
        body: opsVerifyCodeRequestSchema,
        response: responses(opsSessionSchema),
      },
    },
    async (request) =>
      ok(await auth.verifyCode(request.body.challengeId, request.body.code, originOf(request))),
  );

  app.post(
    P.signOut,
    {
      onRequest: requireOpsRole(),
      schema: { tags, summary: 'Ends this ops session', security, response: responses(z.null()) },
    },
    async (request) => {
      await auth.signOut(currentStaff(request), originOf(request));
      return ok(null);
    },
  );

  app.get(
    P.me,
    {
      onRequest: requireOpsRole('admin', 'verifier'),
      schema: { tags, summary: 'The signed-in staff member', security, response: responses(staffSchema) },
    },
    async (request) => ok(auth.me(currentStaff(request))),
  );

  app.get(
    P.audit,
    {
      onRequest: requireOpsRole('admin'),
      schema: {
        tags,
        summary: 'The ops audit trail, newest first (admin)',
        security,
        querystring: opsAuditQuerySchema,
        response: responses(opsAuditListSchema),
      },
    },
    async (request) => ok(await auth.listAudit(request.query.seed, request.query.count)),
  );
};
