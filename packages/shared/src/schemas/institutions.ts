import { z } from 'zod';

/**
 * Verified at the source, by people (issue 27): the institution directory (console admins), a
 * verifier's request to an institution's contact, the responder's page (no account: a link bound to
 * the contact and the request, then a one-time code e-mailed to that same address), the answers kept
 * as evidence, and the turnaround each institution shows. The server recomputes every claim, verdict
 * and figure; nothing the client sends is trusted beyond the responder's own words.
 */

export const INSTITUTION_KINDS = ['institute', 'board', 'employer'] as const;
export type InstitutionKind = (typeof INSTITUTION_KINDS)[number];
/** How the institution answers: the product's response page, or e-mail only (the team records it). */
export const INSTITUTION_METHODS = ['page', 'email'] as const;
export type InstitutionMethod = (typeof INSTITUTION_METHODS)[number];
export const FACT_VERDICTS = ['confirmed', 'differs', 'no_record'] as const;
export type FactVerdict = (typeof FACT_VERDICTS)[number];
export const INSTITUTION_REQUEST_STATUSES = ['open', 'answered', 'escalated', 'cancelled'] as const;
export type InstitutionRequestStatus = (typeof INSTITUTION_REQUEST_STATUSES)[number];

/** The directory's sort keys (GET OPS_API_PATHS.institutions ?sort). */
export const INSTITUTION_SORTS = ['name', 'median', 'p90', 'responseRate', 'open', 'oldest'] as const;

const email = z.string().trim().toLowerCase().email().max(254);
const id = z.string().trim().min(1).max(100);

/** An institution's measured turnaround, from its own answers (working days, ADR 0046). */
export const turnaroundSchema = z.object({
  sent: z.number().int(),
  answered: z.number().int(),
  /** answered / sent, null before the first request. */
  responseRate: z.number().nullable(),
  medianDays: z.number().int().nullable(),
  p90Days: z.number().int().nullable(),
  open: z.number().int(),
  /** When the oldest open request was sent. */
  oldestOpenAt: z.string().nullable(),
});
export type Turnaround = z.infer<typeof turnaroundSchema>;

export const institutionContactSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** The address proved it is read (the confirmation link): only then do requests go to it. */
  confirmed: z.boolean(),
  /** Several candidates' requests go in one e-mail a day. */
  batchDaily: z.boolean(),
});
export type InstitutionContact = z.infer<typeof institutionContactSchema>;

export const institutionSchema = z.object({
  id: z.string(),
  kind: z.enum(INSTITUTION_KINDS),
  name: z.string(),
  /** The reference data's value for an institute or board; null for an employer. */
  refValue: z.string().nullable(),
  method: z.enum(INSTITUTION_METHODS),
  /** The fee the institution charges per verification, in paise; null when none is known. */
  feePaise: z.number().int().nullable(),
  notes: z.string().nullable(),
  contacts: z.array(institutionContactSchema),
  turnaround: turnaroundSchema,
});
export type Institution = z.infer<typeof institutionSchema>;

/** GET OPS_API_PATHS.institutions: the directory, filtered and sorted, one page (offset). */
export const institutionListQuerySchema = z
  .object({
    q: z.string().trim().max(100).optional(),
    kind: z.enum(INSTITUTION_KINDS).optional(),
    /** Only entries with open requests / with a response rate below this (0..1). */
    withOpen: z.coerce.boolean().optional(),
    maxResponseRate: z.coerce.number().min(0).max(1).optional(),
    sort: z.enum(INSTITUTION_SORTS).default('name'),
    order: z.enum(['asc', 'desc']).default('asc'),
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
    limit: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();
export type InstitutionListQuery = z.infer<typeof institutionListQuerySchema>;
export const institutionListSchema = z.object({ items: z.array(institutionSchema), total: z.number().int() });
export type InstitutionList = z.infer<typeof institutionListSchema>;

/** POST OPS_API_PATHS.institutions: an institute or board of the reference data, or an employer by name. */
export const createInstitutionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('institute'), refValue: z.string().trim().min(1).max(300) }).strict(),
  z.object({ kind: z.literal('board'), refValue: z.string().trim().min(1).max(300) }).strict(),
  z.object({ kind: z.literal('employer'), name: z.string().trim().min(2).max(200) }).strict(),
]);
export type CreateInstitution = z.infer<typeof createInstitutionSchema>;

/** PUT OPS_API_PATHS.institution(id). */
export const updateInstitutionSchema = z
  .object({
    method: z.enum(INSTITUTION_METHODS),
    feePaise: z.number().int().min(0).max(10_000_000).nullable(),
    notes: z.string().trim().max(2000).nullable(),
  })
  .strict();
export type UpdateInstitution = z.infer<typeof updateInstitutionSchema>;

/** POST OPS_API_PATHS.institutionContacts(id): a contact address; a confirmation link goes to it. */
export const addContactSchema = z.object({ email, batchDaily: z.boolean().default(false) }).strict();
export type AddContact = z.infer<typeof addContactSchema>;

