import { z } from 'zod';
import { fileUploadResponseSchema } from './files.js';

/**
 * The wallet (spec §1 "a wallet of credentials", §3 Credential: credentialType, credentialAttributes,
 * §7 "Credentials"; docs/decisions/0031). A credential is issued when a verification is COMPLETED, as a
 * W3C Verifiable Credential in VC-JWT form (EdDSA) by the product's did:web issuer.
 */

/** The kinds of credential the product issues, one per verification type family. */
export const CREDENTIAL_TYPES = [
  'IdentityVerification',
  'EducationVerification',
  'EmploymentVerification',
  'AddressVerification',
  'CertificateVerification',
] as const;
export const credentialTypeSchema = z.enum(CREDENTIAL_TYPES);
export type CredentialType = z.infer<typeof credentialTypeSchema>;

/** The facts a credential attests: short strings only (never an identity number). */
export const credentialAttributesSchema = z.record(z.string(), z.string());
export type CredentialAttributes = z.infer<typeof credentialAttributesSchema>;

export const CREDENTIAL_STATUSES = ['active', 'revoked'] as const;

/**
 * A supporting document the holder keeps beside a credential (POST /credentials/documents/{id}, ADR 0037):
 * the holder's own upload, checked like every upload, NOT signed or attested by the issuer. Only the holder
 * sees it; the share link and the public verification never show it.
 */
export const walletDocumentSchema = z.object({
  fileId: z.string(),
  name: z.string(),
  addedAt: z.string(),
  /** By content (absent on documents kept before ADR 0037). */
  mimeType: z.string().optional(),
  size: z.number().int().optional(),
});
export type WalletDocument = z.infer<typeof walletDocumentSchema>;

/** One credential as its holder sees it. */
export const credentialSchema = z.object({
  id: z.string(),
  credentialType: credentialTypeSchema,
  credentialAttributes: credentialAttributesSchema,
  /** The verification it attests (transaction id and verification name). */
  txnId: z.string().nullable(),
  verificationName: z.string().nullable(),
  issuer: z.string(),
  issuedAt: z.string(),
  expiresAt: z.string().nullable(),
  status: z.enum(CREDENTIAL_STATUSES),
  revokedAt: z.string().nullable(),
  /** The public, unguessable id of the share link and QR code (/credentials/verify/{shareId}). */
  shareId: z.string(),
  /** The signed credential (VC-JWT), for a holder to present elsewhere. */
  jwt: z.string(),
  /** The holder's supporting documents (empty for a received credential: they stay the holder's). */
  documents: z.array(walletDocumentSchema),
  /** Someone else's credential the caller received from a share link (POST /credentials/receive/{id}). */
  received: z.boolean(),
  receivedAt: z.string().nullable(),
});
export type Credential = z.infer<typeof credentialSchema>;

/** GET /credentials ?seed=0&count=100 (spec §7, §9 "credentials fetch 100"). */
export const credentialListQuerySchema = z.object({
  seed: z.coerce.number().int().min(0).default(0),
  count: z.coerce.number().int().min(1).max(100).default(100),
});
export type CredentialListQuery = z.infer<typeof credentialListQuerySchema>;
export const credentialListResponseSchema = z.object({
  list: z.array(credentialSchema),
  total: z.number().int(),
});
export type CredentialListResponse = z.infer<typeof credentialListResponseSchema>;

/**
 * POST /credentials/documents/{id} (multipart field "file", checked like POST /files): answers the stored
 * file as an upload does, with the credential it was kept with.
 */
export const addWalletDocumentResponseSchema = fileUploadResponseSchema.extend({
  credentialId: z.string(),
});
export type AddWalletDocumentResponse = z.infer<typeof addWalletDocumentResponseSchema>;

/** POST /credentials/receive/{shareId}: the credential as it now sits in the caller's wallet. */
export const receiveCredentialResponseSchema = credentialSchema;
export type ReceiveCredentialResponse = z.infer<typeof receiveCredentialResponseSchema>;

/** DELETE /credentials/documents/{id}/{fileId}: the credential without that document. */
export const removeWalletDocumentResponseSchema = credentialSchema;
export type RemoveWalletDocumentResponse = z.infer<typeof removeWalletDocumentResponseSchema>;

/** DELETE /credentials/received/{id}: the id of the credential no longer in the caller's wallet. */
export const removeReceivedCredentialResponseSchema = z.object({ id: z.string() });
export type RemoveReceivedCredentialResponse = z.infer<typeof removeReceivedCredentialResponseSchema>;

/** POST /credentials/verify: a VC-JWT a verifier was given. */
export const verifyCredentialRequestSchema = z.object({
  jwt: z.string().trim().min(1).max(20_000),
});
export type VerifyCredentialRequest = z.infer<typeof verifyCredentialRequestSchema>;

export const VERIFICATION_RESULTS = ['valid', 'revoked', 'invalid'] as const;
/** Why a credential is not valid (absent when valid). */
export const VERIFICATION_REASONS = [
  'revoked',
  'expired',
  'signature',
  'issuer',
  'malformed',
  'status',
] as const;

/** The answer of /credentials/verify: the outcome and, when the signature held, the credential's facts. */
export const credentialVerificationSchema = z.object({
  result: z.enum(VERIFICATION_RESULTS),
  reason: z.enum(VERIFICATION_REASONS).nullable(),
  /** Each check, for the page to show what was checked. */
  checks: z.object({
    signature: z.boolean(),
    issuer: z.boolean(),
    expiry: z.boolean(),
    status: z.boolean(),
  }),
  credential: z
    .object({
      id: z.string(),
      credentialType: credentialTypeSchema,
      credentialAttributes: credentialAttributesSchema,
      issuer: z.string(),
      issuerName: z.string(),
      issuedAt: z.string(),
      expiresAt: z.string().nullable(),
      revokedAt: z.string().nullable(),
    })
    .nullable(),
  checkedAt: z.string(),
});
export type CredentialVerification = z.infer<typeof credentialVerificationSchema>;

/** POST /api/ops/credentials/:id/revoke (admin). */
export const revokeCredentialRequestSchema = z.object({
  reason: z.string().trim().min(3).max(500),
});
export type RevokeCredentialRequest = z.infer<typeof revokeCredentialRequestSchema>;
export const revokeCredentialResponseSchema = z.object({
  id: z.string(),
  revokedAt: z.string(),
  statusListIndex: z.number().int(),
});
export type RevokeCredentialResponse = z.infer<typeof revokeCredentialResponseSchema>;
