import {
  API_PATHS,
  demoResponseSchema,
  devEraseNowRequestSchema,
  devEraseNowResponseSchema,
  devPersonalDataSearchRequestSchema,
  devPersonalDataSearchResponseSchema,
  devOrgInvoicesRequestSchema,
  devOrgInvoicesResponseSchema,
  istMonthOf,
  outboxQuerySchema,
  outboxResponseSchema,
} from '@veridocs/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import { ok, responses } from '../../http/envelope.js';
import type { Clock } from '../../lib/clock.js';
import { getDemoLink } from '../orgs/orgs-service.js';
import type { DevService } from './dev-service.js';

/** What the privacy tools need: the erasure job's service and the search (issue 29). */
export interface DevPrivacyTools {
  findProfileId: (mobile: string) => Promise<string | null>;
  expedite: (profileId: string) => Promise<boolean>;
  runErasureOnce: () => Promise<boolean>;
  erasureStatus: (profileId: string) => Promise<'requested' | 'held' | 'done' | null>;
  search: (needles: string[], bytes: Buffer[]) => Promise<{ needle: string }[]>;
}

/** Registered only when DEV_TOOLS is on; otherwise these paths answer the 404 envelope. */
export const devRouter: FastifyPluginAsyncZod<{
  dev: DevService;
  publicUrl: string;
  now: Clock;
  /** The organisations' monthly invoice job for one month (org-billing); answers how many it issued. */
  issueInvoices: (period: string) => Promise<number>;
  privacy: DevPrivacyTools;
}> = async (app, { dev, publicUrl, now, issueInvoices, privacy }) => {
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

  app.post(
    API_PATHS.devEraseNow,
    {
      schema: {
        tags: ['dev'],
        summary: "Runs a candidate's erasure now instead of a week after the request",
        body: devEraseNowRequestSchema,
        response: responses(devEraseNowResponseSchema),
      },
    },
    async (request) => {
      const profileId = await privacy.findProfileId(request.body.mobile);
      if (!profileId || !(await privacy.expedite(profileId))) throw new AppError('ERASURE_NOT_FOUND');
      // The job's own loop may hold the request's lease meanwhile: pass until it is done or held.
      for (let pass = 0; pass < 120; pass++) {
        const status = await privacy.erasureStatus(profileId);
        if (status === 'done' || status === 'held') return ok({ profileId, status });
        if (!(await privacy.runErasureOnce())) await new Promise((r) => setTimeout(r, 250));
      }
      return ok({ profileId, status: 'requested' as const });
    },
  );

  app.post(
    API_PATHS.devPersonalDataSearch,
    {
      schema: {
        tags: ['dev'],
        summary: 'Where personal data still is: every text column of every table, every stored object',
        body: devPersonalDataSearchRequestSchema,
        response: responses(devPersonalDataSearchResponseSchema),
      },
    },
    async (request) =>
      ok({
        hits: await privacy.search(
          request.body.needles,
          request.body.bytes.map((b) => Buffer.from(b, 'base64')),
        ),
      }),
  );
};
