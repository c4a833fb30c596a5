/** The wallet answers' schemas, loaded with their request (LazySchema, lib/api/base-query.ts; issue 31 §2). */
export {
  credentialListResponseSchema,
  credentialSchema,
  credentialVerificationSchema,
  receiveCredentialResponseSchema,
  removeReceivedCredentialResponseSchema,
  removeWalletDocumentResponseSchema,
} from '@veridocs/shared';
