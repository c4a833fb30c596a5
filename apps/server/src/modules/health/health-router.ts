import { API_PATHS, healthResponseSchema } from '@veridocs/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabaseKind } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { ok, responses } from '../../http/envelope.js';
import type { HealthRepository } from './health-repository.js';

export const healthRouter: FastifyPluginAsyncZod<{ repo: HealthRepository; kind: DatabaseKind }> = async (
  app,
  { repo, kind },
) => {
  app.get(
    API_PATHS.health,
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        response: responses(healthResponseSchema),
      },
    },
    async (request) => {
      try {
        await repo.ping();
      } catch (error) {
        request.log.error({ err: error }, 'Health check: database unreachable');
        throw new AppError('SERVICE_UNAVAILABLE', 'Database is unavailable');
      }
      return ok({ status: 'ok' as const, db: kind });
    },
  );
};
