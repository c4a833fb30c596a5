import { z } from 'zod';
import { verifiedAtSourceSchema } from './sources.js';
import { transactionReportSchema } from './reports.js';
import { STATES } from '../constants/states.js';

/** Spec §7 lists take `seed` (offset) and `count` and answer `{ list, total }`. */
export const listQuerySchema = z.object({
  seed: z.coerce.number().int().min(0).default(0),
  count: z.coerce.number().int().min(1).max(1000).default(10),
});
export const listSchema = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int() });

export const stateSchema = z.enum(STATES);
const idSchema = z.string().trim().min(1, 'Required').max(100);

// ---------------------------------------------------------------- organisations and forms

/** GET {verificationV1}/verifier/{orgId} (public). */
export const organisationSchema = z.object({
  orgId: z.string(),
  name: z.string(),
  displayName: z.string(),
  imageUrl: z.string().nullable(),
  /** The organisation's branding colour (#rrggbb, carries white text at 4.5:1), when it chose one. */
  primaryColor: z.string().optional(),
  additionalDetail: z.record(z.string(), z.unknown()),
});
export type Organisation = z.infer<typeof organisationSchema>;

/** GET {verificationV1}/ekyc-forms/public?seed&count&orgId (public). */
export const publicFormsQuerySchema = listQuerySchema.extend({ orgId: idSchema });
export const publicFormSchema = z.object({
  formId: z.string(),
  orgId: z.string(),
  name: z.string(),
  /** Unix seconds; -1 means never. */
  expiry: z.number().int(),
  isExpired: z.boolean(),
  verificationNames: z.array(z.string()),
  paymentRequired: z.boolean(),
  questionnaire: z.object({ isRequired: z.boolean() }),
});
export type PublicForm = z.infer<typeof publicFormSchema>;
export const publicFormListSchema = listSchema(publicFormSchema);

// ---------------------------------------------------------------- verification configs and the form engine

export const INPUT_TYPES = [
  'text',
  'date',
  'select',
  'autocomplete',
  'file',
  'block',
  'live-cam-with-geolocation',
] as const;
export type InputType = (typeof INPUT_TYPES)[number];

export const dropdownOptionSchema = z.object({
  name: z.string(),
  value: z.string(),
  disabled: z.boolean().optional(),
  disabledPostfix: z.string().optional(),
});
export type DropdownOption = z.infer<typeof dropdownOptionSchema>;

const fieldConditionSchema = z.object({ fieldName: z.string(), values: z.array(z.string()) });

/**
 * One input of a verification form (spec §3 "Dynamic input field"). Named functions (requiredFn,
 * validation.fn, optionsKey, helperTextJSXKey, alert.componentKey) are keys of client registries.
 */
