import fastifyMultipart from '@fastify/multipart';
import {
  API_PATHS,
  FILE_LIMITS,
  OPS_API_PATHS,
  addWalletDocumentResponseSchema,
  credentialListQuerySchema,
  credentialListResponseSchema,
  credentialSchema,
  credentialVerificationSchema,
  receiveCredentialResponseSchema,
  removeReceivedCredentialResponseSchema,
  removeWalletDocumentResponseSchema,
  revokeCredentialRequestSchema,
  revokeCredentialResponseSchema,
  verifyCredentialRequestSchema,
  CREDENTIALS_CONTEXT_V1,
} from '@veridocs/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/auth-guard.js';
import { contentResponses, multipartBody, ok, responses } from '../../http/envelope.js';
import { UPLOAD_MULTIPART_LIMITS, readUpload } from '../files/files-router.js';
import type { FilesService } from '../files/files-service.js';
import type { AuditInput } from '../ops-auth/ops-auth-service.js';
import { currentStaff, originOf } from '../ops-auth/ops-guard.js';
import type { CredentialsService } from './credentials-service.js';
import { STATUS_LIST_TTL_SECONDS } from './credentials-service.js';

const P = API_PATHS.credentials;
const tags = ['credentials'];
const idParams = z.object({ id: z.string().trim().min(1).max(100) });
const candidate = [{ partnerOrg: [], bearer: [] }];
/** Anyone may verify; counted per IP so the public routes cannot be used to hammer the database. */
const publicLimit = { rateLimit: { max: 60, timeWindow: 60_000 } };
/** The issuer's Ed25519 public key (RFC 8037), as did.json and jwks.json publish it. */
const publicJwkSchema = z.looseObject({
  kty: z.literal('OKP'),
  crv: z.literal('Ed25519'),
  x: z.string(),
  kid: z.string().optional(),
  alg: z.string().optional(),
  use: z.string().optional(),
});
/** The did:web DID document (W3C DID Core), as the document describes it to verifiers. */
const didDocumentSchema = z.object({
  '@context': z.array(z.string()),
  id: z.string(),
  verificationMethod: z.array(
    z.object({
      id: z.string(),
      type: z.literal('JsonWebKey2020'),
      controller: z.string(),
      publicKeyJwk: publicJwkSchema,
    }),
  ),
  assertionMethod: z.array(z.string()),
});