/** POST INSTITUTION_API_PATHS.confirmContact: the link's token from the confirmation e-mail. */
export const confirmContactSchema = z.object({ token: z.string().trim().min(20).max(200) }).strict();
export const confirmContactResponseSchema = z.object({ email: z.string(), institution: z.string() });
export type ConfirmContactResponse = z.infer<typeof confirmContactResponseSchema>;

/** One claimed fact and, once answered, what the institution said about it. */
export const claimedFactSchema = z.object({
  /** name, candidateId, programme, years, result (education); name, employeeId, designation, period (employment). */
  key: z.string(),
  label: z.string(),
  claimed: z.string(),
});
export type ClaimedFact = z.infer<typeof claimedFactSchema>;

export const answeredFactSchema = claimedFactSchema.extend({
  verdict: z.enum(FACT_VERDICTS),
  /** The value on record, when the verdict is "differs". */
  onRecord: z.string().nullable(),
});
export type AnsweredFact = z.infer<typeof answeredFactSchema>;

export const institutionAnswerSchema = z.object({
  id: z.string(),
  requestId: z.string(),
  verificationName: z.string(),
  responderName: z.string(),
  designation: z.string(),
  /** The contact address the code was sent to (who answered). */
  fromEmail: z.string(),
  facts: z.array(answeredFactSchema),
  /** True when every fact is confirmed. */
  allConfirmed: z.boolean(),
  letterFileId: z.string().nullable(),
  answeredAt: z.string(),
  /** The earlier answer this one corrects (both are kept). */
  correctsAnswerId: z.string().nullable(),
});
export type InstitutionAnswer = z.infer<typeof institutionAnswerSchema>;

/** The candidate's consent to contact the institutions, as recorded in the journey. */
export const contactConsentSchema = z.object({ givenAt: z.string(), text: z.string() });
export type ContactConsent = z.infer<typeof contactConsentSchema>;

export const requestVerificationSchema = z.object({
  verificationName: z.string(),
  label: z.string(),
  facts: z.array(claimedFactSchema),
  /** The documents the candidate uploaded for it (ids of files; the page links them with a signed URL). */
  documents: z.array(z.object({ fileId: z.string(), name: z.string(), url: z.string().nullable() })),
});
export type RequestVerification = z.infer<typeof requestVerificationSchema>;

/** A request as the console shows it on a case. */
export const institutionRequestSchema = z.object({
  id: z.string(),
  institution: z.object({ id: z.string(), name: z.string(), kind: z.enum(INSTITUTION_KINDS) }),
  contactEmail: z.string(),
  status: z.enum(INSTITUTION_REQUEST_STATUSES),
  verificationNames: z.array(z.string()),
  createdAt: z.string(),
  /** Null while it waits for the contact's daily batch. */
  sentAt: z.string().nullable(),
  linkExpiresAt: z.string(),
  remindersSent: z.number().int(),
  nextReminderAt: z.string().nullable(),
  escalatedAt: z.string().nullable(),
  answers: z.array(institutionAnswerSchema),
});
export type InstitutionRequest = z.infer<typeof institutionRequestSchema>;

/** GET OPS_API_PATHS.institutionRequests(txnId): what can be asked of whom, and what was. */
export const caseInstitutionRequestsSchema = z.object({
  consent: contactConsentSchema.nullable(),
  /** Submitted verifications grouped by the institution they name (one request may cover several). */
  askable: z.array(
    z.object({
      verificationName: z.string(),
      label: z.string(),
      institution: z.object({
        kind: z.enum(INSTITUTION_KINDS),
        name: z.string(),
        refValue: z.string().nullable(),
        /** The directory entry, when there is one; its confirmed contacts are the ones a request can go to. */
        id: z.string().nullable(),
        contacts: z.array(institutionContactSchema),
        method: z.enum(INSTITUTION_METHODS).nullable(),
      }),
      /** An open request covers it already. */
      openRequestId: z.string().nullable(),
    }),
  ),
  requests: z.array(institutionRequestSchema),
});
export type CaseInstitutionRequests = z.infer<typeof caseInstitutionRequestsSchema>;

/** POST OPS_API_PATHS.institutionRequests(txnId): one request to one contact for chosen verifications. */
export const sendInstitutionRequestSchema = z
  .object({
    institutionId: id,
    contactId: id,
    verificationNames: z.array(z.string().trim().min(1).max(100)).min(1).max(20),
  })
  .strict();
export type SendInstitutionRequest = z.infer<typeof sendInstitutionRequestSchema>;

/** POST OPS_API_PATHS.decideFromAnswer(txnId, name): complete or fail from an institution's answer. */
export const decideFromAnswerSchema = z
  .object({
    answerId: id,
    state: z.enum(['COMPLETED', 'FAILED']),
    /**
     * Required when failing (the candidate and the report read it), and when completing from an answer
     * whose facts differ (why the difference does not matter: kept with the decision).
     */
    reason: z.string().trim().min(1).max(500).optional(),
  })
  .strict();
