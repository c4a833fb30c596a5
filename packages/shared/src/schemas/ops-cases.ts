import { verifiedAtSourceSchema } from './sources.js';
import { z } from 'zod';
import { STATES } from '../constants/states.js';
import { documentIssueSchema, uploadStateSchema } from './files.js';
import { insufficiencyRoundSchema } from './ops.js';

/**
 * The verification team's queues and case view (issue 14): the console's reads and its lock and
 * assignment calls under /api/ops. Shared by the server (response schemas) and apps/console.
 */

const stateSchema = z.enum(STATES);
const idSchema = z.string().trim().min(1).max(100);

/**
 * The four queues a transaction is in, derived from its state and its verifications' states:
 * - new: submitted, nobody has started it;
 * - in_progress: at least one verification is being worked, none waits for the candidate, some undecided;
 * - action_required: waiting for the candidate (a verification INSUFFICIENT_DATA);
 * - ready_to_close: every verification decided (COMPLETED, FAILED, CLOSED or skipped) but the
 *   transaction is not yet terminal.
 * Transactions not submitted yet, and terminal ones, are in no queue (`queue` null).
 */
export const OPS_QUEUES = ['new', 'in_progress', 'action_required', 'ready_to_close'] as const;
export type OpsQueue = (typeof OPS_QUEUES)[number];
export const opsQueueSchema = z.enum(OPS_QUEUES);

const isoDate = z.iso.date('Use the date format YYYY-MM-DD');

/**
 * GET /api/ops/cases: one queue, fast-track first, then the nearest deadline, then the oldest.
 * Keyset paging: `cursor` is the opaque `nextCursor` of the previous page.
 */
