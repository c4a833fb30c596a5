import {
  API_PATHS,
  organisationSchema,
  publicFormListSchema,
  publicFormsQuerySchema,
  verificationConfigListSchema,
  verificationConfigsRequestSchema,
} from '@veridocs/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/auth-guard.js';
import { ok, responses } from '../../http/envelope.js';
import type { FormsService } from './forms-service.js';

const publicSecurity = [{ partnerOrg: [] }];
const security = [{ partnerOrg: [], bearer: [] }];

/** Verification configs by name (signed in), under SERVICE_BASES.verificationV1. */
export const formsRouter: FastifyPluginAsyncZod<{
  forms: FormsService;
}> = async (app, { forms }) => {
  app.post(
    API_PATHS.verification.configsInfo,
    {
      schema: {
        tags: ['verification'],
        summary: 'Verification configs by name (unknown names are absent)',
        security,
        body: verificationConfigsRequestSchema,
        response: responses(verificationConfigListSchema),
      },
    },
    async (request) => {
      currentUser(request);
      return ok(await forms.configs(request.body.verificationNameList));
    },
  );
};

/** Organisations and their public forms (no sign-in), under SERVICE_BASES.verificationV1. */
export const publicFormsRouter: FastifyPluginAsyncZod<{ forms: FormsService }> = async (app, { forms }) => {
  app.get(
    API_PATHS.verifier.orgRoute,
    {
      schema: {
        tags: ['verification'],
        summary: 'An organisation (public)',
        security: publicSecurity,
        params: z.object({ orgId: z.string().min(1).max(100) }),
        response: responses(organisationSchema),
      },
    },
    async (request) => ok(await forms.organisation(request.params.orgId)),
  );

  app.get(
    API_PATHS.verification.publicForms,
    {
      schema: {
        tags: ['verification'],
        summary: "An organisation's forms (public)",
        security: publicSecurity,
        querystring: publicFormsQuerySchema,
        response: responses(publicFormListSchema),
      },
    },
    async (request) => ok(await forms.publicForms(request.query)),
  );
};
