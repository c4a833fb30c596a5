import { API_PATHS, demoResponseSchema, outboxQuerySchema, outboxResponseSchema } from '@veridocs/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../http/envelope.js';
import { getDemoLink } from '../orgs/orgs-service.js';
import type { DevService } from './dev-service.js';

/** Registered only when DEV_TOOLS is on; otherwise these paths answer the 404 envelope. */
export const devRouter: FastifyPluginAsyncZod<{ dev: DevService; publicUrl: string }> = async (
  app,
  { dev, publicUrl },
) => {
  app.get(
    API_PATHS.devOutbox,
    {
      schema: {
        tags: ['dev'],
        summary: 'Messages the embedded SMS/e-mail providers stored, newest first (max 50)',
        querystring: outboxQuerySchema,
        response: responses(outboxResponseSchema),
      },
    },
    async (request) => ok({ list: await dev.listOutbox(request.query.to) }),
  );

  app.get(
    API_PATHS.devDemo,
    {
      schema: {
        tags: ['dev'],
        summary: 'The demo form and its candidate link',
        response: responses(demoResponseSchema),
      },
    },
    async () => ok(getDemoLink(publicUrl)),
  );
};
