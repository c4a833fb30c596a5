import { useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatMoney, paymentInfoSchema } from '@veridocs/shared';
import { PATHS } from '../../app/paths';
import { useT } from '../../i18n';
import { notify } from '../../lib/notify';
import { PaymentCheckout } from './payment-checkout';
import { IncompleteLink } from './payment-notice';
import {
  expressOf,
  paymentQuery,
  paymentStateOf,
  readPaymentParams,
  type PaymentParams,
} from './payment-params';
import { PaymentReceipt } from './payment-receipt';
import { paymentsCatalog } from './payments-catalog';
import { usePaymentStatus } from './use-payment-status';

/** State of a receipt opened from a list (spec §3): the order, and the refund to point at. */
function receiptState(state: unknown) {
  const s = (state ?? {}) as Record<string, unknown>;
  const order = paymentInfoSchema.safeParse(s.order);
  const selected =
    s.isARefundTxn === true && typeof s.txnSelected === 'string' && s.txnSelected !== ''
      ? s.txnSelected
      : null;
  return { order: order.success ? order.data : null, selected };
}

/** Spec §8: no region (and no order_id, no history) → told so, and sent to choose one. */
function ChooseRegionFirst({
  orgId,
  txnId,
  express,
}: {
  orgId: string;
  txnId: string;
  express: boolean | undefined;
}) {
  const t = useT(paymentsCatalog);
  const navigate = useNavigate();
  const { state } = useLocation();
  useEffect(() => {
    notify(t('chooseRegionFirst'), 'warning');
    void navigate(`${PATHS.choosePaymentRegion}${paymentQuery(orgId, txnId, null, express)}`, {
      replace: true,
      state,
    });
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}

/** Back from the gateway with `order_id`: poll the status (spec §4 "Payment status"). */
function PaymentReturn({
  params,
  express,
  phoneNumber,
}: {
  params: PaymentParams;
  express: boolean;
  phoneNumber?: string | undefined;
}) {
  const t = useT(paymentsCatalog);
  const { outcome, superseded, retry } = usePaymentStatus({
    orgId: params.orgId,
    txnId: params.txnId,
    orderId: params.orderId,
    enabled: true,
  });
  if (outcome === 'polling')
    return (
      <Paper
        variant="outlined"
        role="status"
        sx={{ p: { xs: 3, sm: 5 }, display: 'grid', gap: 2, justifyItems: 'center', textAlign: 'center' }}
      >
        <CircularProgress aria-hidden />
        <Typography>{t('fetchingStatus')}</Typography>
      </Paper>
    );
  if (outcome === 'error')
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={retry}>
            {t('retry')}
          </Button>
        }
      >
        {t('loadFailed')}
      </Alert>
    );
  const notice =
    outcome === 'superseded' && superseded ? (
      <Alert severity="warning" role="alert">
        {[
          t('paymentSuperseded', { amount: formatMoney(superseded.toPay, superseded.currency) }),
          superseded.refund > 0
            ? t('supersededRefund', { amount: formatMoney(superseded.refund, superseded.currency) })
            : '',
        ]
          .join(' ')
          .trim()}
      </Alert>
    ) : (
      <Alert severity="error" role="alert">
        {outcome === 'cancelled' ? t('paymentCancelled') : t('paymentFailed')}
      </Alert>
    );
  if (!params.region) return notice;
  return (
    <PaymentCheckout
      orgId={params.orgId}
      txnId={params.txnId}
      region={params.region}
      express={express}
      phoneNumber={phoneNumber}
      notice={notice}
    />
  );
}

/**
 * /payment (spec §2, §4): the receipt with ?transactionHistory=true; the status after the gateway with
 * ?order_id; "Payment Cancelled" with ?cancelled; otherwise the checkout of ?orgId&txId&region.
 */
export default function PaymentPage() {
  const t = useT(paymentsCatalog);
  const location = useLocation();
  const params = readPaymentParams(location.search);

  if (params.transactionHistory) {
    const { order, selected } = receiptState(location.state);
    if (!order) return <Navigate to={PATHS.transactionHistory} replace />;
    return <PaymentReceipt order={order} selectedRefund={selected} />;
  }
  if (!params.orgId || !params.txnId) return <IncompleteLink />;
  const state = paymentStateOf(location.state);
  const express = expressOf(params.txnId, state, params.express);
  if (params.cancelled)
    return params.region ? (
      <PaymentCheckout
        orgId={params.orgId}
        txnId={params.txnId}
        region={params.region}
        express={express}
        phoneNumber={state.phoneNumber}
        notice={
          <Alert severity="warning" role="alert">
            {t('paymentCancelled')}
          </Alert>
        }
      />
    ) : (
      <Alert severity="warning" role="alert">
        {t('paymentCancelled')}
      </Alert>
    );
  if (params.orderId)
    return (
      <PaymentReturn key={params.orderId} params={params} express={express} phoneNumber={state.phoneNumber} />
    );
  if (!params.region)
    return (
      <ChooseRegionFirst
        orgId={params.orgId}
        txnId={params.txnId}
        express={params.express ?? state.expressOpted}
      />
    );
  return (
    <PaymentCheckout
      orgId={params.orgId}
      txnId={params.txnId}
      region={params.region}
      express={express}
      phoneNumber={state.phoneNumber}
    />
  );
}
