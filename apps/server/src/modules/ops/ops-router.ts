import {
  OPS_API_PATHS,
  insufficiencyHistorySchema,
  opsDecisionRequestSchema,
  opsDecisionResponseSchema,
} from '@veridocs/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../http/envelope.js';
import { currentStaff, originOf, type RequireOpsRole } from '../ops-auth/ops-guard.js';
import type { OpsService } from './ops-service.js';

const tags = ['ops'];
const security = [{ opsBearer: [] }];
const txnParams = z.object({ txnId: z.string().trim().min(1).max(100) });

/** The team's decisions and the insufficiency history (verifier or admin), under /api/ops. */
export const opsRouter: FastifyPluginAsyncZod<{ ops: OpsService; requireOpsRole: RequireOpsRole }> = async (
  app,
  { ops, requireOpsRole },
) => {
  const team = requireOpsRole('verifier', 'admin');

  app.post(
    OPS_API_PATHS.decisionsRoute,
    {
      preHandler: team,
      schema: {
        tags,
        summary: 'Moves one verification along its state machine (ADR 0007, 0020)',
        description:
          'IN_PROGRESS, COMPLETED, FAILED (reason), INSUFFICIENT_DATA (reason and the documents asked, ' +
          '{key, label}), CLOSED. The transaction follows. Unknown transaction 121; not in it 126; a move ' +
          'the table refuses 123; nothing changes.',
        security,
        params: txnParams,
        body: opsDecisionRequestSchema,
        response: responses(opsDecisionResponseSchema),
      },
    },
    async (request) =>
      ok(await ops.decide(currentStaff(request), request.params.txnId, request.body, originOf(request))),
  );

  app.get(
    OPS_API_PATHS.insufficienciesRoute,
    {
      preHandler: team,
      schema: {
        tags,
        summary: "Every insufficiency round of a transaction and the candidate's answers, oldest first",
        security,
        params: txnParams,
        response: responses(insufficiencyHistorySchema),
      },
    },
    async (request) => ok(await ops.history(currentStaff(request), request.params.txnId, originOf(request))),
  );
};