export const dynamicInputFieldSchema = z.object({
  fieldName: z.string(),
  /** Defaults to the field name as a title-case label (fieldLabel). */
  label: z.string().optional(),
  inputType: z.enum(INPUT_TYPES),
  /** text only: how the browser input behaves. */
  textType: z.enum(['text', 'number', 'email', 'password', 'url']).optional(),
  placeholder: z.string().optional(),
  options: z.array(dropdownOptionSchema).optional(),
  optionsKey: z.string().optional(),
  /** autocomplete: a relative API path answering `{ list, total }` pages (seed, count=50, search). */
  autocompleteSource: z.string().optional(),
  /** autocomplete: whether "Enter manually" is offered when the list has no match. */
  allowManual: z.boolean().optional(),
  required: z.boolean().optional(),
  requiredFn: z.string().optional(),
  /** The message when the field is required and left empty (default "Required", spec §5). */
  requiredMessage: z.string().optional(),
  maxLength: z.number().int().positive().optional(),
  /** block: total length split into `blocks` equal parts. */
  blockLength: z.number().int().positive().optional(),
  blocks: z.number().int().positive().optional(),
  /** date rules. */
  disableFuture: z.boolean().optional(),
  disablePast: z.boolean().optional(),
  minDate: z.string().optional(),
  maxDate: z.string().optional(),
  /** A date of birth: at least this many years before today. */
  minAgeYears: z.number().int().positive().max(120).optional(),
  /** file: subtypes such as pdf, jpeg, jpg, png; maxFiles when more than one is allowed. */
  allowedFileTypes: z.array(z.string()).optional(),
  maxFiles: z.number().int().positive().optional(),
  /**
   * file (PDF only): the candidate may pick several PDFs, which the server checks one by one and merges
   * into ONE PDF in the order picked (POST /files/merge); the field still holds one file.
   */
  mergePdf: z.boolean().optional(),
  /**
   * text: the candidate ID's format by institute (derived from the auth option's
   * candidateIdSchemaByInstitute by withCandidateIdFormats; a config does not set it itself).
   */
  idFormat: z
    .object({ instituteField: z.string(), byInstitute: z.record(z.string(), z.string()) })
    .optional(),
  helperTextJSXKey: z.string().optional(),
  helperText: z.string().optional(),
  sectionTitle: z.string().optional(),
  alert: z.object({ componentKey: z.enum(['DEGREE', 'LOA']) }).optional(),
  hideLabel: z.boolean().optional(),
  readOnly: z.boolean().optional(),
  /** Shown only when another field has one of these values. */
  showWhen: fieldConditionSchema.optional(),
  /** Hidden (not required, not checked) when another field has one of these values. */
  hideWhen: fieldConditionSchema.optional(),
  validation: z.object({ fn: z.string(), message: z.string() }).optional(),
  /** A key of FIELD_LOOKUPS: a complete value looks up what fills other fields (a pincode's district and state). */
  lookup: z.string().optional(),
  visibility: z.object({ web: z.boolean() }).optional(),
  hidden: z.boolean().optional(),
});
export type DynamicInputField = z.infer<typeof dynamicInputFieldSchema>;

export const authOptionSchema = z.object({
  type: z.string(),
  label: z.string().optional(),
  page: z.object({
    config: z.array(z.object({ title: z.string().optional(), inputs: z.array(dynamicInputFieldSchema) })),
  }),
  candidateIdSchemaByInstitute: z
    .record(z.string(), z.object({ fieldName: z.string(), format: z.string() }))
    .optional(),
});
export type AuthOption = z.infer<typeof authOptionSchema>;

export const verificationConfigSchema = z.object({
  name: z.string(),
  metadata: z.object({
    label: z.string(),
    orgSpecificName: z.string().nullable(),
    iconUrl: z.string().nullable(),
  }),
  additionalInfo: z.object({
    authOptions: z.array(z.string()),
    acceptMultipleSubmissions: z.boolean(),
    category: z.string(),
  }),
  authOptions: z.array(authOptionSchema),
  showSpecificForm: z.array(z.string()).optional(),
  readOnly: z.object({ profile: z.array(z.string()) }).optional(),
});
export type VerificationConfig = z.infer<typeof verificationConfigSchema>;

/** POST {verificationV1}/verification-configs/info */
export const verificationConfigsRequestSchema = z
  .object({ verificationNameList: z.array(idSchema).min(1, 'Name at least one verification').max(50) })
  .strict();
export type VerificationConfigsRequest = z.infer<typeof verificationConfigsRequestSchema>;
export const verificationConfigListSchema = z.object({ list: z.array(verificationConfigSchema) });

// ---------------------------------------------------------------- transactions

/** POST {verificationV1}/transactions: one transaction per candidate and form (an existing one is returned). */
export const createTransactionRequestSchema = z.object({ orgId: idSchema, eKycFormId: idSchema }).strict();
export type CreateTransactionRequest = z.infer<typeof createTransactionRequestSchema>;
export const createTransactionResponseSchema = z.object({
  transactionId: z.string(),
  state: stateSchema,
  created: z.boolean(),
});
export type CreateTransactionResponse = z.infer<typeof createTransactionResponseSchema>;

