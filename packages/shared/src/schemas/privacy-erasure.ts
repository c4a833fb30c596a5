import { z } from 'zod';

/**
 * The candidate's right to erasure (issue 29, ADR 0049 "Erasure"): a request carried out by a job once
 * its week has passed, and what is kept, per category, with the period and the reason.
 */
export const ERASURE_DELAY_DAYS = 7;

export const erasureStatusSchema = z.enum(['requested', 'held', 'done']);
export type ErasureStatus = z.infer<typeof erasureStatusSchema>;

/** What erasure keeps (ADR 0049): each category is a sentence of the candidate's language. */
export const ERASURE_KEPT_CATEGORIES = ['payments', 'consent', 'access_logs', 'disputed'] as const;
export const erasureKeptCategorySchema = z.enum(ERASURE_KEPT_CATEGORIES);
export type ErasureKeptCategory = z.infer<typeof erasureKeptCategorySchema>;

export const erasureKeptSchema = z.object({
  category: erasureKeptCategorySchema,
  /** How long it is kept, in years; null: not purged (the consent ledger) or until the dispute ends. */
  years: z.number().int().positive().nullable(),
  /** What it holds, in English (the web renders its own catalogue's sentence by `category`). */
  what: z.string(),
  /** Why it is kept (the law or the dispute), in English. */
  why: z.string(),
});
export type ErasureKept = z.infer<typeof erasureKeptSchema>;

/** Why an erasure was made: the candidate asked, or the candidate turned out to be under 18. */
export const erasureOriginSchema = z.enum(['candidate', 'minor']);

/** The state-change action of a request stopped because its verified date of birth is under 18. */
export const REFUSED_UNDER_18_ACTION = 'refused-under-18';

export const erasureRequestSchema = z.object({
  id: z.string().uuid(),
  status: erasureStatusSchema,
  origin: erasureOriginSchema,
  requestedAt: z.string(),
  /** When the job carries it out (requestedAt + ERASURE_DELAY_DAYS). */
  dueAt: z.string(),
  doneAt: z.string().nullable(),
  /** Why it waits (status held): the live dispute, in English. */
  heldReason: z.string().nullable(),
  kept: z.array(erasureKeptSchema),
});
export type ErasureRequest = z.infer<typeof erasureRequestSchema>;

/** GET: the candidate's open (or last) request, or null when there is none. */
export const erasureStatusResponseSchema = z.object({ request: erasureRequestSchema.nullable() });
export type ErasureStatusResponse = z.infer<typeof erasureStatusResponseSchema>;

/** An admin's legal hold on a candidate's erasure (a live dispute): set with a reason, or released. */
export const legalHoldRequestSchema = z.object({
  profileId: z.string().uuid(),
  reason: z.string().trim().min(5, 'Say why, in at least 5 characters').max(500),
});
export type LegalHoldRequest = z.infer<typeof legalHoldRequestSchema>;
export const legalHoldReleaseSchema = z.object({ profileId: z.string().uuid() });
export const legalHoldSchema = z.object({
  profileId: z.string().uuid(),
  reason: z.string(),
  setBy: z.string(),
  setAt: z.string(),
});
export type LegalHold = z.infer<typeof legalHoldSchema>;
export const legalHoldReleasedSchema = z.object({ profileId: z.string().uuid(), released: z.boolean() });
