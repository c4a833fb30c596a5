import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  db: z.enum(['pglite', 'postgres']),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const outboxQuerySchema = z.object({ to: z.string().trim().min(1).max(254).optional() });
export const outboxMessageSchema = z.object({
  /** sandbox: what an embedded identity provider shows a person (the Aadhaar sandbox's captcha answer). */
  channel: z.enum(['sms', 'whatsapp', 'email', 'sandbox']),
  to: z.string(),
  body: z.string(),
  otp: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export const outboxResponseSchema = z.object({ list: z.array(outboxMessageSchema) });

export const demoResponseSchema = z.object({
  orgId: z.string(),
  formId: z.string(),
  link: z.string(),
  /** The paid demo form (issue 13) and its candidate link. */
  paidFormId: z.string(),
  paidLink: z.string(),
});
export type DemoResponse = z.infer<typeof demoResponseSchema>;

/**
 * POST /api/dev/org-invoices (dev tools only): the monthly invoice job for `period` without waiting for the
 * month to end, so a developer or a browser test sees the invoice of the usage just made (ADR 0047).
 */
export const devOrgInvoicesRequestSchema = z
  .object({
    period: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month as YYYY-MM')
      .optional(),
  })
  .strict();
export const devOrgInvoicesResponseSchema = z.object({ period: z.string(), issued: z.number().int() });

/**
 * POST /api/dev/privacy/erase-now (dev tools only): the candidate's open erasure request made due now and
 * the erasure job run until it is done or held, so a browser test sees the week's result (issue 29).
 */
export const devEraseNowRequestSchema = z.object({ mobile: z.string().regex(/^\d{10}$/) }).strict();
export const devEraseNowResponseSchema = z.object({
  profileId: z.string(),
  status: z.enum(['requested', 'held', 'done']),
});

/**
 * POST /api/dev/privacy/search (dev tools only): every text column of every table and every stored object
 * searched for each needle (and each base64 byte string in storage), as the erasure check of issue 29 does.
 */
export const devPersonalDataSearchRequestSchema = z
  .object({
    needles: z.array(z.string().min(3).max(200)).min(1).max(20),
    bytes: z.array(z.string().max(20_000_000)).max(5).default([]),
  })
  .strict();
export const devPersonalDataSearchResponseSchema = z.object({
  hits: z.array(
    z.object({
      needle: z.string(),
      table: z.string().optional(),
      column: z.string().optional(),
      rows: z.number().int().optional(),
      objectKey: z.string().optional(),
    }),
  ),
});
