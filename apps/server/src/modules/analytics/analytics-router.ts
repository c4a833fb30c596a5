import { API_PATHS, analyticsAcceptedSchema, analyticsBatchSchema } from '@veridocs/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import { ok, responses } from '../../http/envelope.js';

/**
 * The client tracker's sink (ADR 0032): batches of events, validated and written to the log as one
 * line each (`analytics: true`), where the log pipeline takes them. No session needed (events before
 * sign-in count too) and nothing personal in them; rate limited per client. With ANALYTICS_INGEST off
 * the route answers 253.
 */
export const analyticsRouter: FastifyPluginAsyncZod<{
  enabled: boolean;
  onEvents?: (events: { category: string; action: string }[]) => void;
}> = async (app, { enabled, onEvents }) => {
  app.post(
    API_PATHS.analytics,
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      bodyLimit: 64 * 1024,
      schema: {
        tags: ['telemetry'],
        summary: "A batch of the client's analytics events (auth, form, verification, payment, chat, misc)",
        description: 'Answered 253 unless ANALYTICS_INGEST is on.',
        body: analyticsBatchSchema,
        response: responses(analyticsAcceptedSchema),
      },
    },
    async (request) => {
      if (!enabled) throw new AppError('TELEMETRY_DISABLED');
      const { sessionId, events } = request.body;
      for (const event of events)
        request.log.info(
          { analytics: true, sessionId, ...event },
          `analytics ${event.category}.${event.action}`,
        );
      onEvents?.(events);
      return ok({ accepted: events.length });
    },
  );
};