/** POST /transactions/process, POST /transactions/submit */
export const transactionRefSchema = z.object({ orgId: idSchema, txnId: idSchema }).strict();
export type TransactionRef = z.infer<typeof transactionRefSchema>;
export const transactionQuerySchema = z.object({ orgId: idSchema, txnId: idSchema });

/** POST /transactions/process/mark-as-skip */
export const markAsSkipRequestSchema = transactionRefSchema
  .extend({ verificationNameList: z.array(idSchema).min(1, 'Name at least one verification').max(50) })
  .strict();
export type MarkAsSkipRequest = z.infer<typeof markAsSkipRequestSchema>;

/** One document the verification team asks for (a key the answer names, a label the candidate reads). */
export const insufficiencyDocumentSchema = z
  .object({
    key: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'Use letters, digits, - and _ (at most 64)'),
    label: z.string().trim().min(1, 'Required').max(200),
  })
  .strict();
export type InsufficiencyDocument = z.infer<typeof insufficiencyDocumentSchema>;

/**
 * The open insufficiency request of a verification (transaction info's `insufficiency`): reason and
 * time as before, plus its id and the documents asked (empty for a request raised before ADR 0020).
 */
export const openInsufficiencySchema = z.object({
  id: z.string().optional(),
  reason: z.string(),
  raisedAt: z.string(),
  documents: z.array(z.object({ key: z.string(), label: z.string() })).default([]),
});
export type OpenInsufficiency = z.infer<typeof openInsufficiencySchema>;

export const verificationEntrySchema = z.object({
  name: z.string(),
  label: z.string(),
  state: stateSchema,
  category: z.object({ name: z.string() }),
  proceeded: z.boolean(),
  markedAsSkip: z.boolean(),
  skipAllowed: z.boolean(),
  marksheetRequired: z.boolean(),
  subType: z.string().nullable(),
  /** The open insufficiency request (ADR 0020): what the team asked for, while INSUFFICIENT_DATA. */
  insufficiency: openInsufficiencySchema.nullable(),
  acceptMultipleSubmissions: z.boolean(),
  updatedAt: z.string(),
  /** Verified with the issuer (DigiLocker or API Setu, issue 26); absent or null otherwise. */
  verifiedAtSource: verifiedAtSourceSchema.nullable().optional(),
});
export type VerificationEntry = z.infer<typeof verificationEntrySchema>;

export const priceEntrySchema = z.object({
  verificationName: z.string(),
  mrp: z.number(),
  price: z.object({ primary: z.number() }),
  discount: z.object({ primary: z.number(), secondary: z.number() }),
});
export type PriceEntry = z.infer<typeof priceEntrySchema>;

