import { z } from 'zod';

/**
 * Payments (spec §3 "Payment/order info", §7 "Payments", issue 13). Every amount is an integer in the
 * currency's smallest unit (paise, cents); the server computes every figure, the client only shows them.
 */

/** Six provider identifiers (spec §3); the two ending in "-sdk" are card-SDK flows through /payment-redirect. */
export const PAYMENT_PROVIDERS = [
  'sandbox',
  'sandbox-sdk',
  'razorpay',
  'cashfree',
  'cashfree-sdk',
  'stripe',
] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
export const paymentProviderSchema = z.enum(PAYMENT_PROVIDERS);

/** India pays in INR, every other country in USD. */
export const PAYMENT_REGIONS = ['IN', 'INTL'] as const;
export type PaymentRegion = (typeof PAYMENT_REGIONS)[number];
export const paymentRegionSchema = z.enum(PAYMENT_REGIONS, {
  error: 'Please select the payment option first',
});

export const CURRENCIES = ['INR', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const currencySchema = z.enum(CURRENCIES);

/**
 * `superseded` (ADR 0023): the gateway took the money for an order that no longer matched the
 * transaction's quote (a priced change came first); it never submits and is refunded in full.
 */
export const ORDER_STATUSES = ['created', 'pending', 'success', 'failed', 'cancelled', 'superseded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** The status the candidate's screen polls (spec §4 "Payment status": Pending, Success, Failed). */
export const PAYMENT_STATUSES = ['PENDING', 'SUCCESS', 'FAILED', 'CANCELLED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

const idSchema = z.string().trim().min(1, 'Required').max(100);
const booleanQuery = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true');

/** GET {payment}/transactions/payment/region?orgId: the regions and the one to preselect. */
export const paymentRegionQuerySchema = z.object({ orgId: idSchema }).strict();
export const paymentRegionOptionSchema = z.object({
  region: paymentRegionSchema,
  currency: currencySchema,
  /** "India" / "Other countries"; the web shows its own translated label by `region`. */
  label: z.string(),
});
export const paymentRegionsResponseSchema = z.object({
  list: z.array(paymentRegionOptionSchema),
  /** From the candidate's country (profile, else the request's country); null when unknown. */
  preselected: paymentRegionSchema.nullable(),
});
export type PaymentRegionsResponse = z.infer<typeof paymentRegionsResponseSchema>;

/** GET {payment}/transactions/payment-option?orgId&txnId: the payment mode (spec §4 "Payment"). */
export const paymentModeQuerySchema = z.object({ orgId: idSchema, txnId: idSchema }).strict();
export const paymentModeResponseSchema = z.object({
  /** Some verifications cannot be fast-tracked: show the express warning first. */
  showWarning: z.boolean(),
  expressAllowed: z.boolean(),
  /** The fast-track fee in each currency, for /select-mode. */
  expressPrice: z.object({ INR: z.number().int(), USD: z.number().int() }).nullable(),
  /** Business days the fast-track guarantees (5). */
  expressBusinessDays: z.number().int(),
});
export type PaymentModeResponse = z.infer<typeof paymentModeResponseSchema>;

/** GET {payment}/transactions/payment/price?orgId&txnId&region&express: the quote, nothing stored. */
export const paymentPriceQuerySchema = z
  .object({
    orgId: idSchema,
    txnId: idSchema,
    region: paymentRegionSchema,
    express: booleanQuery.optional().default(false),
  })
  .strict();
export type PaymentPriceQuery = z.infer<typeof paymentPriceQuerySchema>;

/** GET {price}/{verification}/price (spec §7): the region is the candidate's choice, India by default. */
export const verificationPriceQuerySchema = z
  .object({
    orgId: idSchema,
    txnId: idSchema,
    region: paymentRegionSchema.optional().default('IN'),
    express: booleanQuery.optional().default(false),
  })
  .strict();
export type VerificationPriceQuery = z.infer<typeof verificationPriceQuerySchema>;
export const verificationPriceParamsSchema = z.object({
  /** The verification's name in the form, an added instance with its number (`bgv-degree~2`). */
  verification: z.string().trim().min(1).max(100),
});

export const paymentItemSchema = z.object({
  /** The verification instance key (`bgv-degree~2`) or `express`. */
  key: z.string(),
  label: z.string(),
  description: z.string(),
  price: z.number().int(),
  mrp: z.number().int(),
  /** An icon name the web knows (school, work, home, badge, bolt…); iconUrl when the org set one. */
  icon: z.string().nullable(),
  iconUrl: z.string().nullable(),
});
export type PaymentItem = z.infer<typeof paymentItemSchema>;

/** Spec §3 "Payment/order info": a quote before the order, and every order after. */
export const paymentInfoSchema = z.object({
  items: z.array(paymentItemSchema),
  /** Sum of the items' prices. */
  total: z.number().int(),
  /** 18% of the sum of credits (spec §9). */
  gst: z.number().int(),
  toPayBeforeGst: z.number().int(),
  toPay: z.number().int(),
  /** What the candidate paid (toPay once the order succeeded, else 0). */
  totalAmountPaid: z.number().int(),
  currency: currencySchema,
  /** ₹ for INR, else $. */
  currencySymbol: z.string(),
  /** Cart discount: amount off the total, mrpDiscount = sum of (mrp − price), percentage applied. */
  discount: z.object({ amount: z.number().int(), mrpDiscount: z.number().int(), percentage: z.number() }),
  /** The cart discount one could get: `percentage` at a cart value of at least minAmount[region]. */
  availableDiscount: z
    .object({
      percentage: z.number(),
      minAmount: z.record(z.string(), z.object({ currency: currencySchema, amount: z.number().int() })),
    })
    .nullable(),
  /** Percent off additional instances of a verification (the "Save {n}% on additional degrees" text). */
  additionalDiscountPercentage: z.number(),
  disclaimer: z.string().nullable(),
  verificationList: z.array(z.object({ key: z.string(), name: z.string(), credits: z.number().int() })),
  region: paymentRegionSchema,
  express: z.boolean(),
  provider: paymentProviderSchema.nullable(),
  org: z.object({ displayName: z.string(), imageUrl: z.string().nullable() }),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
  /** Null for a quote. */
  currentStatus: z.enum(PAYMENT_STATUSES).nullable(),
  /** The gateway's payment id once paid. */
  paymentId: z.string().nullable(),
  /** The candidate's transaction (form) id. */
  transactionId: z.string(),
  orgId: z.string(),
  /** Our order id (null for a quote). */
  orderId: z.string().nullable(),
  refundDetails: z.array(
    z.object({
      _id: z.string(),
      refundId: z.string().nullable(),
      reason: z.string(),
      amount: z.number().int(),
      status: z.enum(REFUND_STATUSES),
      createdAt: z.string(),
    }),
  ),
});
export type PaymentInfo = z.infer<typeof paymentInfoSchema>;

/** One verification's line of the transaction's quote: its price in the region's currency (spec §7). */
export const verificationPriceLineSchema = paymentItemSchema.extend({
  verificationName: z.string(),
  region: paymentRegionSchema,
  currency: currencySchema,
  currencySymbol: z.string(),
  /** Whether the transaction's quote has the line now (false: once the candidate submits it). */
  quoted: z.boolean(),
});
export type VerificationPriceLine = z.infer<typeof verificationPriceLineSchema>;

/** POST {payment}/transactions/payment/init; header Idempotency-Key (a retry answers the same order). */
export const paymentInitRequestSchema = z
  .object({
    orgId: idSchema,
    txnId: idSchema,
    region: paymentRegionSchema,
    express: z.boolean().default(false),
    phoneNumber: z
      .string()
      .trim()
      .regex(/^\+?\d{6,15}$/, 'Enter a valid phone number')
      .optional(),
  })
  .strict();
export type PaymentInitRequest = z.infer<typeof paymentInitRequestSchema>;
/** Spec §3 "Payment start response". */
export const paymentInitResponseSchema = z.object({
  provider: paymentProviderSchema,
  orderId: z.string(),
  redirectInfo: z.object({ web: z.string() }),
  /** Card-SDK providers: the session the product's /payment-redirect page opens. */
  paymentSessionId: z.string().nullable(),
  environment: z.enum(['sandbox', 'production']),
});
export type PaymentInitResponse = z.infer<typeof paymentInitResponseSchema>;

/** GET {payment}/transactions/payment?orgId&txnId[&orderId]: asks the gateway, never the query string. */
export const paymentStatusQuerySchema = z
  .object({ orgId: idSchema, txnId: idSchema, orderId: idSchema.optional() })
  .strict();
export const paymentStatusResponseSchema = z.object({
  currentStatus: z.enum(PAYMENT_STATUSES),
  orderId: z.string().nullable(),
  /**
   * Set when this order no longer pays for the transaction's verifications (ADR 0023: they changed after
   * it was opened): the amount to pay now, and what this order took that is refunded (0 when nothing was
   * taken). Null otherwise.
   */
  superseded: z
    .object({ toPay: z.number().int(), currency: currencySchema, refund: z.number().int() })
    .nullable()
    .default(null),
});
export type PaymentStatusResponse = z.infer<typeof paymentStatusResponseSchema>;

/** GET {payment}/transactions/payment/history?seed&count[&orgId&txnId]: the candidate's orders, newest first. */
export const paymentHistoryQuerySchema = z
  .object({
    seed: z.coerce.number().int().min(0).default(0),
    count: z.coerce.number().int().min(1).max(100).default(10),
    orgId: idSchema.optional(),
    txnId: idSchema.optional(),
  })
  .strict();
export const paymentHistoryResponseSchema = z.object({
  list: z.array(paymentInfoSchema),
  total: z.number().int(),
});
export type PaymentHistoryResponse = z.infer<typeof paymentHistoryResponseSchema>;

/** POST /api/ops/orders/{orderId}/refunds (admin); header Idempotency-Key. */
export const refundCreateRequestSchema = z
  .object({
    /** Smallest unit; at most what is left to refund. */
    amount: z.number().int().positive('Enter an amount greater than 0'),
    reason: z.string().trim().min(1, 'Required').max(500),
  })
  .strict();
export type RefundCreateRequest = z.infer<typeof refundCreateRequestSchema>;

/** The embedded sandbox gateway's webhook (server README, "Sandbox webhook"). */
export const SANDBOX_EVENT_TYPES = ['payment.succeeded', 'payment.failed', 'refund.processed'] as const;
export const sandboxWebhookSchema = z
  .object({
    id: z.string().min(1).max(100),
    type: z.enum(SANDBOX_EVENT_TYPES),
    /** The sandbox's order id (the gateway order id we stored). */
    orderId: z.string().min(1).max(100),
    paymentId: z.string().min(1).max(100),
    /** Present on refund.processed. */
    refundId: z.string().min(1).max(100).optional(),
    amount: z.number().int().nonnegative(),
    currency: currencySchema,
    createdAt: z.string(),
  })
  .strict();
export type SandboxWebhook = z.infer<typeof sandboxWebhookSchema>;
