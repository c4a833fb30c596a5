import { PRIVACY_OPS_PATHS, ledgerCheckResponseSchema } from '@veridocs/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../http/envelope.js';
import type { AuditInput } from '../ops-auth/ops-auth-service.js';
import { currentStaff, originOf } from '../ops-auth/ops-guard.js';
import type { PrivacyService } from './privacy-service.js';

/** The team's privacy routes (admins' family; ADR 0049). */
export const privacyOpsRouter: FastifyPluginAsyncZod<{
  privacy: PrivacyService;
  audit: (entry: AuditInput) => Promise<void>;
}> = async (app, { privacy, audit }) => {
  app.post(
    PRIVACY_OPS_PATHS.ledgerCheck,
    {
      schema: {
        tags: ['ops'],
        summary: 'Walks the consent ledger and answers the first entry that does not hold',
        description:
          'Each entry must follow the previous one (seq), hold its hash (prev_hash) and hash to its own hash. ' +
          'The head hash, noted outside the product, shows a later rewrite of the whole chain.',
        security: [{ opsBearer: [] }],
        response: responses(ledgerCheckResponseSchema),
      },
    },
    async (request) => {
      const result = await privacy.check();
      await audit({
        staffId: currentStaff(request).staffId,
        action: 'privacy.ledger-check',
        targetType: 'consent-ledger',
        targetId: result.headHash ?? 'empty',
        detail: { entries: result.entries, ok: result.ok, firstBadSeq: result.firstBadSeq },
        ip: originOf(request).ip,
      });
      return ok(result, result.ok ? 'The consent ledger holds' : 'The consent ledger does not hold');
    },
  );
};
