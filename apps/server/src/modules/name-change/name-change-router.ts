import {
  API_PATHS,
  nameChangeListResponseSchema,
  nameChangeRequestSchema,
  nameChangeResponseSchema,
} from '@veridocs/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth-guard.js';
import { ok, responses } from '../../http/envelope.js';
import type { NameChangeService } from './name-change-service.js';

/** The name change request (spec §7), under SERVICE_BASES.verificationV1. */
export const nameChangeRouter: FastifyPluginAsyncZod<{
  nameChanges: NameChangeService;
}> = async (app, { nameChanges }) => {
  app.get(
    API_PATHS.verification.nameChangeRequest,
    {
      schema: {
        tags: ['transactions'],
        summary: "The caller's name change requests, newest first",
        security: [{ partnerOrg: [], bearer: [] }],
        response: responses(nameChangeListResponseSchema),
      },
    },
    async (request) => ok({ list: await nameChanges.list(currentUser(request).profileId) }),
  );
  app.post(
    API_PATHS.verification.nameChangeRequest,
    {
      schema: {
        tags: ['transactions'],
        summary:
          'File a name change request with proof documents (once per verification; retries get it back)',
        security: [{ partnerOrg: [], bearer: [] }],
        body: nameChangeRequestSchema,
        response: responses(nameChangeResponseSchema),
      },
    },
    async (request) => {
      const { request: filed, created } = await nameChanges.file(
        currentUser(request).profileId,
        request.body,
      );
      return ok(filed, created ? 'Name change request filed' : 'Name change request already filed');
    },
  );
};
