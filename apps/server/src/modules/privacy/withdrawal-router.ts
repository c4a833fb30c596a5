import {
  PRIVACY_WITHDRAW_PATHS,
  privacyRequestListSchema,
  withdrawConsentRequestSchema,
  withdrawConsentResponseSchema,
} from '@veridocs/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth-guard.js';
import { ok, responses } from '../../http/envelope.js';
import type { WithdrawalService } from './withdrawal-service.js';

const tags = ['privacy'];
const security = [{ partnerOrg: [], bearer: [] }];

/** The candidate's consents and their withdrawal, under SERVICE_BASES.webWallet (issue 29, ADR 0049). */
export const withdrawalRouter: FastifyPluginAsyncZod<{ withdrawals: WithdrawalService }> = async (
  app,
  { withdrawals },
) => {
  app.get(
    PRIVACY_WITHDRAW_PATHS.consents,
    {
      schema: {
        tags,
        summary: "The signed-in candidate's requests with the purposes their consent grants now",
        description: 'Only requests the consent ledger holds an entry about; newest consent first.',
        security,
        response: responses(privacyRequestListSchema),
      },
    },
    async (request) => ok(await withdrawals.consents(currentUser(request).profileId)),
  );

  app.post(
    PRIVACY_WITHDRAW_PATHS.withdraw,
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Withdraws purposes of one request and carries out what that means',
        description:
          '`verify` or `report_organisation`: the request stops (open verifications and the request close, ' +
          'open institution requests are withdrawn, nothing more goes to the organisation; reports it ' +
          'already received stay with it). `contact_institutions`: open institution requests are withdrawn. ' +
          '`wallet`: the request’s credentials are revoked and removed. `report_partner`: no partner report ' +
          'goes any more. A purpose not granted is 343; another candidate’s request 122; a purpose withdrawn ' +
          'before is a repeat (nothing recorded, its effects finished).',
        security,
        body: withdrawConsentRequestSchema,
        response: responses(withdrawConsentResponseSchema),
      },
    },
    async (request) => {
      const result = await withdrawals.withdraw(currentUser(request).profileId, request.body);
      return ok(
        result,
        result.withdrawn.length > 0
          ? `Consent withdrawn. Reports already delivered stay with ${result.organisation}`
          : 'Already withdrawn',
      );
    },
  );
};
