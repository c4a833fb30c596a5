/** The payment answers' schemas, loaded with their request (LazySchema, lib/api/base-query.ts; issue 31 §2). */
export {
  paymentHistoryResponseSchema,
  paymentInfoSchema,
  paymentInitResponseSchema,
  paymentRegionsResponseSchema,
  paymentStatusResponseSchema,
} from '@veridocs/shared';
