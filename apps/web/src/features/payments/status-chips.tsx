import Chip from '@mui/material/Chip';
import type { PaymentProvider, PaymentStatus, RefundStatus } from '@veridocs/shared';
import { useT } from '../../i18n';
import { paymentsCatalog } from './payments-catalog';

/** Gateway brand names are not translated; the card-SDK variants are the same brand to a candidate. */
const PROVIDER_NAMES: Record<PaymentProvider, string> = {
  sandbox: 'Sandbox',
  'sandbox-sdk': 'Sandbox',
  razorpay: 'Razorpay',
  cashfree: 'Cashfree',
  'cashfree-sdk': 'Cashfree',
  stripe: 'Stripe',
};
export const providerLabel = (provider: PaymentProvider) => PROVIDER_NAMES[provider];

const STATUS_COLOR = {
  PENDING: 'warning',
  SUCCESS: 'success',
  FAILED: 'error',
  CANCELLED: 'default',
} as const;
const REFUND_COLOR = { pending: 'warning', processed: 'success', failed: 'error' } as const;

export function StatusChip({ status }: { status: PaymentStatus }) {
  const t = useT(paymentsCatalog);
  return <Chip size="small" variant="outlined" color={STATUS_COLOR[status]} label={t(`status${status}`)} />;
}

export function RefundStatusChip({ status }: { status: RefundStatus }) {
  const t = useT(paymentsCatalog);
  return <Chip size="small" variant="outlined" color={REFUND_COLOR[status]} label={t(`refund${status}`)} />;
}
