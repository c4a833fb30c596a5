import {
  OPS_API_PATHS,
  institutionRequestListQuerySchema,
  institutionRequestListSchema,
} from '@veridocs/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../http/envelope.js';
import type { InstitutionQueueService } from './institution-queue-service.js';

/**
 * The team's queue of institution requests (issue 27), in the ops family (verifier or admin): the
 * escalated ones first, the longest escalated at the top.
 */
export const institutionQueueRouter: FastifyPluginAsyncZod<{ queue: InstitutionQueueService }> = async (
  app,
  { queue },
) => {
  app.get(
    OPS_API_PATHS.institutionRequestList,
    {
      schema: {
        tags: ['ops-cases'],
        summary:
          'Institution requests across cases by status (escalated by default), the longest waiting first',
        description:
          'An escalated request got every reminder without an answer: the team writes or calls the ' +
          'institution. Paged by offset and limit.',
        security: [{ opsBearer: [] }],
        querystring: institutionRequestListQuerySchema,
        response: responses(institutionRequestListSchema),
      },
    },
    async (request) => ok(await queue.list(request.query)),
  );
};
