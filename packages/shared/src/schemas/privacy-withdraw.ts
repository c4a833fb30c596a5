import { z } from 'zod';
import { STATES } from '../constants/states.js';
import { privacyPurposeSchema } from './privacy.js';

/**
 * Withdrawing consent (issue 29, ADR 0049 "The consent ledger", its last paragraph): the candidate's
 * requests with the purposes their consent grants now, and a withdrawal per purpose with its effects.
 */

/** The state-change action of a verification or request closed because the candidate withdrew. */
export const WITHDRAWN_BY_CANDIDATE_ACTION = 'withdrawn-by-candidate';

/** One purpose of a request as it stands now. */
export const privacyRequestPurposeSchema = z.object({
  purpose: privacyPurposeSchema,
  granted: z.boolean(),
  /** `verify` and `report_organisation`: withdrawing one stops the request. */
  required: z.boolean(),
  /** The last entry that named it: consent, refusal or withdrawal. */
  action: z.enum(['consent', 'refuse', 'withdraw']),
  at: z.string(),
});
export type PrivacyRequestPurpose = z.infer<typeof privacyRequestPurposeSchema>;

/** One of the candidate's requests whose consent the ledger holds. */
export const privacyRequestSchema = z.object({
  txnId: z.string(),
  orgName: z.string(),
  formName: z.string(),
  state: z.enum(STATES),
  /** When the candidate last consented to it (null: only refusals or withdrawals are recorded). */
  consentedAt: z.string().nullable(),
  purposes: z.array(privacyRequestPurposeSchema),
});
export type PrivacyRequest = z.infer<typeof privacyRequestSchema>;

/** GET PRIVACY_WITHDRAW_PATHS.consents: newest consent first. */
export const privacyRequestListSchema = z.object({ requests: z.array(privacyRequestSchema) });
export type PrivacyRequestList = z.infer<typeof privacyRequestListSchema>;

/** POST PRIVACY_WITHDRAW_PATHS.withdraw. */
export const withdrawConsentRequestSchema = z.object({
  txnId: z.uuid('A request id is a UUID'),
  purposes: z
    .array(privacyPurposeSchema)
    .min(1, 'Name at least one purpose')
    .max(5)
    .refine((list) => new Set(list).size === list.length, 'Name each purpose once'),
});
export type WithdrawConsentRequest = z.infer<typeof withdrawConsentRequestSchema>;

/** What a withdrawal did; a repeat withdraws nothing new and finishes any effect left undone. */
export const withdrawConsentResponseSchema = z.object({
  txnId: z.string(),
  /** The organisation that keeps the reports it already received (a fiduciary in its own right). */
  organisation: z.string(),
  /** Withdrawn by this call (a ledger entry); `alreadyWithdrawn`: by an earlier one. */
  withdrawn: z.array(privacyPurposeSchema),
  alreadyWithdrawn: z.array(privacyPurposeSchema),
  effects: z.object({
    /** The request moved to CLOSED now (false: it had ended already, or it goes on). */
    requestClosed: z.boolean(),
    verificationsClosed: z.number().int().nonnegative(),
    institutionRequestsWithdrawn: z.number().int().nonnegative(),
    credentialsRemoved: z.number().int().nonnegative(),
  }),
  request: privacyRequestSchema,
});
export type WithdrawConsentResponse = z.infer<typeof withdrawConsentResponseSchema>;