/** GET /transactions/info?orgId&txnId (spec §3 "Transaction info"). */
export const transactionInfoSchema = z.object({
  txnId: z.string(),
  orgId: z.string(),
  formId: z.string(),
  org: z.object({ name: z.string(), imageUrl: z.string().nullable() }),
  state: stateSchema,
  form: z.object({ name: z.string(), isExpired: z.boolean(), expiry: z.number().int() }),
  verificationList: z.record(z.string(), verificationEntrySchema),
  /** Verification names: remaining = NOT_INITIALIZED and not skipped; done = COMPLETED. */
  filtered: z.object({ remaining: z.array(z.string()), done: z.array(z.string()) }),
  expectedCompletionDate: z.object({ maxDate: z.string() }).nullable(),
  updatedAt: z.string(),
  paymentRequired: z.boolean(),
  userPaymentRequired: z.boolean(),
  paymentDetails: z.array(z.object({ allVerificationsCompleted: z.boolean(), expressOpt: z.boolean() })),
  discount: z.object({ percentage: z.number() }),
  priceList: z.array(priceEntrySchema),
  expressAllowed: z.boolean(),
  questionnaire: z.object({ isRequired: z.boolean(), answered: z.boolean() }),
  manualProfileRequired: z.boolean(),
  basicDetailsRequired: z.boolean(),
  userInputList: z.array(z.string()),
  requiredVerificationFieldList: z.array(z.string()),
  nameChangeRequest: z.object({ requested: z.boolean() }),
  /** provider: the validated partner (eval-info); required: the form asks for it before submit. */
  evaluationInfo: z.object({ provider: z.string().nullable(), required: z.boolean() }),
  /** Derived: the form's expiry has passed (never when -1). */
  isExpired: z.boolean(),
  /** Derived: the transaction has been started (state is not NOT_INITIALIZED). */
  proceeded: z.boolean(),
  /** The verification report (ADR 0028): null until every verification is decided. */
  report: transactionReportSchema.nullable().optional(),
  /** Why a CLOSED request stopped, when the candidate should be told: under 18 (ADR 0049 "Minors"). */
  closedReason: z.enum(['under-18']).nullable().optional(),
});
export type TransactionInfo = z.infer<typeof transactionInfoSchema>;

/** GET /transactions/{type}/info?orgId&txnId: one verification with its config and saved input. */
export const verificationInfoSchema = z.object({
  txnId: z.string(),
  orgId: z.string(),
  formId: z.string(),
  profileName: z.string(),
  verification: verificationEntrySchema,
  config: verificationConfigSchema,
  /** What the candidate has typed so far (DATA_SAVED), or submitted. */
  data: z.record(z.string(), z.unknown()),
  formExpired: z.boolean(),
});
export type VerificationInfo = z.infer<typeof verificationInfoSchema>;

/** PUT {verificationV1}/bgv: save a verification's input as the candidate goes (DATA_SAVED). */
export const saveVerificationDataRequestSchema = transactionRefSchema
  .extend({
    verificationName: idSchema,
    subType: z.string().max(100).nullable().optional(),
    data: z
      .record(z.string().max(100), z.unknown())
      .refine((d) => JSON.stringify(d).length <= 64_000, 'Too much data'),
    /**
     * On the POST (submit) only: the candidate pressed Submit beside CONTACT_CONSENT_TEXT (issue 27),
     * the consent a request to the institution copies. Recorded once per transaction.
     */
    contactConsent: z.literal(true).optional(),
  })
  .strict();
export type SaveVerificationDataRequest = z.infer<typeof saveVerificationDataRequestSchema>;

// ---------------------------------------------------------------- several submissions of one type

/**
 * POST {verificationV1}/bgv/instances: adds the next instance of a type that accepts several
 * submissions ("bgv-degree~2", …) as a NOT_INITIALIZED record. `type` is the verification type (or any
 * key of it). Idempotent: while the last added instance is still NOT_INITIALIZED, that one is answered
 * (`created: false`) rather than a new one, so a double click never adds two.
 */
export const addInstanceRequestSchema = transactionRefSchema.extend({ type: idSchema }).strict();
export type AddInstanceRequest = z.infer<typeof addInstanceRequestSchema>;
export const addInstanceResponseSchema = z.object({
  /** The record key of the instance: the `type` of every other candidate route. */
  name: z.string(),
  label: z.string(),
  created: z.boolean(),
});
export type AddInstanceResponse = z.infer<typeof addInstanceResponseSchema>;

/**
 * DELETE {verificationV1}/bgv?orgId&txnId&type[&subType] (spec §7 "DELETE with subType, orgId, txnId";
 * `type` is the record key): an added instance is deleted; the first instance is cleared back to
 * NOT_INITIALIZED. Only while the candidate may still change it; answers the transaction info after.
 */
export const deleteVerificationQuerySchema = z.object({
  orgId: idSchema,
  txnId: idSchema,
  type: idSchema,
  subType: z.string().max(100).optional(),
});
export type DeleteVerificationQuery = z.infer<typeof deleteVerificationQuerySchema>;

