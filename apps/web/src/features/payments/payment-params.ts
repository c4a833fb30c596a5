import { PAYMENT_REGIONS, type PaymentRegion } from '@veridocs/shared';
import { getItem, setItem } from '../../lib/storage';

/**
 * The payment screens' query (spec §3 "Query parameters"): orgId, txId (txnId also read: the form's
 * other screens use it), region, order_id, cancelled, transactionHistory.
 */
export interface PaymentParams {
  orgId: string;
  txnId: string;
  region: PaymentRegion | null;
  orderId: string | null;
  cancelled: boolean;
  transactionHistory: boolean;
}

export function readPaymentParams(search: string): PaymentParams {
  const params = new URLSearchParams(search);
  const region = params.get('region');
  return {
    orgId: params.get('orgId') ?? '',
    txnId: params.get('txId') ?? params.get('txnId') ?? '',
    region: (PAYMENT_REGIONS as readonly string[]).includes(region ?? '') ? (region as PaymentRegion) : null,
    orderId: params.get('order_id'),
    cancelled: params.get('cancelled') === 'true',
    transactionHistory: params.get('transactionHistory') === 'true',
  };
}

/** ?orgId&txId[&region] for the next payment screen. */
export function paymentQuery(orgId: string, txnId: string, region?: PaymentRegion | null): string {
  const params = new URLSearchParams({ orgId, txId: txnId });
  if (region) params.set('region', region);
  return `?${params.toString()}`;
}

/** Navigation state of the payment screens (spec §3 "State passed to the payment screen"). */
export interface PaymentState {
  expressOpted?: boolean;
  phoneNumber?: string;
}

export function paymentStateOf(state: unknown): PaymentState {
  const s = (state ?? {}) as Record<string, unknown>;
  return {
    ...(typeof s.expressOpted === 'boolean' ? { expressOpted: s.expressOpted } : {}),
    ...(typeof s.phoneNumber === 'string' ? { phoneNumber: s.phoneNumber } : {}),
  };
}

/**
 * The mode chosen on /select-mode, also kept for the tab: navigation state is gone when the gateway
 * sends the browser back, and a retry after a failed payment must quote the same mode.
 */
const expressKey = (txnId: string) => `veridocs-express:${txnId}`;
export function rememberExpress(txnId: string, express: boolean): void {
  setItem(expressKey(txnId), express ? 'true' : 'false', 'session');
}
export function expressOf(txnId: string, state: PaymentState): boolean {
  return state.expressOpted ?? getItem(expressKey(txnId), 'session') === 'true';
}