/** The candidate's wallet and the public verification, under SERVICE_BASES.webWallet (spec §7). */
export const credentialsRouter: FastifyPluginAsyncZod<{
  credentials: CredentialsService;
  /** The upload pipeline of POST /files (ADR 0009): the wallet's documents take the same checks. */
  files: FilesService;
}> = async (app, { credentials, files }) => {
  // Scoped to this plugin (the documents route): the rest of the wallet accepts JSON only.
  await app.register(fastifyMultipart, { limits: UPLOAD_MULTIPART_LIMITS });

  app.get(
    P.list,
    {
      schema: {
        tags,
        summary: "The caller's credentials, newest first (seed, count ≤ 100)",
        security: candidate,
        querystring: credentialListQuerySchema,
        response: responses(credentialListResponseSchema),
      },
    },
    async (request) => ok(await credentials.list(currentUser(request).profileId, request.query)),
  );

  app.get(
    P.oneRoute,
    {
      schema: {
        tags,
        summary: "One of the caller's credentials (another's or an unknown id: 245)",
        security: candidate,
        params: idParams,
        response: responses(credentialSchema),
      },
    },
    async (request) => ok(await credentials.get(currentUser(request).profileId, request.params.id)),
  );

  app.post(
    P.documentsRoute,
    {
      schema: {
        tags,
        summary: 'Adds a supporting document (multipart field "file") to the caller\'s credential {id}',
        description:
          `Checked like POST /files (ADR 0009): ${FILE_LIMITS.allowedTypes.join(', ')} by content, ` +
          `${FILE_LIMITS.minBytes / 1000} KB to ${FILE_LIMITS.maxBytes / 1_000_000} MB, the upload limits and ` +
          "the document checks (an unusable file: 134 with the issues). Only the holder's own credential " +
          "(another's, a received one or an unknown id: 245, before any byte is read). The document is the " +
          "holder's, not attested by the issuer: listed with the credential for its holder only, downloaded " +
          'through GET /files/{fileId}/content (owner only), never shown by the public verification (ADR 0037).',
        security: candidate,
        consumes: ['multipart/form-data'],
        documentedBody: multipartBody('The document: PDF, JPEG or PNG, 40 KB to 25 MB'),
        params: idParams,
        response: responses(addWalletDocumentResponseSchema),
      },
    },
    async (request) => {
      const owner = currentUser(request).profileId;
      // The credential first: a refusal reads and stores nothing.
      await credentials.assertOwned(owner, request.params.id);
      const { received } = await readUpload(request, files, owner);
      const file = await files.complete(owner, received, { folderName: 'wallet', fileCategory: 'wallet' });
      return ok(
        await credentials.addDocument(owner, request.params.id, file),
        'Document added to your wallet',
      );
    },
  );

  app.delete(
    P.documentRoute,
    {
      schema: {
        tags,
        summary: "Takes a supporting document off the caller's credential {id}",
        description:
          "Only the holder's own credential (another's, a received one or an unknown id: 245); a document not " +
          "kept with it: 266. The file stays the candidate's, no longer listed with the credential (ADR 0040).",
        security: candidate,
        params: idParams.extend({ fileId: z.string().trim().min(1).max(100) }),
        response: responses(removeWalletDocumentResponseSchema),
      },
    },
    async (request) =>
      ok(
        await credentials.removeDocument(
          currentUser(request).profileId,
          request.params.id,
          request.params.fileId,
        ),
        'Document removed from your wallet',
      ),
  );

  app.delete(
    P.receivedRoute,
    {
      schema: {
        tags,
        summary: 'Takes a credential the caller received out of their wallet',
        description:
          "Only a credential the caller received (their own, another's not received or an unknown id: 245). " +
          "The credential stays its holder's, unchanged; receiving it again from its share link works (ADR 0040).",
        security: candidate,
        params: idParams,
        response: responses(removeReceivedCredentialResponseSchema),
      },
    },
    async (request) =>
      ok(
        await credentials.removeReceived(currentUser(request).profileId, request.params.id),
        'Credential removed from your wallet',
      ),
  );

  app.post(
    P.receiveRoute,
    {
      schema: {
        tags,
        summary: 'Keeps a credential shared with the caller (its share id) in their wallet',
        description:
          'Idempotent: receiving again answers the same credential and changes nothing. It must verify now: ' +
          "revoked 263, expired or invalid 265; the caller's own credential 264; an unknown share id 245. " +
          "The received credential stays its holder's: no documents, no changes (ADR 0037).",
        security: candidate,
        params: idParams,
        response: responses(receiveCredentialResponseSchema),
      },
    },
    async (request) => {
      const { credential, created } = await credentials.receive(
        currentUser(request).profileId,
        request.params.id,
      );
      return ok(
        credential,
        created ? 'Credential added to your wallet' : 'This credential is already in your wallet',
      );
    },
  );
};

/** The public verification of a shared credential or a VC-JWT, under SERVICE_BASES.webWallet. */
export const credentialVerifyRouter: FastifyPluginAsyncZod<{ credentials: CredentialsService }> = async (
  app,
  { credentials },
) => {
  app.get(
    P.verifyRoute,
    {
      config: publicLimit,
      schema: {
        tags,
        summary: 'Public: verifies the credential behind a share id (signature, issuer, expiry, status list)',
        description:
          'result valid | revoked | invalid, with the reason and the facts it attests. Unknown id: 245.',
        security: [{ partnerOrg: [] }],
        params: idParams,
        response: responses(credentialVerificationSchema),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await credentials.verifyShared(request.params.id));
    },
  );

  app.post(
    P.verifyJwt,
    {
      config: publicLimit,
      schema: {
        tags,
        summary: 'Public: verifies a VC-JWT this product issued (as GET /credentials/verify/{id})',
        security: [{ partnerOrg: [] }],
        body: verifyCredentialRequestSchema,
        response: responses(credentialVerificationSchema),
      },
    },
    async (request) => ok(await credentials.verifyJwt(request.body.jwt)),
  );
};

