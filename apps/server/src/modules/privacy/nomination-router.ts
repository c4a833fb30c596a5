import {
  PRIVACY_NOMINATION_PATHS,
  nominationRequestSchema,
  nominationResponseSchema,
  opsNomineeParamsSchema,
  opsNomineeResponseSchema,
} from '@veridocs/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth-guard.js';
import { ok, responses } from '../../http/envelope.js';
import type { AuditInput } from '../ops-auth/ops-auth-service.js';
import { currentStaff, originOf } from '../ops-auth/ops-guard.js';
import type { NominationService } from './nomination-service.js';

const P = PRIVACY_NOMINATION_PATHS;

/** The candidate's nominee, under SERVICE_BASES.webWallet (issue 29, DPDP Act s. 14). */
export const nominationRouter: FastifyPluginAsyncZod<{ nominations: NominationService }> = async (
  app,
  { nominations },
) => {
  const security = [{ partnerOrg: [], bearer: [] }];
  app.get(
    P.nomination,
    {
      schema: {
        tags: ['privacy'],
        summary: "The signed-in candidate's nominee (or null) and every change, newest first",
        security,
        response: responses(nominationResponseSchema),
      },
    },
    async (request) => ok(await nominations.view(currentUser(request).profileId)),
  );
  app.put(
    P.nomination,
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['privacy'],
        summary: 'Names the nominee, or replaces the one named (the change is kept with its time)',
        description: "The same nominee again records nothing. The candidate's own mobile: 358.",
        security,
        body: nominationRequestSchema,
        response: responses(nominationResponseSchema),
      },
    },
    async (request) =>
      ok(await nominations.save(currentUser(request).profileId, request.body), 'Nominee saved'),
  );
  app.delete(
    P.nomination,
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['privacy'],
        summary: 'Removes the nominee (kept in the history); with none named, records nothing',
        security,
        response: responses(nominationResponseSchema),
      },
    },
    async (request) => ok(await nominations.remove(currentUser(request).profileId), 'Nominee removed'),
  );
};

/** The team's check of a nominee who writes in (verifier or admin): the current one, the read audited. */
export const nominationOpsRouter: FastifyPluginAsyncZod<{
  nominations: NominationService;
  audit: (entry: AuditInput) => Promise<void>;
}> = async (app, { nominations, audit }) => {
  app.get(
    P.opsNomineeRoute,
    {
      schema: {
        tags: ['ops'],
        summary: "A candidate's current nominee (null when none), to check one who writes in",
        description: 'Unknown candidate: 359. Each read is in the access log (ops_audit).',
        security: [{ opsBearer: [] }],
        params: opsNomineeParamsSchema,
        response: responses(opsNomineeResponseSchema),
      },
    },
    async (request) => {
      const answer = await nominations.ofCandidate(request.params.profileId.toLowerCase());
      await audit({
        staffId: currentStaff(request).staffId,
        action: 'privacy.nominee-read',
        targetType: 'profile',
        targetId: answer.profileId,
        detail: { named: answer.nominee !== null },
        ip: originOf(request).ip,
      });
      return ok(answer);
    },
  );
};
