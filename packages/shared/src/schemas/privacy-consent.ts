import { z } from 'zod';
import { privacyPurposeSchema, purposeChoiceSchema, sha256HexSchema } from './privacy.js';

/**
 * The candidate's notice and consent before a form starts (issue 29, ADR 0049 "The notice", "The
 * consent ledger"): the notice in their language, the purposes the form asks, and their answer.
 */

const idSchema = z.string().trim().min(1, 'Required').max(100);

/** The notice's languages (a catalogue each on the server). */
export const noticeLanguageSchema = z.enum(['en', 'hi']);
export type NoticeLanguageTag = z.infer<typeof noticeLanguageSchema>;

/** GET /privacy/notice?orgId&txnId&lang (lang: else the profile's language, else the request's). */
export const privacyNoticeQuerySchema = z.object({
  orgId: idSchema,
  txnId: idSchema,
  lang: noticeLanguageSchema.optional(),
});
export type PrivacyNoticeQuery = z.infer<typeof privacyNoticeQuerySchema>;

export const noticeSectionKeySchema = z.enum([
  'data',
  'purposes',
  'recipients',
  'retention',
  'rights',
  'withdrawal',
  'grievance',
]);

/** One purpose the form asks, with its sentence in the notice's language. */
export const askedPurposeSchema = z.object({
  purpose: privacyPurposeSchema,
  required: z.boolean(),
  text: z.string(),
});
export type AskedPurpose = z.infer<typeof askedPurposeSchema>;

/** What a candidate's consent to this request grants now (each purpose named so far). */
export const standingGrantsSchema = z.array(purposeChoiceSchema);

/** The notice as the candidate reads it. */
export const privacyNoticeSchema = z.object({
  language: noticeLanguageSchema,
  templateVersion: z.string(),
  title: z.string(),
  sections: z.array(z.object({ key: noticeSectionKeySchema, title: z.string(), lines: z.array(z.string()) })),
  /** The purposes this form asks, in the notice's order: the required ones, then the optional ones. */
  purposes: z.array(askedPurposeSchema),
  /** SHA-256 of the notice's text: sent back with the answer. */
  hash: sha256HexSchema,
  /** The standing grants of this request (empty: never answered). */
  grants: standingGrantsSchema,
  /** Every required purpose stands granted: the form may start. */
  consented: z.boolean(),
});
export type PrivacyNotice = z.infer<typeof privacyNoticeSchema>;

/** POST /privacy/consent: the candidate's answer to the notice they read (its hash). */
export const consentRequestSchema = z
  .object({
    orgId: idSchema,
    txnId: idSchema,
    noticeHash: sha256HexSchema,
    /** Each purpose the notice asks, granted or not; a purpose left out is not granted. */
    purposes: z.array(purposeChoiceSchema).max(10),
  })
  .strict();
export type ConsentRequest = z.infer<typeof consentRequestSchema>;

export const consentResponseSchema = z.object({
  /** `consent`: every required purpose granted, the form may start; `refuse`: it does not start. */
  action: z.enum(['consent', 'refuse']),
  /** False when the same answer to the same notice already stood (a double click): nothing recorded. */
  recorded: z.boolean(),
  grants: standingGrantsSchema,
  consented: z.boolean(),
});
export type ConsentResponse = z.infer<typeof consentResponseSchema>;
