import { useEffect, useRef, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { keyframes } from '@mui/material/styles';
import type { PaymentInfo } from '@veridocs/shared';
import { formatMoney } from '@veridocs/shared';
import { useT } from '../../i18n';
import { formatDateTime } from '../../lib/dates';
import { notify } from '../../lib/notify';
import { BillingSummary, PaymentItems } from './payment-summary';
import { paymentsCatalog } from './payments-catalog';
import { RefundStatusChip, StatusChip, providerLabel } from './status-chips';

export type Refund = PaymentInfo['refundDetails'][number];

/** Refunds newest first (spec §2). */
export function refundsNewestFirst(refunds: readonly Refund[]): Refund[] {
  return [...refunds].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

const shake = keyframes`
  0%, 100% { transform: translateX(0); }
  20%, 60% { transform: translateX(-6px); }
  40%, 80% { transform: translateX(6px); }
`;
/** Spec §2: a selected refund shakes for 400 ms and stays highlighted for 2 s. */
export const SHAKE_MS = 400;
export const HIGHLIGHT_MS = 2000;

/** A value with tap-to-copy ("Copied", spec §2). */
function CopyField({ label, value }: { label: string; value: string | null }) {
  const t = useT(paymentsCatalog);
  const copy = async () => {
    if (!value) return;
    try {
      await navigator.clipboard.writeText(value);
      notify(t('copied'), 'success');
    } catch {
      // No clipboard (insecure context, denied): the value stays selectable on screen.
    }
  };
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
        <Typography sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', minWidth: 0 }}>
          {value ?? t('notAssigned')}
        </Typography>
        {value && (
          // A native title, not MUI's Tooltip: its Popper would be one more chunk for the sign-in page to name.
          <IconButton
            size="small"
            aria-label={t('copy', { label })}
            title={t('copy', { label })}
            onClick={() => void copy()}
          >
            <ContentCopyIcon fontSize="small" />
          </IconButton>
        )}
      </Box>
    </Box>
  );
}

function RefundCard({ refund, order, selected }: { refund: Refund; order: PaymentInfo; selected: boolean }) {
  const t = useT(paymentsCatalog);
  const ref = useRef<HTMLLIElement>(null);
  const [phase, setPhase] = useState<'shake' | 'highlight' | 'none'>(selected ? 'shake' : 'none');

  useEffect(() => {
    if (!selected) return;
    ref.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
    const toHighlight = setTimeout(() => setPhase('highlight'), SHAKE_MS);
    const done = setTimeout(() => setPhase('none'), HIGHLIGHT_MS);
    return () => {
      clearTimeout(toHighlight);
      clearTimeout(done);
    };
  }, [selected]);

  return (
    <Box
      component="li"
      ref={ref}
      data-testid="refund"
      data-refund-id={refund._id}
      data-highlight={phase === 'none' ? undefined : phase}
      sx={{
        listStyle: 'none',
        p: 2,
        border: 1,
        borderRadius: 2,
        borderColor: phase === 'none' ? 'divider' : 'warning.main',
        bgcolor: phase === 'none' ? 'background.paper' : 'warning.light',
        transition: 'background-color 300ms, border-color 300ms',
        animation: phase === 'shake' ? `${shake} ${SHAKE_MS}ms ease-in-out` : 'none',
        // The highlight stays for everyone; only the movement goes.
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        display: 'grid',
        gap: 1,
      }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography sx={{ fontWeight: 600, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {refund.reason}
        </Typography>
        <RefundStatusChip status={refund.status} />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'space-between' }}>
        <Typography variant="body2" color="text.secondary">
          {formatDateTime(refund.createdAt)}
        </Typography>
        <Typography sx={{ fontWeight: 600 }}>{formatMoney(refund.amount, order.currency)}</Typography>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '1fr 1fr' }, gap: 1 }}>
        <CopyField label={t('refundId')} value={refund.refundId} />
        <CopyField label={t('transactionId')} value={refund._id} />
      </Box>
    </Box>
  );
}

/**
 * The read-only receipt (spec §2, /payment?transactionHistory=true): organisation, date, "Paid via",
 * status chip, Payment ID and Transaction ID with tap-to-copy, the cart, and refunds newest first.
 */
export function PaymentReceipt({
  order,
  selectedRefund,
}: {
  order: PaymentInfo;
  selectedRefund: string | null;
}) {
  const t = useT(paymentsCatalog);
  const refunds = refundsNewestFirst(order.refundDetails);
  const date = order.createdAt ?? order.updatedAt;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Avatar
            src={order.org.imageUrl ?? undefined}
            alt=""
            variant="rounded"
            sx={{ width: 48, height: 48 }}
          >
            {order.org.displayName.slice(0, 1)}
          </Avatar>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h2" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {order.org.displayName}
            </Typography>
            {date && (
              <Typography variant="body2" color="text.secondary">
                {formatDateTime(date)}
              </Typography>
            )}
          </Box>
          {order.currentStatus && <StatusChip status={order.currentStatus} />}
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'space-between' }}>
          {order.provider && (
            <Typography>{t('paidVia', { provider: providerLabel(order.provider) })}</Typography>
          )}
          <Typography sx={{ fontWeight: 700 }}>
            {order.currentStatus === 'SUCCESS' ? t('amountPaid') : t('orderAmount')}:{' '}
            {formatMoney(
              order.currentStatus === 'SUCCESS' ? order.totalAmountPaid : order.toPay,
              order.currency,
            )}
          </Typography>
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '1fr 1fr' }, gap: 2 }}>
          <CopyField label={t('paymentId')} value={order.paymentId} />
          <CopyField label={t('transactionId')} value={order.transactionId} />
        </Box>
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        {/* A receipt: what was bought, without the offers of the checkout. */}
        <PaymentItems info={order} offers={false} />
        <Divider />
        <BillingSummary info={order} />
      </Paper>
      {refunds.length > 0 && (
        <Paper
          variant="outlined"
          component="section"
          aria-labelledby="refunds-heading"
          sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 1.5 }}
        >
          <Typography variant="h3" component="h3" id="refunds-heading">
            {t('refunds')}
          </Typography>
          <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 1.5 }}>
            {refunds.map((refund) => (
              <RefundCard
                key={refund._id}
                refund={refund}
                order={order}
                selected={selectedRefund !== null && [refund._id, refund.refundId].includes(selectedRefund)}
              />
            ))}
          </Box>
        </Paper>
      )}
    </Box>
  );
}