export type DecideFromAnswer = z.infer<typeof decideFromAnswerSchema>;

// ——— The responder's page (public; INSTITUTION_API_PATHS) ———

/** POST responderCode: the link's token; a code goes to the contact the link is bound to. */
export const responderCodeRequestSchema = z.object({ token: z.string().trim().min(20).max(200) }).strict();
export const responderCodeResponseSchema = z.object({
  /** e.g. r*****r@example.edu */
  maskedEmail: z.string(),
  institution: z.string(),
  /** Seconds before another code may be asked for. */
  resendIn: z.number().int(),
});
export type ResponderCodeResponse = z.infer<typeof responderCodeResponseSchema>;

/** POST responderSession: the link's token and the code; answers a short-lived session token. */
export const responderSessionRequestSchema = z
  .object({
    token: z.string().trim().min(20).max(200),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/),
  })
  .strict();
export const responderSessionResponseSchema = z.object({
  sessionToken: z.string(),
  expiresIn: z.number().int(),
  /** The request the link was for (opened first). */
  requestId: z.string(),
});
export type ResponderSessionResponse = z.infer<typeof responderSessionResponseSchema>;

/** GET responderRequests (Authorization: Bearer <sessionToken>): the contact's requests, open first. */
export const responderRequestListSchema = z.object({
  institution: z.string(),
  email: z.string(),
  requests: z.array(
    z.object({
      id: z.string(),
      organisation: z.string(),
      candidateName: z.string(),
      verifications: z.array(
        z.object({ verificationName: z.string(), label: z.string(), answered: z.boolean() }),
      ),
      status: z.enum(INSTITUTION_REQUEST_STATUSES),
      sentAt: z.string().nullable(),
    }),
  ),
});
export type ResponderRequestList = z.infer<typeof responderRequestListSchema>;

/** GET responderRequest(id): one request in full. */
export const responderRequestSchema = z.object({
  id: z.string(),
  institution: z.string(),
  organisation: z.string(),
  candidateName: z.string(),
  consent: contactConsentSchema,
  status: z.enum(INSTITUTION_REQUEST_STATUSES),
  verifications: z.array(requestVerificationSchema),
  answers: z.array(institutionAnswerSchema),
});
export type ResponderRequest = z.infer<typeof responderRequestSchema>;

/**
 * POST responderLetter(id): the stored letter, to name as `letterFileId` in an answer. A letter the
 * document checks find unusable is refused (FILE_UNUSABLE with the spec's message), never stored.
 */
export const responderLetterResponseSchema = z.object({
  fileId: z.string(),
  name: z.string(),
  size: z.number().int(),
});
export type ResponderLetterResponse = z.infer<typeof responderLetterResponseSchema>;

/** POST responderAnswer(id): one verification's answer; a second answer corrects the first (both kept). */
export const responderAnswerRequestSchema = z
  .object({
    verificationName: z.string().trim().min(1).max(100),
    facts: z
      .array(
        z
          .object({
            key: z.string().trim().min(1).max(50),
            verdict: z.enum(FACT_VERDICTS),
            onRecord: z.string().trim().max(300).optional(),
          })
          .strict(),
      )
      .min(1)
      .max(20),
    responderName: z.string().trim().min(2).max(120),
    designation: z.string().trim().min(2).max(120),
    /** A letter uploaded through responderLetter (optional). */
    letterFileId: z.string().trim().max(100).optional(),
    declaration: z.literal(true),
  })
  .strict()
  .superRefine((answer, ctx) => {
    answer.facts.forEach((fact, index) => {
      if (fact.verdict === 'differs' && !fact.onRecord)
        ctx.addIssue({
          code: 'custom',
          path: ['facts', index, 'onRecord'],
          message: 'Enter the value on record',
        });
    });
  });
export type ResponderAnswerRequest = z.infer<typeof responderAnswerRequestSchema>;

/** The declaration the responder accepts with every answer (kept with the answer). */
export const RESPONDER_DECLARATION =
  'I declare that I am authorised by the institution to answer this request and that my answer matches its records.';

/**
 * The words beside a verification's Submit (the candidate's journey): pressing it with them shown is the
 * consent a request copies. The web shows them in the candidate's language; the server keeps these.
 */
export const CONTACT_CONSENT_TEXT =
  'I agree that the verification team contacts the institutions and employers named in my documents to confirm them.';

/** GET OPS_API_PATHS.institutionRequestList ?status: the team's queue of requests (escalated first). */
export const institutionRequestListQuerySchema = z
  .object({
    status: z.enum(INSTITUTION_REQUEST_STATUSES).default('escalated'),
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
    limit: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();
export type InstitutionRequestListQuery = z.infer<typeof institutionRequestListQuerySchema>;
export const institutionRequestListSchema = z.object({
  items: z.array(
    institutionRequestSchema.omit({ answers: true }).extend({
      txnId: z.string(),
      candidateName: z.string(),
    }),
  ),
  total: z.number().int(),
});
export type InstitutionRequestList = z.infer<typeof institutionRequestListSchema>;