export const opsCaseListQuerySchema = z
  .object({
    queue: opsQueueSchema.default('new'),
    orgId: idSchema.optional(),
    formId: idSchema.optional(),
    /** A verification's state (the transaction is listed when one of its verifications is in it). */
    state: stateSchema.optional(),
    /** A verification category (education, employment, identification, address...). */
    verificationType: idSchema.optional(),
    /** Submitted on or after / before or on (dates in UTC). */
    from: isoDate.optional(),
    to: isoDate.optional(),
    /** A name, a mobile number (digits) or a transaction id. */
    q: z.string().trim().min(1).max(100).optional(),
    cursor: z.string().trim().min(1).max(500).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();
export type OpsCaseListQuery = z.infer<typeof opsCaseListQuerySchema>;

export const opsAssigneeSchema = z.object({ staffId: z.string(), name: z.string() });

export const opsCaseSummarySchema = z.object({
  txnId: z.string(),
  candidateName: z.string().nullable(),
  /** Masked but for the last 4 digits, as 98XXXXX210 is not needed to triage. */
  mobileMasked: z.string(),
  orgId: z.string(),
  orgName: z.string(),
  formId: z.string(),
  formName: z.string(),
  state: stateSchema,
  queue: opsQueueSchema.nullable(),
  fastTrack: z.boolean(),
  /** The expected completion date the candidate sees (ISO), null before submission. */
  deadline: z.string().nullable(),
  submittedAt: z.string().nullable(),
  verificationCount: z.number().int(),
  assignee: opsAssigneeSchema.nullable(),
});
export type OpsCaseSummary = z.infer<typeof opsCaseSummarySchema>;

export const opsCaseListSchema = z.object({
  list: z.array(opsCaseSummarySchema),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
});
export type OpsCaseList = z.infer<typeof opsCaseListSchema>;

/** One document of a verification, as the case view shows it inline (file bytes: `fileUrl`). */
export const opsCaseDocumentSchema = z.object({
  fileId: z.string(),
  /** The field of the verification's data it belongs to, or the insufficiency document key. */
  fieldKey: z.string().nullable(),
  originalName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  pageCount: z.number().int().nullable(),
  state: uploadStateSchema,
  /** Quality findings of the upload checks (blur, glare, wrong name...). */
  issues: z.array(documentIssueSchema),
  ocrStatus: z.string(),
  /** The recognised text, trimmed to what the case view shows (null: none). */
  ocrText: z.string().nullable(),
  /** GET with the ops token; `?download=1` for an attachment. */
  fileUrl: z.string(),
  uploadedAt: z.string(),
});
export type OpsCaseDocument = z.infer<typeof opsCaseDocumentSchema>;

export const opsVerificationLockSchema = z.object({
  staffId: z.string(),
  name: z.string(),
  /** ISO; the lock lapses then unless renewed. */
  expiresAt: z.string(),
});
export type OpsVerificationLock = z.infer<typeof opsVerificationLockSchema>;

export const opsCaseVerificationSchema = z.object({
  name: z.string(),
  /** The verification's label from its config (e.g. "Degree", "12th"). */
  label: z.string(),
  category: z.string(),
  subType: z.string().nullable(),
  state: stateSchema,
  markedAsSkip: z.boolean(),
  /** The candidate's submitted data: field key → label and displayed value. */
  fields: z.array(z.object({ key: z.string(), label: z.string(), value: z.string() })),
  documents: z.array(opsCaseDocumentSchema),
  insufficiencies: z.array(insufficiencyRoundSchema),
  lock: opsVerificationLockSchema.nullable(),
  updatedAt: z.string(),
  /** Completed at its source (an issuer's document, an institution's answer): the record's mark. */
  verifiedAtSource: verifiedAtSourceSchema.nullable().optional(),
});
export type OpsCaseVerification = z.infer<typeof opsCaseVerificationSchema>;

export const opsCaseSchema = z.object({
  txnId: z.string(),
  state: stateSchema,
  queue: opsQueueSchema.nullable(),
  fastTrack: z.boolean(),
  deadline: z.string().nullable(),
  submittedAt: z.string().nullable(),
  createdAt: z.string(),
  assignee: opsAssigneeSchema.nullable(),
  candidate: z.object({
    profileId: z.string(),
    name: z.string().nullable(),
    /** The verified name (identity), when it differs from the profile's. */
    verifiedName: z.string().nullable(),
    mobile: z.string(),
    email: z.string().nullable(),
    dateOfBirth: z.string().nullable(),
  }),
  organisation: z.object({ id: z.string(), name: z.string() }),
  form: z.object({ id: z.string(), name: z.string() }),
  /** The identity result: how it was proved and what was found (no full Aadhaar number). */
  identity: z
    .object({
      method: z.enum(['aadhaar', 'passport']),
      state: stateSchema,
      name: z.string().nullable(),
      /** Last 4 digits of the Aadhaar number, or the passport number. */
      documentNumber: z.string().nullable(),
      verifiedAt: z.string().nullable(),
    })
    .nullable(),
  evaluationPartner: z
    .object({
      provider: z.string(),
      reference: z.string(),
      emailMasked: z.string().nullable(),
      validatedAt: z.string().nullable(),
    })
    .nullable(),
  payments: z.array(
    z.object({
      orderId: z.string(),
      status: z.string(),
      amount: z.number().int(),
      currency: z.string(),
      provider: z.string(),
      express: z.boolean(),
      createdAt: z.string(),
      refunds: z.array(
        z.object({
          id: z.string(),
          amount: z.number().int(),
          status: z.string(),
          reason: z.string(),
          createdAt: z.string(),
        }),
      ),
    }),
  ),
  verifications: z.array(opsCaseVerificationSchema),
  /** State changes of the transaction and its verifications, newest first. */
  timeline: z.array(
    z.object({
      at: z.string(),
      entity: z.enum(['transaction', 'verification']),
      verificationName: z.string().nullable(),
      fromState: stateSchema.nullable(),
      toState: stateSchema,
      action: z.string(),
    }),
  ),
  /**
   * When the retention purge deleted the closed request's results (answers, verification data, report,
   * credentials; ADR 0049, `RETENTION_RESULTS_DAYS`); null while they are kept.
   */
  resultsPurgedAt: z.string().nullable(),
});
export type OpsCase = z.infer<typeof opsCaseSchema>;

/** POST /api/ops/cases/{txnId}/assign: `staffId` null unassigns; omitted assigns to oneself. */
export const opsAssignRequestSchema = z.object({ staffId: idSchema.nullable().optional() }).strict();
export type OpsAssignRequest = z.infer<typeof opsAssignRequestSchema>;

/**
 * POST /api/ops/cases/{txnId}/verifications/{name}/lock: take or renew the lock (5 minutes); DELETE
 * releases it. Another's live lock: 220 with `data.lock` (who holds it, until when). A decision on a
 * verification another holds is refused the same way.
 */
export const opsLockResponseSchema = z.object({
  verificationName: z.string(),
  lock: opsVerificationLockSchema,
});
export type OpsLockResponse = z.infer<typeof opsLockResponseSchema>;

/** PUT /api/ops/cases/{txnId}/expected-date: the completion date the candidate sees (today or later). */
export const opsExpectedDateRequestSchema = z.object({ date: isoDate }).strict();
export type OpsExpectedDateRequest = z.infer<typeof opsExpectedDateRequestSchema>;

/** The answer of POST /api/ops/cases/{txnId}/assign: who the case is assigned to now. */
export const opsAssignResponseSchema = z.object({
  txnId: z.string(),
  assignee: opsAssigneeSchema.nullable(),
});
export type OpsAssignResponse = z.infer<typeof opsAssignResponseSchema>;

/** The answer of DELETE …/lock: whether this call released a lock the caller held. */
export const opsLockReleaseResponseSchema = z.object({
  verificationName: z.string(),
  released: z.boolean(),
});
export type OpsLockReleaseResponse = z.infer<typeof opsLockReleaseResponseSchema>;

/** The answer of PUT …/expected-date: the deadline now stored (ISO, midnight UTC of the date). */
export const opsExpectedDateResponseSchema = z.object({ txnId: z.string(), deadline: z.string() });
export type OpsExpectedDateResponse = z.infer<typeof opsExpectedDateResponseSchema>;
