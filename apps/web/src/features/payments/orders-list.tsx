import { useState } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import ReceiptOutlinedIcon from '@mui/icons-material/ReceiptOutlined';
import UndoOutlinedIcon from '@mui/icons-material/UndoOutlined';
import { UI_LIMITS, type PaymentInfo, formatMoney } from '@veridocs/shared';
import { PATHS } from '../../app/paths';
import { useT } from '../../i18n';
import { formatDateTime } from '../../lib/dates';
import { LoadFailed } from './payment-notice';
import { refundsNewestFirst, type Refund } from './payment-receipt';
import { useGetPaymentHistoryQuery } from './payments-api';
import { paymentsCatalog } from './payments-catalog';
import { RefundStatusChip, StatusChip, providerLabel } from './status-chips';

const RECEIPT = `${PATHS.payment}?transactionHistory=true`;

function OrderRow({ order }: { order: PaymentInfo }) {
  const t = useT(paymentsCatalog);
  const navigate = useNavigate();
  const date = order.createdAt ?? order.updatedAt;
  const openRefund = (refund: Refund) =>
    void navigate(RECEIPT, { state: { order, isARefundTxn: true, txnSelected: refund._id } });
  return (
    <Paper component="li" variant="outlined" sx={{ listStyle: 'none', overflow: 'hidden' }}>
      <ButtonBase
        onClick={() => void navigate(RECEIPT, { state: { order } })}
        aria-label={`${t('openReceipt')}: ${order.org.displayName}, ${formatMoney(order.toPay, order.currency)}`}
        sx={{
          width: '100%',
          p: 2,
          display: 'flex',
          gap: 1.5,
          justifyContent: 'flex-start',
          textAlign: 'left',
        }}
      >
        <ReceiptOutlinedIcon color="primary" aria-hidden />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{order.org.displayName}</Typography>
          <Typography variant="body2" color="text.secondary">
            {[date ? formatDateTime(date) : null, order.provider ? providerLabel(order.provider) : null]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        </Box>
        <Box sx={{ display: 'grid', justifyItems: 'end', gap: 0.5 }}>
          <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
            {formatMoney(order.toPay, order.currency)}
          </Typography>
          {order.currentStatus && <StatusChip status={order.currentStatus} />}
        </Box>
        <NavigateNextIcon aria-hidden color="action" />
      </ButtonBase>
      {order.refundDetails.length > 0 && (
        <Box component="ul" sx={{ m: 0, p: 0, borderTop: 1, borderColor: 'divider' }}>
          {refundsNewestFirst(order.refundDetails).map((refund) => (
            <Box component="li" key={refund._id} sx={{ listStyle: 'none' }}>
              <ButtonBase
                onClick={() => openRefund(refund)}
                sx={{
                  width: '100%',
                  px: 2,
                  py: 1,
                  display: 'flex',
                  gap: 1.5,
                  justifyContent: 'flex-start',
                  textAlign: 'left',
                }}
              >
                <UndoOutlinedIcon fontSize="small" color="action" aria-hidden />
                <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }}>
                  {t('refundAmount', { amount: formatMoney(refund.amount, order.currency) })}
                </Typography>
                <RefundStatusChip status={refund.status} />
              </ButtonBase>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}

/** The candidate's orders, a page at a time (all of them, or one form's with orgId and txnId). */
export function OrdersList({ title, orgId, txnId }: { title: string; orgId?: string; txnId?: string }) {
  const t = useT(paymentsCatalog);
  const [page, setPage] = useState(1);
  const count = UI_LIMITS.pageSizeDefault;
  const history = useGetPaymentHistoryQuery({
    seed: (page - 1) * count,
    count,
    ...(orgId ? { orgId } : {}),
    ...(txnId ? { txnId } : {}),
  });
  const data = history.currentData;
  const pages = data ? Math.ceil(data.total / count) : 0;

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Typography variant="h2" component="h2" id="orders-heading">
        {title}
      </Typography>
      {history.isError && !history.isFetching && (
        <LoadFailed message={t('listFailed')} onRetry={() => void history.refetch()} />
      )}
      {!data && !history.isError && (
        <Box role="status" aria-label={t('loading')} sx={{ display: 'grid', gap: 1.5 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={76} />
          ))}
        </Box>
      )}
      {data && data.list.length === 0 && (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
          <ReceiptOutlinedIcon sx={{ fontSize: 48, color: 'text.secondary', mb: 1 }} aria-hidden />
          <Typography variant="h3" component="p" sx={{ mb: 0.5 }}>
            {t('noPayments')}
          </Typography>
          <Typography color="text.secondary">{t('noPaymentsBody')}</Typography>
        </Paper>
      )}
      {data && data.list.length > 0 && (
        <Box
          component="ul"
          aria-labelledby="orders-heading"
          sx={{ m: 0, p: 0, display: 'grid', gap: 1.5, opacity: history.isFetching ? 0.6 : 1 }}
        >
          {data.list.map((order) => (
            <OrderRow key={order.orderId ?? `${order.transactionId}-${order.createdAt}`} order={order} />
          ))}
        </Box>
      )}
      {pages > 1 && (
        <Pagination
          count={pages}
          page={page}
          onChange={(_event, next) => setPage(next)}
          aria-label={t('pages')}
          sx={{ justifySelf: 'center' }}
          siblingCount={0}
        />
      )}
    </Box>
  );
}
