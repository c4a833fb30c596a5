import { z } from 'zod';
import { mobileSchema, profileNameSchema } from './auth.js';

/**
 * Nomination (issue 29, DPDP Act 2023 s. 14, ADR 0049): the one person a candidate names to exercise
 * their rights on their behalf in the event of their death or incapacity. Every change is kept, with
 * its time; the team sees the current nominee to check one who writes in.
 */
export const NOMINEE_RELATIONSHIPS = [
  'spouse',
  'parent',
  'child',
  'sibling',
  'relative',
  'friend',
  'other',
] as const;
export const nomineeRelationshipSchema = z.enum(NOMINEE_RELATIONSHIPS, {
  error: 'Choose how the nominee is related to you',
});
export type NomineeRelationship = z.infer<typeof nomineeRelationshipSchema>;

const EMAIL_MESSAGE = 'Enter a valid e-mail address, or leave it empty';

/** PUT body: names the nominee, or replaces the one named. An empty e-mail means none. */
export const nominationRequestSchema = z.object({
  name: profileNameSchema,
  relationship: nomineeRelationshipSchema,
  mobile: mobileSchema,
  email: z
    .string({ error: EMAIL_MESSAGE })
    .trim()
    .toLowerCase()
    .max(254, EMAIL_MESSAGE)
    .refine((v) => v === '' || z.email().safeParse(v).success, EMAIL_MESSAGE)
    .optional(),
});
export type NominationRequest = z.infer<typeof nominationRequestSchema>;

export const nomineeSchema = z.object({
  name: z.string(),
  relationship: nomineeRelationshipSchema,
  mobile: z.string(),
  email: z.string().nullable(),
  /** When this nominee was named (ISO time). */
  since: z.string(),
});
export type Nominee = z.infer<typeof nomineeSchema>;

export const nominationActionSchema = z.enum(['named', 'changed', 'removed']);
export type NominationAction = z.infer<typeof nominationActionSchema>;

/** One change, newest first in the history: who was named (null when removed) and when. */
export const nominationHistoryEntrySchema = z.object({
  action: nominationActionSchema,
  name: z.string().nullable(),
  relationship: nomineeRelationshipSchema.nullable(),
  at: z.string(),
});
export type NominationHistoryEntry = z.infer<typeof nominationHistoryEntrySchema>;

export const nominationResponseSchema = z.object({
  nominee: nomineeSchema.nullable(),
  history: z.array(nominationHistoryEntrySchema),
});
export type NominationResponse = z.infer<typeof nominationResponseSchema>;

export const opsNomineeParamsSchema = z.object({ profileId: z.string().uuid() });
export const opsNomineeResponseSchema = z.object({
  profileId: z.string(),
  nominee: nomineeSchema.nullable(),
});
export type OpsNomineeResponse = z.infer<typeof opsNomineeResponseSchema>;
