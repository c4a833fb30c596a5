import { z } from 'zod';
import { STATES } from '../constants/states.js';
import { insufficiencyDocumentSchema } from './verification.js';

/**
 * The verification team's API under /api/ops (ADR 0019 auth, ADR 0020 the insufficiency history).
 * Separate from every candidate schema: an ops token is not a candidate token.
 */

export const STAFF_ROLES = ['admin', 'verifier'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const staffRoleSchema = z.enum(STAFF_ROLES);

const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email('Enter a valid e-mail address'));

/** POST /api/ops/auth/sign-in: e-mail and password; a 6-digit code is then e-mailed. */
export const opsSignInRequestSchema = z
  .object({ email: emailSchema, password: z.string().min(1, 'Required').max(1024) })
  .strict();
export type OpsSignInRequest = z.infer<typeof opsSignInRequestSchema>;
export const opsSignInResponseSchema = z.object({
  /** Names the code that was sent; the verify call quotes it. */
  challengeId: z.string(),
  maskedEmail: z.string(),
  /** Seconds the code lives. */
  expiresIn: z.number().int(),
});
export type OpsSignInResponse = z.infer<typeof opsSignInResponseSchema>;

/** POST /api/ops/auth/verify-code: the e-mailed code; answers the ops access token. */
export const opsVerifyCodeRequestSchema = z
  .object({
    challengeId: z.string().trim().min(1).max(100),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'Enter the 6-digit code'),
  })
  .strict();
export type OpsVerifyCodeRequest = z.infer<typeof opsVerifyCodeRequestSchema>;

export const staffSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
});
export type Staff = z.infer<typeof staffSchema>;

export const opsSessionSchema = z.object({
  accessToken: z.string(),
  /** Seconds the access token lives; sign in again after. */
  expiresIn: z.number().int(),
  staff: staffSchema,
});
export type OpsSession = z.infer<typeof opsSessionSchema>;

/** GET /api/ops/audit?seed&count (admin): newest first. */
export const opsAuditQuerySchema = z.object({
  seed: z.coerce.number().int().min(0).default(0),
  count: z.coerce.number().int().min(1).max(200).default(50),
});
export const opsAuditEntrySchema = z.object({
  id: z.number().int(),
  staffId: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  at: z.string(),
});
export type OpsAuditEntry = z.infer<typeof opsAuditEntrySchema>;
export const opsAuditListSchema = z.object({ list: z.array(opsAuditEntrySchema), total: z.number().int() });

const verificationNameSchema = z.string().trim().min(1, 'Required').max(100);
const reasonSchema = z.string().trim().min(1, 'Give a reason').max(1000);

/**
 * POST /api/ops/transactions/{txnId}/decisions: move one verification along its state machine
 * (ADR 0007). INSUFFICIENT_DATA asks the candidate for documents; FAILED needs a reason.
 */
export const opsDecisionRequestSchema = z.discriminatedUnion('state', [
  z.object({ verificationName: verificationNameSchema, state: z.literal('IN_PROGRESS') }).strict(),
  z.object({ verificationName: verificationNameSchema, state: z.literal('COMPLETED') }).strict(),
  z
    .object({ verificationName: verificationNameSchema, state: z.literal('FAILED'), reason: reasonSchema })
    .strict(),
  z
    .object({
      verificationName: verificationNameSchema,
      state: z.literal('INSUFFICIENT_DATA'),
      reason: reasonSchema,
      documents: z
        .array(insufficiencyDocumentSchema)
        .min(1, 'Ask for at least one document')
        .max(10)
        .refine(
          (docs) => new Set(docs.map((d) => d.key)).size === docs.length,
          'Each document needs its own key',
        ),
    })
    .strict(),
  z
    .object({
      verificationName: verificationNameSchema,
      state: z.literal('CLOSED'),
      reason: reasonSchema.optional(),
    })
    .strict(),
]);
export type OpsDecisionRequest = z.infer<typeof opsDecisionRequestSchema>;

const stateSchema = z.enum(STATES);

/** One insufficiency round of a verification: what was asked, by whom, and what the candidate gave. */
export const insufficiencyRoundSchema = z.object({
  id: z.string(),
  verificationName: z.string(),
  reason: z.string(),
  documents: z.array(z.object({ key: z.string(), label: z.string() })),
  raisedBy: z.string().nullable(),
  raisedAt: z.string(),
  answeredAt: z.string().nullable(),
  answers: z.array(z.object({ key: z.string(), fileId: z.string(), answeredAt: z.string() })),
});
export type InsufficiencyRound = z.infer<typeof insufficiencyRoundSchema>;

export const opsDecisionResponseSchema = z.object({
  txnId: z.string(),
  transactionState: stateSchema,
  verificationName: z.string(),
  state: stateSchema,
  openInsufficiency: insufficiencyRoundSchema.nullable(),
});
export type OpsDecisionResponse = z.infer<typeof opsDecisionResponseSchema>;

/** GET /api/ops/transactions/{txnId}/insufficiencies: every round of every verification, oldest first. */
export const insufficiencyHistorySchema = z.object({
  txnId: z.string(),
  list: z.array(insufficiencyRoundSchema),
});
export type InsufficiencyHistory = z.infer<typeof insufficiencyHistorySchema>;
