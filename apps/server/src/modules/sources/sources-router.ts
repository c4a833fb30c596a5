import {
  DIGILOCKER_API_PATHS,
  OPS_API_PATHS,
  askIssuerResponseSchema,
  caseIssuerSourcesSchema,
  sourceCallbackRequestSchema,
  sourceCallbackResponseSchema,
  sourceConsentQuerySchema,
  sourceConsentSchema,
  sourcePullRequestSchema,
  sourcePullResponseSchema,
  sourceStartRequestSchema,
  sourceStartResponseSchema,
} from '@veridocs/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/auth-guard.js';
import { ok, responses } from '../../http/envelope.js';
import { currentStaff, originOf } from '../ops-auth/ops-guard.js';
import type { SourcesService } from './sources-service.js';

const security = [{ partnerOrg: [], bearer: [] }];
const tags = ['digilocker'];
const PER_MINUTE = 60_000;

interface Options {
  sources: SourcesService;
  rateLimit: { otpMax: number };
}

/** Fetch from DigiLocker (issue 26), under SERVICE_BASES.verificationV1; the candidate's session guards it. */
export const sourcesRouter: FastifyPluginAsyncZod<Options> = async (app, { sources, rateLimit }) => {
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request).profileId;
  const config = { rateLimit: { max: rateLimit.otpMax, timeWindow: PER_MINUTE } };
  const paths = DIGILOCKER_API_PATHS;

  app.get(
    paths.consent,
    {
      schema: {
        tags,
        summary: 'What the consent screen of a DigiLocker fetch says',
        description:
          'The organisation, the documents that will be read, the purpose and how long they are kept. ' +
          'Only for a verification an issuer can verify (10th, 12th, degree) that is not yet submitted.',
        security,
        querystring: sourceConsentQuerySchema,
        response: responses(sourceConsentSchema),
      },
    },
    async (request) => ok(await sources.consent(me(request), request.query)),
  );

  app.post(
    paths.start,
    {
      config,
      schema: {
        tags,
        summary: "Agree and go to DigiLocker's sign-in",
        description:
          'Keeps the consent as shown and answers the URL of DigiLocker’s sign-in (OAuth 2 authorisation ' +
          'code with PKCE S256 and a one-time `state`). At most 10 per hour.',
        security,
        body: sourceStartRequestSchema,
        response: responses(sourceStartResponseSchema),
      },
    },
    async (request) => ok(await sources.start(me(request), request.body), 'Continue at DigiLocker'),
  );

  app.post(
    paths.callback,
    {
      config,
      schema: {
        tags,
        summary: 'The code and state DigiLocker sent back: the issued documents',
        description:
          'The `state` must be one this candidate started, unused and live (else 280); a refusal or ' +
          'cancellation at DigiLocker is 281. The code is exchanged once.',
        security,
        body: sourceCallbackRequestSchema,
        response: responses(sourceCallbackResponseSchema),
      },
    },
    async (request) => ok(await sources.callback(me(request), request.body)),
  );

  app.post(
    paths.pull,
    {
      config,
      schema: {
        tags,
        summary: 'Pull one issued document and verify the verification with it',
        description:
          'Once per sign-in: the XML and PDF are fetched, the token revoked, the signature and fields ' +
          'compared. `matched` completes the verification; otherwise `comparison` says what differs.',
        security,
        body: sourcePullRequestSchema,
        response: responses(sourcePullResponseSchema),
      },
    },
    async (request) => {
      const result = await sources.pull(me(request), request.body);
      return ok(
        result,
        result.matched ? 'Verified with the issuer through DigiLocker' : 'The document does not match',
      );
    },
  );
};

const opsTags = ['ops-cases'];
const opsSecurity = [{ opsBearer: [] }];
const caseParams = z.object({ txnId: z.string().trim().min(1).max(100) });
const verificationParams = caseParams.extend({ name: z.string().trim().min(1).max(100) });

/** The team's side of issuer sources (issue 26), in the ops family (its guard signs the staff in). */
export const sourcesOpsRouter: FastifyPluginAsyncZod<{ sources: SourcesService }> = async (
  app,
  { sources },
) => {
  app.get(
    OPS_API_PATHS.issuerSourcesRoute,
    {
      schema: {
        tags: opsTags,
        summary: "A case's documents pulled from issuers, and which verifications an issuer can answer",
        security: opsSecurity,
        params: caseParams,
        response: responses(caseIssuerSourcesSchema),
      },
    },
    async (request) => ok(await sources.caseSources(request.params.txnId)),
  );

  app.post(
    OPS_API_PATHS.askIssuerRoute,
    {
      schema: {
        tags: opsTags,
        summary: 'Ask the issuer (API Setu) about one verification being checked',
        description:
          'The board or university the candidate chose must have an API; the candidate’s name, roll ' +
          'number and year are sent with their consent. A match completes the verification with the ' +
          'issuer’s answer kept as evidence; otherwise nothing changes and `message` says why. An issuer ' +
          'that does not answer in a few seconds is 282. The consent sent is the candidate’s consent to `verify` ' +
          'as the consent ledger records it; withdrawn or never recorded, nothing is asked (340).',
        security: opsSecurity,
        params: verificationParams,
        response: responses(askIssuerResponseSchema),
      },
    },
    async (request) =>
      ok(
        await sources.askIssuer(
          currentStaff(request),
          request.params.txnId,
          request.params.name,
          originOf(request),
        ),
      ),
  );
};
