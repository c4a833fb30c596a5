import { API_PATHS, referenceListQuerySchema, referenceListSchema } from '@veridocs/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../http/envelope.js';
import type { ReferenceService } from './reference-service.js';

const security = [{ partnerOrg: [], bearer: [] }];

/** Searchable dropdown lists, under SERVICE_BASES.utility. */
export const referenceRouter: FastifyPluginAsyncZod<{
  reference: ReferenceService;
}> = async (app, { reference }) => {
  for (const [path, kind, summary] of [
    [API_PATHS.utility.institutes, 'institute', 'Universities and institutes (search, seed, count)'],
    [API_PATHS.utility.boards, 'board', 'School boards (search, seed, count)'],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          tags: ['utility'],
          summary,
          security,
          querystring: referenceListQuerySchema,
          response: responses(referenceListSchema),
        },
      },
      async (request) => ok(await reference.list(kind, request.query)),
    );
  }
};
