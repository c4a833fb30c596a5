import type { InsufficiencyHistory, OpsDecisionRequest, OpsDecisionResponse } from '@veridocs/shared';
import type { OpsAuthService, OpsOrigin, OpsUser } from '../ops-auth/ops-auth-service.js';
import type { TransactionsService } from '../transactions/transactions-service.js';

/**
 * The verification team's case actions (a first slice of issue 14): decisions on a verification and the
 * insufficiency history. Every action is audited by the ops-auth module, in the same database
 * transaction as the change.
 */
export function createOpsService(deps: {
  transactions: Pick<TransactionsService, 'opsDecide' | 'insufficiencyHistory'>;
  auth: Pick<OpsAuthService, 'audit'>;
}) {
  return {
    decide(
      staff: OpsUser,
      txnId: string,
      decision: OpsDecisionRequest,
      origin: OpsOrigin,
    ): Promise<OpsDecisionResponse> {
      const { verificationName, state, ...rest } = decision;
      return deps.transactions.opsDecide(txnId, decision, staff.staffId, (scope) =>
        deps.auth.audit(
          {
            staffId: staff.staffId,
            action: 'verification.decide',
            targetType: 'verification',
            targetId: `${txnId.toLowerCase()}/${verificationName}`,
            detail: { state, ...rest },
            ip: origin.ip,
          },
          scope,
        ),
      );
    },

    async history(staff: OpsUser, txnId: string, origin: OpsOrigin): Promise<InsufficiencyHistory> {
      const history = await deps.transactions.insufficiencyHistory(txnId);
      await deps.auth.audit({
        staffId: staff.staffId,
        action: 'insufficiency.read',
        targetType: 'transaction',
        targetId: history.txnId,
        ip: origin.ip,
      });
      return history;
    },
  };
}
export type OpsService = ReturnType<typeof createOpsService>;
