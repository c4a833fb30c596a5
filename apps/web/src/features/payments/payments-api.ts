import {
  API_PATHS,
  loadWithRetry,
  type PaymentHistoryResponse,
  type PaymentInfo,
  type PaymentInitRequest,
  type PaymentInitResponse,
  type PaymentRegion,
  type PaymentRegionsResponse,
  type PaymentStatusResponse,
} from '@veridocs/shared';
import type { z } from 'zod';
import { api } from '../../app/store/api';
import { lazySchema } from '../../lib/api/base-query';
import { config } from '../../lib/config';
import type * as PaymentSchemas from './payment-schemas';

/** The answers' schemas, loaded with the first request (issue 31 §2). */
const loadSchemas = () => loadWithRetry(() => import('./payment-schemas'));
const schemaOf = (pick: (schemas: typeof PaymentSchemas) => z.ZodType) => lazySchema(loadSchemas, pick);

/** The payment service's calls (spec §7 "Payments"); relative to SERVICE_BASES.payment. */
const paymentUrl = (path: string, query: Record<string, string | number | boolean | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  return `${config.services.payment}${path}?${search.toString()}`;
};
const paths = API_PATHS.payments;

/** The screens show these failures themselves (spec §8 payment rows). */
const quiet = { noSnackbar: true };

export interface PaymentArg {
  orgId: string;
  txnId: string;
}

export const paymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /transactions/payment/region?orgId: India / other countries and the one to preselect. */
    getPaymentRegions: build.query<PaymentRegionsResponse, string>({
      query: (orgId) => ({
        url: paymentUrl(paths.regions, { orgId }),
        schema: schemaOf((m) => m.paymentRegionsResponseSchema),
      }),
    }),
    /** GET /transactions/payment/price: the server's quote (every figure computed there). */
    getPaymentPrice: build.query<PaymentInfo, PaymentArg & { region: PaymentRegion; express: boolean }>({
      query: ({ orgId, txnId, region, express }) => ({
        url: paymentUrl(paths.price, { orgId, txnId, region, express }),
        schema: schemaOf((m) => m.paymentInfoSchema),
      }),
    }),
    /**
     * POST /transactions/payment/init. The Idempotency-Key is one per click attempt: a retry of the same
     * attempt sends it again and gets the same order back (two clicks never make two orders).
     */
    initPayment: build.mutation<PaymentInitResponse, PaymentInitRequest & { idempotencyKey: string }>({
      query: ({ idempotencyKey, ...body }) => ({
        url: `${config.services.payment}${paths.init}`,
        method: 'post',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
        schema: schemaOf((m) => m.paymentInitResponseSchema),
      }),
      // "Error in payment" is the screen's own message (spec §8).
      extraOptions: quiet,
    }),
    /** GET /transactions/payment?orgId&txnId&orderId: the status the screen polls; the server asks the gateway. */
    getPaymentStatus: build.query<PaymentStatusResponse, PaymentArg & { orderId?: string }>({
      query: ({ orgId, txnId, orderId }) => ({
        url: paymentUrl(paths.status, { orgId, txnId, orderId }),
        schema: schemaOf((m) => m.paymentStatusResponseSchema),
      }),
      extraOptions: quiet,
      // Every poll asks again; nothing to keep between visits.
      keepUnusedDataFor: 0,
    }),
    /** GET /transactions/payment/history?seed&count[&orgId&txnId]: the candidate's orders, newest first. */
    getPaymentHistory: build.query<
      PaymentHistoryResponse,
      { seed: number; count: number; orgId?: string; txnId?: string }
    >({
      query: ({ seed, count, orgId, txnId }) => ({
        url: paymentUrl(paths.history, { seed, count, orgId, txnId }),
        schema: schemaOf((m) => m.paymentHistoryResponseSchema),
      }),
      // A list fails silently, with its own retry (spec §8).
      extraOptions: quiet,
    }),
  }),
});

export const {
  useGetPaymentRegionsQuery,
  useGetPaymentPriceQuery,
  useInitPaymentMutation,
  useLazyGetPaymentStatusQuery,
  useGetPaymentHistoryQuery,
} = paymentsApi;
