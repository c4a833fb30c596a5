/**
 * The schemas of the answers of transactions-api.ts and profile-api.ts, loaded with the first request
 * that needs one (LazySchema in lib/api/base-query.ts): imported by these endpoints at start, zod and
 * the shared schemas would run before every signed-in screen's first render (issue 31 §2).
 */
export {
  addInstanceResponseSchema,
  candidateTransactionListSchema,
  createTransactionResponseSchema,
  organisationSchema,
  paymentModeResponseSchema,
  preStartQuestionListSchema,
  profileSchema,
  publicFormListSchema,
  transactionInfoSchema,
} from '@veridocs/shared';
