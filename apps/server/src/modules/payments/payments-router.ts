import {
  GATEWAY_PATHS,
  OPS_API_PATHS,
  API_PATHS,
  paymentHistoryQuerySchema,
  paymentHistoryResponseSchema,
  paymentInfoSchema,
  paymentInitRequestSchema,
  paymentInitResponseSchema,
  paymentModeQuerySchema,
  paymentModeResponseSchema,
  paymentPriceQuerySchema,
  paymentRegionQuerySchema,
  paymentRegionsResponseSchema,
  paymentStatusQuerySchema,
  paymentStatusResponseSchema,
  refundCreateRequestSchema,
  verificationPriceParamsSchema,
  verificationPriceQuerySchema,
  verificationPriceLineSchema,
} from '@veridocs/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/auth-guard.js';
import { ok, responses } from '../../http/envelope.js';
import { currentStaff, originOf } from '../ops-auth/ops-guard.js';
import { idempotencyKeyOf, type PaymentsService } from './payments-service.js';

const security = [{ partnerOrg: [], bearer: [] }];
const tags = ['payments'];
const paths = API_PATHS.payments;
const idempotencyHeaders = z.object({ 'idempotency-key': z.string().optional() }).passthrough();

/** The candidate's payment routes, under SERVICE_BASES.payment (all need the bearer token). */
export const paymentsRouter: FastifyPluginAsyncZod<{
  payments: PaymentsService;
}> = async (app, { payments }) => {
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request).profileId;

  app.get(
    paths.regions,
    {
      schema: {
        tags,
        summary: 'The payment regions (India in INR, other countries in USD) and the one to preselect',
        security,
        querystring: paymentRegionQuerySchema,
        response: responses(paymentRegionsResponseSchema),
      },
    },
    async (request) => ok(await payments.regions(me(request))),
  );

  app.get(
    paths.mode,
    {
      schema: {
        tags,
        summary:
          'The payment mode: express allowed, and whether to warn that some verifications cannot be fast-tracked',
        security,
        querystring: paymentModeQuerySchema,
        response: responses(paymentModeResponseSchema),
      },
    },
    async (request) => ok(await payments.mode(me(request), request.query)),
  );

  app.get(
    paths.price,
    {
      schema: {
        tags,
        summary: 'The fee of the transaction in a region (a quote: nothing stored, computed on the server)',
        security,
        querystring: paymentPriceQuerySchema,
        response: responses(paymentInfoSchema),
      },
    },
    async (request) => ok(await payments.price(me(request), request.query)),
  );

  app.get(
    paths.verificationPriceRoute,
    {
      schema: {
        tags,
        summary: "One verification's price in the transaction (the line of its quote; spec §7)",
        description:
          "The line the transaction's quote has for the verification, or will have once it is submitted " +
          "(`quoted` says which): priced in the form's order, in the region's currency (India by default). " +
          '126 for a verification not in the transaction or not priced by the form; 191 when the candidate ' +
          'does not pay.',
        security,
        params: verificationPriceParamsSchema,
        querystring: verificationPriceQuerySchema,
        response: responses(verificationPriceLineSchema),
      },
    },
    async (request) =>
      ok(await payments.verificationPrice(me(request), request.params.verification, request.query)),
  );

  app.post(
    paths.init,
    {
      schema: {
        tags,
        summary: 'Starts the payment: the order and the gateway checkout (header Idempotency-Key)',
        description:
          'The amount is computed on the server; a body with any other field is refused (100). One open order ' +
          'per transaction: a retry with the same key, or a concurrent click, answers the same order. Code 190 ' +
          'without the header, 191 free form, 192 already paid, 197 gateway unavailable.',
        security,
        headers: idempotencyHeaders,
        body: paymentInitRequestSchema,
        response: responses(paymentInitResponseSchema),
      },
    },
    async (request) =>
      ok(
        await payments.init(me(request), idempotencyKeyOf(request.headers['idempotency-key']), request.body),
      ),
  );

  app.get(
    paths.status,
    {
      schema: {
        tags,
        summary:
          "The payment's status (an open order is asked about at its gateway; the URL is never trusted)",
        security,
        querystring: paymentStatusQuerySchema,
        response: responses(paymentStatusResponseSchema),
      },
    },
    async (request) => ok(await payments.status(me(request), request.query)),
  );

  app.get(
    paths.history,
    {
      schema: {
        tags,
        summary: "The candidate's orders, newest first, with their refunds (optionally of one transaction)",
        security,
        querystring: paymentHistoryQuerySchema,
        response: responses(paymentHistoryResponseSchema),
      },
    },
    async (request) => ok(await payments.history(me(request), request.query)),
  );
};

const refundDetailSchema = paymentInfoSchema.shape.refundDetails.element;

/** POST /api/ops/orders/{orderId}/refunds: admin only, audited in ops_audit and payment_audit. */
export const paymentsOpsRouter: FastifyPluginAsyncZod<{
  payments: PaymentsService;
}> = async (app, { payments }) => {
  app.post(
    OPS_API_PATHS.refundsRoute,
    {
      schema: {
        tags: ['ops'],
        summary: 'Refunds part or all of a paid order (admin; header Idempotency-Key)',
        description:
          'At most what is left (paid − refunded), 196 otherwise; an order not paid 195; unknown 193. Sent to ' +
          'the gateway; pending until it confirms (webhook or reconciliation).',
        security: [{ opsBearer: [] }],
        params: z.object({ orderId: z.string().trim().min(1).max(100) }),
        headers: idempotencyHeaders,
        body: refundCreateRequestSchema,
        response: responses(refundDetailSchema),
      },
    },
    async (request) =>
      ok(
        await payments.createRefund(
          currentStaff(request),
          request.params.orderId,
          idempotencyKeyOf(request.headers['idempotency-key']),
          request.body,
          originOf(request),
        ),
      ),
  );
};

/**
 * POST /api/payments/webhooks/{provider}: the raw body is kept (signatures are over its bytes), so this
 * plugin replaces the app's JSON parser with one that keeps the Buffer.
 */
export const paymentWebhooksRouter: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post(
    GATEWAY_PATHS.webhookRoute,
    {
      schema: {
        tags,
        summary: "A gateway's webhook (signature checked on the raw body, then confirmed with the gateway)",
        params: z.object({ provider: z.string().trim().min(1).max(40) }),
        response: responses(z.object({ applied: z.boolean() })),
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return ok(await payments.webhook(request.params.provider, raw, request.headers));
    },
  );
};
