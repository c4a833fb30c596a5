import { z } from 'zod';

/**
 * The candidate's correction requests and grievance tickets (issue 29, ADR 0049; DPDP Act ss. 12, 13):
 * filed from the wallet, answered by the team in the console with an outcome and a text.
 */

/** The DPDP Rules 2025 give the grievance officer at most 90 days; corrections are held to the same. */
export const PRIVACY_REQUEST_DUE_DAYS = 90;
/** Open requests a candidate may have at once (both kinds together), against abuse. */
export const PRIVACY_REQUEST_MAX_OPEN = 10;
/** Longest texts, in characters. */
export const PRIVACY_REQUEST_SUBJECT_MAX = 200;
export const PRIVACY_REQUEST_TEXT_MAX = 4000;
export const PRIVACY_REQUEST_ANSWER_MAX = 4000;

/**
 * The candidate's forms' validation messages, by key: the web app shows each in the reader's language
 * (its catalogue's `v_<key>`).
 */
export const PRIVACY_REQUEST_MESSAGES = {
  textMin: 'Say which data is wrong, in at least 5 characters',
  proposedMin: 'Say what it should be',
  textMax: 'Keep it under 4000 characters',
  txnRequired: 'Choose the request this answer or document belongs to',
  subjectMin: 'Give a subject of at least 3 characters',
  subjectMax: 'Keep the subject under 200 characters',
  grievanceMin: 'Describe your grievance in at least 10 characters',
} as const;
const M = PRIVACY_REQUEST_MESSAGES;

export const PRIVACY_REQUEST_KINDS = ['correction', 'grievance'] as const;
export const privacyTicketKindSchema = z.enum(PRIVACY_REQUEST_KINDS);
export type PrivacyTicketKind = z.infer<typeof privacyTicketKindSchema>;

export const PRIVACY_REQUEST_STATUSES = ['open', 'answered', 'closed'] as const;
/** open → answered (the team's outcome and answer) or closed (the candidate withdrew it, or erasure). */
export const privacyTicketStatusSchema = z.enum(PRIVACY_REQUEST_STATUSES);
export type PrivacyTicketStatus = z.infer<typeof privacyTicketStatusSchema>;

/** Which data is wrong: a profile field, or a request's answer or document (with the request). */
export const CORRECTION_CATEGORIES = [
  'name',
  'date_of_birth',
  'contact',
  'answer',
  'document',
  'other',
] as const;
export const correctionCategorySchema = z.enum(CORRECTION_CATEGORIES);
export type CorrectionCategory = z.infer<typeof correctionCategorySchema>;

/** The team's outcome: a correction is corrected or refused, a grievance resolved or rejected. */
export const PRIVACY_REQUEST_OUTCOMES = {
  correction: ['corrected', 'refused'],
  grievance: ['resolved', 'rejected'],
} as const;
export const privacyTicketOutcomeSchema = z.enum(['corrected', 'refused', 'resolved', 'rejected']);
export type PrivacyTicketOutcome = z.infer<typeof privacyTicketOutcomeSchema>;

const optionalTxn = z
  .union([z.uuid('Choose one of your requests'), z.literal('')])
  .optional()
  .transform((v) => (v ? v : null));

/** POST PRIVACY_REQUEST_PATHS.corrections. */
export const correctionInputSchema = z
  .object({
    category: correctionCategorySchema,
    /** The request whose answer or document is wrong (required for those categories). */
    txnId: optionalTxn,
    /** Which data is wrong, in the candidate's words. */
    text: z.string().trim().min(5, M.textMin).max(PRIVACY_REQUEST_TEXT_MAX, M.textMax),
    /** What it should be. */
    proposed: z.string().trim().min(1, M.proposedMin).max(PRIVACY_REQUEST_TEXT_MAX, M.textMax),
  })
  .refine((v) => !(v.category === 'answer' || v.category === 'document') || v.txnId !== null, {
    path: ['txnId'],
    message: M.txnRequired,
  });
