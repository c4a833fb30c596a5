import {
  PRIVACY_CANDIDATE_PATHS,
  consentRequestSchema,
  consentResponseSchema,
  privacyNoticeQuerySchema,
  privacyNoticeSchema,
} from '@veridocs/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth-guard.js';
import { ok, responses } from '../../http/envelope.js';
import { requestLanguage } from '../../http/language.js';
import type { ConsentService } from './consent-service.js';

const security = [{ partnerOrg: [], bearer: [] }];
const tags = ['privacy'];

/** The candidate's notice and consent before a form starts (ADR 0049), under SERVICE_BASES.verificationV1. */
export const privacyCandidateRouter: FastifyPluginAsyncZod<{ consent: ConsentService }> = async (
  app,
  { consent },
) => {
  app.get(
    PRIVACY_CANDIDATE_PATHS.notice,
    {
      schema: {
        tags,
        summary:
          "The privacy notice of the caller's transaction, in their language, with the standing grants",
        description:
          '`lang` (en, hi) else the language the candidate last used the app in, else Accept-Language. ' +
          "Another candidate's or an unknown transaction: 122. `hash` goes back with the answer.",
        security,
        querystring: privacyNoticeQuerySchema,
        response: responses(privacyNoticeSchema),
      },
    },
    async (request) => {
      const { orgId, txnId, lang } = request.query;
      return ok(
        await consent.notice(
          currentUser(request).profileId,
          { orgId, txnId },
          lang,
          requestLanguage(request),
        ),
      );
    },
  );

  app.post(
    PRIVACY_CANDIDATE_PATHS.consent,
    {
      schema: {
        tags,
        summary: 'The answer to the notice: a consent (every required purpose granted) or a refusal',
        description:
          'Recorded in the consent ledger (channel web) with the notice read (its hash). A refusal means ' +
          'the form does not start (340 on starting). A hash the server does not render now: 341. The same ' +
          'answer again records nothing (`recorded: false`).',
        security,
        body: consentRequestSchema,
        response: responses(consentResponseSchema),
      },
    },
    async (request) => {
      const answer = await consent.answer(currentUser(request).profileId, request.body);
      return ok(
        answer,
        answer.action === 'consent'
          ? 'Thank you. Your consent is recorded'
          : 'Your answer is recorded. The form cannot start without the required purposes',
      );
    },
  );
};
