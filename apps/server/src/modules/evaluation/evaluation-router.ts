import {
  API_PATHS,
  evalInfoRequestSchema,
  evalInfoSchema,
  evalInfoStateSchema,
  evalOtpRequestSchema,
  evalOtpResponseSchema,
  evaluationPartnerListSchema,
  transactionQuerySchema,
  validateReferenceRequestSchema,
  validateReferenceResponseSchema,
} from '@veridocs/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth-guard.js';
import { ok, responses } from '../../http/envelope.js';
import { requestLanguage } from '../../http/language.js';
import type { EvaluationService } from './evaluation-service.js';

const security = [{ partnerOrg: [], bearer: [] }];
const tags = ['evaluation'];
const paths = API_PATHS.verification;

const RULES =
  `The code has 6 digits and works for 10 minutes; at most 3 requests per 2 hours, 30 s apart ` +
  `(109, 110 with retryAfter); only the latest code works (107); 3 wrong codes in a row block the ` +
  `candidate for 2 hours (108 with retryAfter).`;

/** The evaluation partner and its e-mail OTP, under SERVICE_BASES.verificationV1 (bearer token). */
export const evaluationRouter: FastifyPluginAsyncZod<{
  evaluation: EvaluationService;
  rateLimit: { otpMax: number };
}> = async (app, { evaluation, rateLimit }) => {
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request).profileId;
  const otpLimit = { rateLimit: { max: rateLimit.otpMax, timeWindow: '1 minute' } };

  app.get(
    paths.evaluationPartners,
    {
      schema: {
        tags,
        summary: 'The evaluation partners, each with its reference-number format and an example',
        security,
        response: responses(evaluationPartnerListSchema),
      },
    },
    async () => ok(evaluation.partners()),
  );

  app.post(
    paths.validateReference,
    {
      config: otpLimit,
      schema: {
        tags,
        summary: "Checks a reference number: the partner's format (100), then the partner's records (150)",
        security,
        body: validateReferenceRequestSchema,
        response: responses(validateReferenceResponseSchema),
      },
    },
    async (request) =>
      ok(await evaluation.validateReference(me(request), request.body.partner, request.body.reference)),
  );

  app.post(
    paths.evalInfoOtp,
    {
      config: otpLimit,
      schema: {
        tags,
        summary: 'Sends the e-mail OTP to the address the partner has for the reference (answered masked)',
        description: `${RULES} A request not started yet needs the candidate's consent to its notice first (340).`,
        security,
        body: evalOtpRequestSchema,
        response: responses(evalOtpResponseSchema),
      },
    },
    async (request) => ok(await evaluation.requestOtp(me(request), request.body, requestLanguage(request))),
  );

  app.post(
    paths.evalInfo,
    {
      config: otpLimit,
      schema: {
        tags,
        summary: 'Verifies the e-mail OTP and stores the partner and reference on the transaction',
        description: `${RULES} The same correct code again answers the stored result.`,
        security,
        body: evalInfoRequestSchema,
        response: responses(evalInfoSchema),
      },
    },
    async (request) => ok(await evaluation.verifyOtp(me(request), request.body)),
  );

  app.get(
    paths.evalInfo,
    {
      schema: {
        tags,
        summary: "The transaction's validated evaluation partner (all null before) and the OTP in progress",
        description:
          'pendingOtp: the latest code sent for this transaction while it still works (not used, replaced, ' +
          'expired or retired by a block), so a reloaded OTP step can take it; null otherwise.',
        security,
        querystring: transactionQuerySchema,
        response: responses(evalInfoStateSchema),
      },
    },
    async (request) => ok(await evaluation.info(me(request), request.query)),
  );
};