/** GET /transactions/candidate-transaction?seed&count&states */
export const candidateTransactionsQuerySchema = listQuerySchema.extend({
  /** Comma-joined states. */
  states: z.string().max(500).optional(),
});
export const candidateTransactionSchema = z.object({
  txnId: z.string(),
  orgId: z.string(),
  formId: z.string(),
  state: stateSchema,
  form: z.object({ name: z.string() }),
  org: z.object({ name: z.string(), imageUrl: z.string().nullable() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CandidateTransaction = z.infer<typeof candidateTransactionSchema>;
export const candidateTransactionListSchema = listSchema(candidateTransactionSchema);

/** GET /transactions/history?formId&orgId: the audited state changes of the candidate's transaction(s) of a form. */
export const transactionHistoryQuerySchema = z.object({ formId: idSchema, orgId: idSchema });
export const historyEntrySchema = z.object({
  txnId: z.string(),
  entity: z.enum(['transaction', 'verification']),
  verificationName: z.string().nullable(),
  from: stateSchema.nullable(),
  to: stateSchema,
  action: z.string(),
  at: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
export const transactionHistoryListSchema = listSchema(historyEntrySchema);

/** GET {utility}/institutes and /boards: a searchable dropdown's page (spec §7). */
export const referenceListQuerySchema = listQuerySchema.extend({
  count: z.coerce.number().int().min(1).max(50).default(50),
  search: z.string().trim().max(100).optional(),
});
export const referenceOptionSchema = z.object({
  name: z.string(),
  value: z.string(),
  /** Where the entry is (state or union territory, city), when its source says: secondary text. */
  state: z.string().nullable().optional(),
  city: z.string().nullable().optional(),
});
export const referenceListSchema = listSchema(referenceOptionSchema);

// ---------------------------------------------------------------- pre-start questionnaire

/** GET /purposes/user?formId&orgId&id&seed=0&count=1000 (id: the transaction, for saved answers). */
export const purposesQuerySchema = listQuerySchema.extend({
  formId: idSchema,
  orgId: idSchema,
  id: idSchema.optional(),
});
export const preStartQuestionSchema = z.object({
  _id: z.string(),
  question: z.string(),
  options: z.array(z.object({ name: z.string(), value: z.string() })),
  required: z.boolean(),
  /** The candidate's saved answer, when `id` names their transaction. */
  answer: z.string().nullable(),
});
export type PreStartQuestion = z.infer<typeof preStartQuestionSchema>;
export const preStartQuestionListSchema = listSchema(preStartQuestionSchema);

/** PATCH /transactions/user-response */
export const userResponseRequestSchema = transactionRefSchema
  .extend({
    data: z
      .array(
        z.object({ questionId: idSchema, answer: z.string().trim().min(1, 'Required').max(500) }).strict(),
      )
      .min(1, 'Answer the questions')
      .max(100),
  })
  .strict();
export type UserResponseRequest = z.infer<typeof userResponseRequestSchema>;

// ---------------------------------------------------------------- the Action Required loop (ADR 0020)

/**
 * POST {verificationV1}/bgv/insufficiency: the candidate's answer to the open request of a verification
 * in INSUFFICIENT_DATA: uploaded file ids (POST /files) for exactly the documents asked.
 */
export const insufficiencyAnswerRequestSchema = transactionRefSchema
  .extend({
    verificationName: idSchema,
    documents: z
      .array(
        z
          .object({
            key: z.string().trim().min(1, 'Required').max(64),
            fileIds: z.array(z.string().trim().min(1).max(100)).min(1, 'Upload the document').max(5),
          })
          .strict(),
      )
      .min(1, 'Upload the documents asked for')
      .max(20),
  })
  .strict();
export type InsufficiencyAnswerRequest = z.infer<typeof insufficiencyAnswerRequestSchema>;
