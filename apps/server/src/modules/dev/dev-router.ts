import {
  API_PATHS,
  demoResponseSchema,
  devOrgInvoicesRequestSchema,
  devOrgInvoicesResponseSchema,
  istMonthOf,
  outboxQuerySchema,
  outboxResponseSchema,
} from '@veridocs/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../http/envelope.js';
import type { Clock } from '../../lib/clock.js';
import { getDemoLink } from '../orgs/orgs-service.js';
import type { DevService } from './dev-service.js';

/** Registered only when DEV_TOOLS is on; otherwise these paths answer the 404 envelope. */
export const devRouter: FastifyPluginAsyncZod<{
  dev: DevService;
  publicUrl: string;
  now: Clock;
  /** The organisations' monthly invoice job for one month (org-billing); answers how many it issued. */
  issueInvoices: (period: string) => Promise<number>;
}> = async (app, { dev, publicUrl, now, issueInvoices }) => {
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

  app.post(
    API_PATHS.devOrgInvoices,
    {
      schema: {
        tags: ['dev'],
        summary: "Issues the organisations' invoices of a month now (default: the current IST month)",
        description:
          'The hourly job invoices a month once it has ended (ADR 0047); this runs it for a month in ' +
          'progress so the usage just made can be seen invoiced. An organisation gets one invoice a month: ' +
          'usage after this call is never invoiced.',
        // No body (a bare `curl -X POST`) is the current month.
        body: devOrgInvoicesRequestSchema.nullish(),
        response: responses(devOrgInvoicesResponseSchema),
      },
    },
    async (request) => {
      const period = request.body?.period ?? istMonthOf(now());
      return ok({ period, issued: await issueInvoices(period) });
    },
  );
};
