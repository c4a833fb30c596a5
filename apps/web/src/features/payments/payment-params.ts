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
  /** The fast-track choice the URL carries (null: not said; an older link, or the form home's). */
  express: boolean | null;
  orderId: string | null;
  cancelled: boolean;
  transactionHistory: boolean;
}

export function readPaymentParams(search: string): PaymentParams {
  const params = new URLSearchParams(search);
  const region = params.get('region');
  const express = params.get('express');
  return {
    orgId: params.get('orgId') ?? '',
    txnId: params.get('txId') ?? params.get('txnId') ?? '',
    region: (PAYMENT_REGIONS as readonly string[]).includes(region ?? '') ? (region as PaymentRegion) : null,
    express: express === 'true' ? true : express === 'false' ? false : null,
    orderId: params.get('order_id'),
    cancelled: params.get('cancelled') === 'true',
    transactionHistory: params.get('transactionHistory') === 'true',
  };
}

/**
 * ?orgId&txId[&region][&express] for the next payment screen. The fast-track choice is part of the quote,
 * so it travels in the URL like the region: a reload, a new tab or the gateway's return quotes the same.
 */
export function paymentQuery(
  orgId: string,
  txnId: string,
  region?: PaymentRegion | null,
  express?: boolean | null,
): string {
  const params = new URLSearchParams({ orgId, txId: txnId });
  if (region) params.set('region', region);
  if (typeof express === 'boolean') params.set('express', String(express));
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
 * The mode chosen on /select-mode. The URL's `express` comes first (issue 24 §3: it survives a failure,
 * a reload and a new tab, where navigation state and the tab's storage do not); the tab's copy is for a
 * link that does not carry it (the form home's Continue to /select-mode).
 */
const expressKey = (txnId: string) => `veridocs-express:${txnId}`;
export function rememberExpress(txnId: string, express: boolean): void {
  setItem(expressKey(txnId), express ? 'true' : 'false', 'session');
}
export function expressOf(txnId: string, state: PaymentState, fromUrl: boolean | null = null): boolean {
  return fromUrl ?? state.expressOpted ?? getItem(expressKey(txnId), 'session') === 'true';
}
