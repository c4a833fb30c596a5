import {
  PRIVACY_ACCESS_PATHS,
  disclosureListQuerySchema,
  disclosureListSchema,
  privacyAccessSchema,
} from '@veridocs/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth-guard.js';
import { ok, responses } from '../../http/envelope.js';
import type { PrivacyService } from './privacy-service.js';

const tags = ['privacy'];
const candidate = [{ partnerOrg: [], bearer: [] }];

/** The candidate's right of access (ADR 0049), under SERVICE_BASES.webWallet, signed in. */
export const privacyAccessRouter: FastifyPluginAsyncZod<{ privacy: PrivacyService }> = async (
  app,
  { privacy },
) => {
  app.get(
    PRIVACY_ACCESS_PATHS.access,
    {
      schema: {
        tags,
        summary: 'What the product holds about the caller, by category, and what each is used for',
        security: candidate,
        response: responses(privacyAccessSchema),
      },
    },
    async (request) => ok(await privacy.access(currentUser(request).profileId)),
  );

  app.get(
    PRIVACY_ACCESS_PATHS.disclosures,
    {
      schema: {
        tags,
        summary: "Who received the caller's data (organisations, partners, institutions...), newest first",
        security: candidate,
        querystring: disclosureListQuerySchema,
        response: responses(disclosureListSchema),
      },
    },
    async (request) => ok(await privacy.disclosures(currentUser(request).profileId, request.query)),
  );
};
