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