/** The issuer's public documents: absolute, no partner header or token (resolvers and verifiers fetch them). */
export const issuerRouter: FastifyPluginAsyncZod<{ credentials: CredentialsService }> = async (
  app,
  { credentials },
) => {
  app.get(
    P.didDocument,
    {
      config: publicLimit,
      schema: {
        tags,
        summary: "The issuer's did:web DID document (its Ed25519 key as JsonWebKey2020)",
        response: contentResponses('The DID document', { 'application/did+json': didDocumentSchema }),
      },
    },
    async (_request, reply) =>
      reply
        .type('application/did+json')
        .header('cache-control', 'public, max-age=3600')
        .header('access-control-allow-origin', '*')
        .send(JSON.stringify(credentials.didDocument())),
  );
  app.get(
    P.jwks,
    {
      config: publicLimit,
      schema: {
        tags,
        summary: "The issuer's public key as a JWK Set",
        response: contentResponses('The JWK Set', {
          'application/jwk-set+json': z.object({ keys: z.array(publicJwkSchema).min(1) }),
        }),
      },
    },
    async (_request, reply) =>
      reply
        .type('application/jwk-set+json')
        .header('cache-control', 'public, max-age=3600')
        .header('access-control-allow-origin', '*')
        .send(JSON.stringify(credentials.jwks())),
  );
  app.get(
    P.contextV1,
    {
      config: publicLimit,
      schema: {
        tags,
        summary: "The JSON-LD context of the credentials' own terms (version 1)",
        response: contentResponses('The JSON-LD context (also exported by @veridocs/shared)', {
          'application/ld+json': z.object({ '@context': z.record(z.string(), z.unknown()) }),
        }),
      },
    },
    async (_request, reply) =>
      reply
        .type('application/ld+json')
        .header('cache-control', 'public, max-age=86400')
        .header('access-control-allow-origin', '*')
        .send(JSON.stringify(CREDENTIALS_CONTEXT_V1)),
  );
  app.get(
    P.statusListRoute,
    {
      config: publicLimit,
      schema: {
        tags,
        response: contentResponses('The status list credential, a compact JWS', {
          'application/jwt': z.string().regex(/^[\w-]+\.[\w-]+\.[\w-]+$/),
        }),
        summary: 'A signed Bitstring Status List credential (VC-JWT): bit set = revoked',
        params: z.object({ list: z.coerce.number().int().min(0).max(1_000_000) }),
      },
    },
    async (request, reply) =>
      reply
        .type('application/jwt')
        .header('cache-control', `public, max-age=${STATUS_LIST_TTL_SECONDS}`)
        .header('access-control-allow-origin', '*')
        .send(await credentials.statusListCredential(request.params.list)),
  );
};

/** Admin: revoke a credential (its status list bit is set), audited. */
export const credentialsOpsRouter: FastifyPluginAsyncZod<{
  credentials: CredentialsService;
  audit: (entry: AuditInput) => Promise<void>;
}> = async (app, { credentials, audit }) => {
  app.post(
    OPS_API_PATHS.revokeCredentialRoute,
    {
      schema: {
        tags: ['ops'],
        summary: 'Revokes a credential: its status list bit is set, verification answers revoked',
        description: 'Unknown credential 245; already revoked 246.',
        security: [{ opsBearer: [] }],
        params: idParams,
        body: revokeCredentialRequestSchema,
        response: responses(revokeCredentialResponseSchema),
      },
    },
    async (request) => {
      const revoked = await credentials.revoke(request.params.id, request.body.reason);
      await audit({
        staffId: currentStaff(request).staffId,
        action: 'credential.revoke',
        targetType: 'credential',
        targetId: revoked.id,
        detail: { reason: request.body.reason, statusListIndex: revoked.statusListIndex },
        ip: originOf(request).ip,
      });
      return ok(revoked, 'Credential revoked');
    },
  );
};
