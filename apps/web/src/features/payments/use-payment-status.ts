import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { POLL, type PaymentStatusResponse } from '@veridocs/shared';
import { PATHS } from '../../app/paths';
import { LIST, api } from '../../app/store/api';
import { useAppDispatch } from '../../app/store/hooks';
import { useLazyGetPaymentStatusQuery } from './payments-api';
import { track } from '../../lib/telemetry/tracker';

/** What the screen shows of a return from the gateway. */
export type PollOutcome = 'polling' | 'failed' | 'cancelled' | 'superseded' | 'error';

/** The server's word that the order no longer pays for the verifications (ADR 0023): the new amount. */
export type Superseded = NonNullable<PaymentStatusResponse['superseded']>;

/**
 * Spec §4 "Payment status": ask at once, then every 6 s, at most 20 times. SUCCESS → /submitted;
 * FAILED → failed; still pending after 20 → failed too (loading clears); an error stops polling.
 */
export function usePaymentStatus({
  orgId,
  txnId,
  orderId,
  enabled,
}: {
  orgId: string;
  txnId: string;
  orderId: string | null;
  enabled: boolean;
}): { outcome: PollOutcome; superseded: Superseded | null; retry: () => void } {
  const [outcome, setOutcome] = useState<PollOutcome>('polling');
  const [superseded, setSuperseded] = useState<Superseded | null>(null);
  // Bumped to poll again after an error.
  const [attempt, setAttempt] = useState(0);
  const [fetchStatus] = useLazyGetPaymentStatusQuery();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let polls = 0;

    const poll = async () => {
      polls += 1;
      const answer = await fetchStatus({ orgId, txnId, ...(orderId ? { orderId } : {}) }, false);
      if (stopped) return;
      if (answer.isError || !answer.data) return setOutcome('error');
      const status = answer.data.currentStatus;
      // The verifications changed after this payment started: it submits nothing, the new amount is shown.
      if (answer.data.superseded && status !== 'SUCCESS') {
        track('payment', 'failed', { reason: 'cancelled' });
        setSuperseded(answer.data.superseded);
        return setOutcome('superseded');
      }
      if (status === 'SUCCESS') {
        track('payment', 'succeeded');
        // The form home and the candidate's list now show the form as paid.
        dispatch(
          api.util.invalidateTags([
            { type: 'Transaction', id: `${orgId}/${txnId}` },
            { type: 'Transactions', id: LIST },
          ]),
        );
        void navigate(PATHS.submitted, { replace: true });
        return;
      }
      if (status === 'FAILED') {
        track('payment', 'failed', { reason: 'declined' });
        return setOutcome('failed');
      }
      if (status === 'CANCELLED') {
        track('payment', 'failed', { reason: 'cancelled' });
        return setOutcome('cancelled');
      }
      if (polls >= POLL.maxPolls) {
        track('payment', 'failed', { reason: 'timed_out' });
        return setOutcome('failed');
      }
      timer = setTimeout(() => void poll(), POLL.intervalMs);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [enabled, attempt, orgId, txnId, orderId, fetchStatus, navigate, dispatch]);

  const retry = useCallback(() => {
    setOutcome('polling');
    setAttempt((n) => n + 1);
  }, []);
  return { outcome, superseded, retry };
}