export type CorrectionInput = z.input<typeof correctionInputSchema>;

/** POST PRIVACY_REQUEST_PATHS.grievances. */
export const grievanceInputSchema = z.object({
  subject: z.string().trim().min(3, M.subjectMin).max(PRIVACY_REQUEST_SUBJECT_MAX, M.subjectMax),
  text: z.string().trim().min(10, M.grievanceMin).max(PRIVACY_REQUEST_TEXT_MAX, M.textMax),
  /** The request it concerns, if any. */
  txnId: optionalTxn,
});
export type GrievanceInput = z.input<typeof grievanceInputSchema>;

/** One request as the candidate sees it. */
export const privacyTicketSchema = z.object({
  id: z.uuid(),
  /** COR-000012 or GRV-000013: what the candidate quotes. */
  reference: z.string(),
  kind: privacyTicketKindSchema,
  category: correctionCategorySchema.nullable(),
  txnId: z.string().nullable(),
  /** "Organisation — form" of the request it concerns. */
  requestLabel: z.string().nullable(),
  subject: z.string().nullable(),
  text: z.string(),
  proposed: z.string().nullable(),
  status: privacyTicketStatusSchema,
  createdAt: z.string(),
  dueAt: z.string(),
  outcome: privacyTicketOutcomeSchema.nullable(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
});
export type PrivacyTicket = z.infer<typeof privacyTicketSchema>;

/** One of the candidate's requests (forms), to choose what a correction or grievance concerns. */
export const privacyTicketChoiceSchema = z.object({
  txnId: z.string(),
  orgName: z.string(),
  formName: z.string(),
});
export type PrivacyTicketChoice = z.infer<typeof privacyTicketChoiceSchema>;

export const grievanceOfficerSchema = z.object({ name: z.string(), email: z.string(), phone: z.string() });
export type GrievanceOfficer = z.infer<typeof grievanceOfficerSchema>;

/** GET PRIVACY_REQUEST_PATHS.requests: the candidate's own, newest first, with what the forms need. */
export const privacyTicketListSchema = z.object({
  requests: z.array(privacyTicketSchema),
  choices: z.array(privacyTicketChoiceSchema),
  officer: grievanceOfficerSchema,
  dueDays: z.number().int(),
  maxOpen: z.number().int(),
});
export type PrivacyTicketList = z.infer<typeof privacyTicketListSchema>;

export const privacyTicketIdParamsSchema = z.object({ requestId: z.uuid('A request id is a UUID') });

/** GET PRIVACY_REQUEST_PATHS.opsList: filters. */
export const privacyTicketOpsQuerySchema = z.object({
  kind: privacyTicketKindSchema.optional(),
  status: privacyTicketStatusSchema.optional(),
});
export type PrivacyTicketOpsQuery = z.infer<typeof privacyTicketOpsQuerySchema>;

/** One request as the team sees it: the candidate's reference besides. */
export const privacyTicketOpsSchema = privacyTicketSchema.extend({
  profileId: z.string(),
  candidateName: z.string().nullable(),
  /** Still open past its due date. */
  overdue: z.boolean(),
  answeredBy: z.string().nullable(),
});
export type PrivacyTicketOps = z.infer<typeof privacyTicketOpsSchema>;
export const privacyTicketOpsListSchema = z.object({ list: z.array(privacyTicketOpsSchema) });
export type PrivacyTicketOpsList = z.infer<typeof privacyTicketOpsListSchema>;

/** POST PRIVACY_REQUEST_PATHS.opsAnswer. */
export const privacyTicketAnswerSchema = z.object({
  outcome: privacyTicketOutcomeSchema,
  answer: z
    .string()
    .trim()
    .min(10, 'Write the answer to the candidate, at least 10 characters (a refusal says why)')
    .max(PRIVACY_REQUEST_ANSWER_MAX, `Keep the answer under ${PRIVACY_REQUEST_ANSWER_MAX} characters`),
});
export type PrivacyTicketAnswer = z.infer<typeof privacyTicketAnswerSchema>;
