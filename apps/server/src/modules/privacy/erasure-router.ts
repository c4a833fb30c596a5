import {
  PRIVACY_ERASURE_PATHS,
  erasureRequestSchema,
  erasureStatusResponseSchema,
  legalHoldReleaseSchema,
  legalHoldReleasedSchema,
  legalHoldRequestSchema,
  legalHoldSchema,
} from '@veridocs/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth-guard.js';
import { ok, responses } from '../../http/envelope.js';
import type { AuditInput } from '../ops-auth/ops-auth-service.js';
import { currentStaff, originOf } from '../ops-auth/ops-guard.js';
import type { ErasureService } from './erasure-service.js';

const P = PRIVACY_ERASURE_PATHS;

/** The candidate's erasure request, under SERVICE_BASES.webWallet (issue 29, ADR 0049 "Erasure"). */
export const erasureRouter: FastifyPluginAsyncZod<{ erasure: ErasureService }> = async (app, { erasure }) => {
  const security = [{ partnerOrg: [], bearer: [] }];
  app.post(
    P.erasure,
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['privacy'],
        summary: "Asks for the signed-in candidate's data to be erased",
        description:
          'Carried out by a job 7 days later (a live dispute holds it until it ends). Asking again answers ' +
          'the open request. The answer lists, per category, what is kept, for how long and why.',
        security,
        response: responses(erasureRequestSchema),
      },
    },
    async (request) => ok(await erasure.request(currentUser(request).profileId), 'Erasure requested'),
  );
  app.get(
    P.erasure,
    {
      schema: {
        tags: ['privacy'],
        summary: "The signed-in candidate's erasure request (open, else the last), or null",
        security,
        response: responses(erasureStatusResponseSchema),
      },
    },
    async (request) => ok({ request: await erasure.status(currentUser(request).profileId) }),
  );
};

/** An admin's legal hold on a candidate's erasure (a live dispute; issue 29): set and release, audited. */
export const erasureOpsRouter: FastifyPluginAsyncZod<{
  erasure: ErasureService;
  audit: (entry: AuditInput) => Promise<void>;
}> = async (app, { erasure, audit }) => {
  const security = [{ opsBearer: [] }];
  app.post(
    P.legalHolds,
    {
      schema: {
        tags: ['ops'],
        summary: "Sets a legal hold on a candidate's erasure, with the reason",
        description: "While it stands the candidate's erasure waits (status held). Unknown candidate: 349.",
        security,
        body: legalHoldRequestSchema,
        response: responses(legalHoldSchema),
      },
    },
    async (request) => {
      const staffId = currentStaff(request).staffId;
      const hold = await erasure.setHold(request.body.profileId, request.body.reason, staffId);
      await audit({
        staffId,
        action: 'privacy.legal-hold-set',
        targetType: 'profile',
        targetId: hold.profileId,
        detail: { reason: hold.reason },
        ip: originOf(request).ip,
      });
      return ok(hold, 'Legal hold set');
    },
  );
  app.delete(
    P.legalHolds,
    {
      schema: {
        tags: ['ops'],
        summary: "Releases a candidate's legal hold: a held erasure runs on the job's next pass",
        security,
        body: legalHoldReleaseSchema,
        response: responses(legalHoldReleasedSchema),
      },
    },
    async (request) => {
      const result = await erasure.releaseHold(request.body.profileId);
      await audit({
        staffId: currentStaff(request).staffId,
        action: 'privacy.legal-hold-release',
        targetType: 'profile',
        targetId: result.profileId,
        detail: { released: result.released },
        ip: originOf(request).ip,
      });
      return ok(result, result.released ? 'Legal hold released' : 'There was no legal hold');
    },
  );
};
