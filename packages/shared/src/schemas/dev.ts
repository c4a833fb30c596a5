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
