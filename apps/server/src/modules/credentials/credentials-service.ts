import { createPublicKey, randomBytes } from 'node:crypto';
import {
  CREDENTIALS_CONTEXT_V1_URL,
  API_PATHS,
  credentialAttributesSchema,
  credentialTypeSchema,
  type AddWalletDocumentResponse,
  type Credential,
  type CredentialAttributes,
  type CredentialListQuery,
  type CredentialListResponse,
  type CredentialType,
  type CredentialVerification,
  type FileUploadResponse,
  type RevokeCredentialResponse,
  storedValueText,
  type DisclosureRecord,
  type DynamicInputField,
  type VerificationConfig,
} from '@veridocs/shared';
import { SignJWT, compactVerify, decodeProtectedHeader } from 'jose';
import { z } from 'zod';
import type { DbScope } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import type { StateChange } from '../transactions/state-machine.js';
import type {
  CompletedVerification,
  CredentialRow,
  CredentialsRepository,
  HeldCredentialRow,
} from './credentials-repository.js';
import { ISSUER_NAME, didDocumentOf, type IssuerKey } from './issuer.js';
import { STATUS_LIST_SIZE, encodeStatusList, statusBit, statusPosition } from './status-list.js';

export const VC_CONTEXT_V1 = 'https://www.w3.org/2018/credentials/v1';
/** The Bitstring Status List terms for a VC Data Model 1.1 credential. */
export const STATUS_CONTEXT_V1 = 'https://www.w3.org/ns/credentials/status/v1';
/** How long a signed status list may be cached by a verifier (and its `exp`). */
export const STATUS_LIST_TTL_SECONDS = 300;

/** The verification data fields a credential repeats (facts, never identity or roll numbers). */
const ATTRIBUTE_FIELDS = [
  'degreeName',
  'institute',
  'passingYear',
  'board',
  'schoolName',
  'companyName',
  'designation',
  'employmentType',
  'joiningDate',
  'relievingDate',
  'city',
  'district',
  'state',
  'country',
  'issuingAuthority',
  'issueDate',
] as const;

const CATEGORY_TYPES: Record<string, CredentialType> = {
  Identity: 'IdentityVerification',
  Education: 'EducationVerification',
  Employment: 'EmploymentVerification',
  Address: 'AddressVerification',
};

export function credentialTypeOf(category: string): CredentialType {
  return CATEGORY_TYPES[category] ?? 'CertificateVerification';
}

/** A config's fields by name (the first of that name over its auth options, as the form shows it). */
function fieldsOf(config: VerificationConfig | null): Map<string, DynamicInputField> {
  const fields = new Map<string, DynamicInputField>();
  for (const option of config?.authOptions ?? [])
    for (const section of option.page.config)
      for (const input of section.inputs)
        if (!fields.has(input.fieldName)) fields.set(input.fieldName, input);
  return fields;
}

/** credentialAttributes (spec §3) of a completed verification. */
export function attributesOf(v: CompletedVerification, verifiedAt: Date): CredentialAttributes {
  const attributes: CredentialAttributes = {
    holderName: v.verifiedName ?? v.holderName,
    verification: v.label ?? v.verificationName,
    category: v.category,
    requestedBy: v.orgName,
    verifiedOn: verifiedAt.toISOString().slice(0, 10),
  };
  const mark = sourceMarkOf(v);
  // "Issuer: Central Board of Secondary Education, via DigiLocker, on 2026-11-29" (issue 26).
  if (mark?.channel === 'institution')
    attributes.source = `Confirmed by ${mark.designation ? `the ${mark.designation}, ` : ''}${mark.issuer}, on ${mark.at.slice(0, 10)}`;
  else if (mark)
    attributes.source = `Issuer: ${mark.issuer}, via ${CHANNEL_NAMES[mark.channel] ?? mark.channel}, on ${mark.at.slice(0, 10)}`;
  // Identity documents attest the name only: their fields hold numbers and addresses.
  if (v.category === 'Identity') return attributes;
  const fields = fieldsOf(v.config);
  for (const field of ATTRIBUTE_FIELDS) {
    // Words, never ids: an institute by its name, not "anna-university"; "FULL_TIME" as "Full-time".
    const text = storedValueText(fields.get(field), v.data[field]);
    if (text) attributes[field] = text.slice(0, 200);
  }
  return attributes;
}

const CHANNEL_NAMES: Record<string, string> = {
  digilocker: 'DigiLocker',
  apisetu: 'API Setu',
  institution: 'the issuing institution',
};

/** The issuer's mark on a verification verified at its source (issue 26), when it has a usable one. */
function sourceMarkOf(
  v: CompletedVerification,
): { channel: string; issuer: string; doctype: string; at: string; designation: string | null } | null {
  const mark = v.data.issuerSource;
  if (typeof mark !== 'object' || mark === null) return null;
  const { channel, issuer, doctype, at, responder } = mark as Record<string, unknown>;
  if (typeof channel !== 'string' || typeof issuer !== 'string' || typeof at !== 'string') return null;
  const designation = (responder as { designation?: unknown } | undefined)?.designation;
  return {
    channel,
    issuer,
    doctype: typeof doctype === 'string' ? doctype : '',
    at,
    designation: typeof designation === 'string' ? designation : null,
  };
}

/**
 * The VC `evidence` (VC Data Model 1.1 §5.6) of a verification its issuer's own document verified:
 * who issued it, through which channel, which document type, when it was pulled. Null otherwise.
 */
export function evidenceOf(v: CompletedVerification): Record<string, unknown>[] | null {
  const mark = sourceMarkOf(v);
  if (!mark) return null;
  // The institution's own answer to the team's request (issue 27): who confirmed it, not a document.
  if (mark.channel === 'institution')
    return [
      {
        type: ['DocumentVerification'],
        verificationMethod: 'IssuerConfirmation',
        documentIssuer: mark.issuer,
        confirmedBy: mark.designation ? `${mark.designation}, ${mark.issuer}` : mark.issuer,
        evidenceDate: mark.at,
      },
    ];
  return [
    {
      type: ['DocumentVerification'],
      verificationMethod: 'IssuerSource',
      documentIssuer: mark.issuer,
      channel: CHANNEL_NAMES[mark.channel] ?? mark.channel,
      documentType: mark.doctype,
      documentPresence: 'Digital',
      evidenceDate: mark.at,
    },
  ];
}

/** The part of a VC-JWT's payload this issuer writes and reads back. */
const vcPayloadSchema = z.object({
  iss: z.string(),
  jti: z.string().startsWith('urn:uuid:'),
  nbf: z.number(),
  exp: z.number().optional(),
  vc: z.object({
    '@context': z.array(z.string()),
    type: z.array(z.string()),
    credentialSubject: z.object({
      credentialType: credentialTypeSchema,
      credentialAttributes: credentialAttributesSchema,
    }),
    credentialStatus: z.object({
      type: z.literal('BitstringStatusListEntry'),
      statusPurpose: z.literal('revocation'),
      statusListIndex: z.string().regex(/^\d+$/),
      statusListCredential: z.string(),
    }),
  }),
});

export interface CredentialsServiceDeps {
  repo: CredentialsRepository;
  /**
   * Records that a credential was shared (ADR 0049 "Disclosures"): received into another wallet, or
   * opened by a verifier through its share link; a no-op by default.
   */
  disclose?: (scope: DbScope, record: DisclosureRecord) => Promise<void>;
  issuer: IssuerKey;
  publicUrl: string;
  validityDays: number;
  now: Clock;
  /**
   * Whether the candidate's consent lets a request's credential be issued (ADR 0049: `wallet` withdrawn,
   * none); read inside the state change's database transaction. Default: yes.
   */
  walletAllowed?: (scope: DbScope, profileId: string, txnId: string) => Promise<boolean>;
  /** Told inside the state change's database transaction when a credential is new (a notification). */
  onIssued?: (
    scope: DbScope,
    issued: {
      profileId: string;
      credentialId: string;
      verificationName: string;
      /** The verification's label, as the credential says it. */
      verification: string;
      org: string;
    },
  ) => Promise<void>;
}

export function createCredentialsService(deps: CredentialsServiceDeps) {
  const { repo, issuer, now } = deps;
  const statusListUrlAt = (publicUrl: string, list: number) =>
    `${publicUrl}${API_PATHS.credentials.statusList(list)}`;
  const statusListUrl = (list: number) => statusListUrlAt(deps.publicUrl, list);

  /**
   * The key, DID and address a credential's header names: this server's, or one it signed under
   * before a change of PUBLIC_URL or of the server secret (ADR 0031 "Past issuers"); null: not ours.
   */
  async function signerOf(kid: string | undefined) {
    if (kid === issuer.keyId)
      return { publicKey: issuer.publicKey, did: issuer.did, publicUrl: deps.publicUrl, current: true };
    if (!kid) return null;
    const row = await repo.issuerKey(kid);
    if (!row || !kid.startsWith(`${row.did}#`)) return null;
    const publicKey = createPublicKey({ key: row.publicJwk, format: 'jwk' });
    return { publicKey, did: row.did, publicUrl: row.publicUrl, current: false };
  }

  async function sign(row: CredentialRow): Promise<string> {
    const { list, bit } = statusPosition(row.statusIndex);
    const url = statusListUrl(list);
    const jwt = new SignJWT({
      vc: {
        '@context': [VC_CONTEXT_V1, STATUS_CONTEXT_V1, CREDENTIALS_CONTEXT_V1_URL],
        type: ['VerifiableCredential', row.credentialType],
        credentialSubject: {
          credentialType: row.credentialType,
          credentialAttributes: row.credentialAttributes,
        },
        ...(row.evidence ? { evidence: row.evidence } : {}),
        credentialStatus: {
          id: `${url}#${bit}`,
          type: 'BitstringStatusListEntry',
          statusPurpose: 'revocation',
          statusListIndex: String(bit),
          statusListCredential: url,
        },
      },
    })
      .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT', kid: issuer.keyId })
      .setIssuer(issuer.did)
      .setJti(`urn:uuid:${row.id}`)
      .setIssuedAt(row.issuedAt)
      .setNotBefore(row.issuedAt);
    if (row.expiresAt) jwt.setExpirationTime(row.expiresAt);
    return jwt.sign(issuer.privateKey);
  }

  function toCredential(row: CredentialRow | HeldCredentialRow): Credential {
    const receivedAt = 'receivedAt' in row ? row.receivedAt : null;
    return {
      id: row.id,
      credentialType: row.credentialType,
      credentialAttributes: row.credentialAttributes,
      txnId: row.txnId,
      verificationName: row.verificationName,
      issuer: issuer.did,
      issuedAt: row.issuedAt.toISOString(),
      expiresAt: row.expiresAt?.toISOString() ?? null,
      status: row.revokedAt ? 'revoked' : 'active',
      revokedAt: row.revokedAt?.toISOString() ?? null,
      shareId: row.shareId,
      jwt: row.jwt ?? '',
      // A received credential's supporting documents stay its holder's (ADR 0037).
      documents: receivedAt ? [] : row.documents,
      received: receivedAt !== null,
      receivedAt: receivedAt?.toISOString() ?? null,
    };
  }

  /** The set bits of one list, as a verifier would read them from the published credential. */
  async function encodedList(list: number): Promise<string> {
    const from = list * STATUS_LIST_SIZE;
    const revoked = await repo.revokedIndexes(from, from + STATUS_LIST_SIZE);
    return encodeStatusList(revoked.map((g) => g - from));
  }

  const failed = (
    reason: NonNullable<CredentialVerification['reason']>,
    checks: Partial<CredentialVerification['checks']> = {},
    credential: CredentialVerification['credential'] = null,
  ): CredentialVerification => ({
    result: reason === 'revoked' ? 'revoked' : 'invalid',
    reason,
    checks: { signature: false, issuer: false, expiry: false, status: false, ...checks },
    credential,
    checkedAt: now().toISOString(),
  });

  async function verifyJwt(jwt: string): Promise<CredentialVerification> {
    // 1. The signature, by the issuer's key named in the header.
    let header: ReturnType<typeof decodeProtectedHeader>;
    try {
      header = decodeProtectedHeader(jwt);
    } catch {
      return failed('malformed');
    }
    const signer = header.alg === 'EdDSA' ? await signerOf(header.kid) : null;
    if (!signer) return failed('issuer');
    let payloadBytes: Uint8Array;
    try {
      ({ payload: payloadBytes } = await compactVerify(jwt, signer.publicKey, { algorithms: ['EdDSA'] }));
    } catch {
      return failed('signature');
    }
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder().decode(payloadBytes));
    } catch {
      return failed('malformed', { signature: true });
    }
    const parsed = vcPayloadSchema.safeParse(json);
    if (!parsed.success) return failed('malformed', { signature: true });
    const payload = parsed.data;
    // 2. The issuer: this product's DID (the one its key was used under).
    if (payload.iss !== signer.did) return failed('issuer', { signature: true });
    const id = payload.jti.slice('urn:uuid:'.length);
    const row = await repo.findById(id);
    // A past key (a changed secret may have leaked) vouches only for what it signed then: the very
    // credential this product issued and still holds, not anything signed with it since.
    if (!signer.current && row?.jwt !== jwt) return failed('issuer', { signature: true });
    const facts: CredentialVerification['credential'] = {
      id,
      credentialType: payload.vc.credentialSubject.credentialType,
      credentialAttributes: payload.vc.credentialSubject.credentialAttributes,
      issuer: payload.iss,
      issuerName: ISSUER_NAME,
      issuedAt: new Date(payload.nbf * 1000).toISOString(),
      expiresAt: payload.exp === undefined ? null : new Date(payload.exp * 1000).toISOString(),
      revokedAt: row?.revokedAt?.toISOString() ?? null,
    };
    // 3. Expiry and not-before.
    const nowSeconds = Math.floor(now().getTime() / 1000);
    const timely = payload.nbf <= nowSeconds + 60 && (payload.exp === undefined || payload.exp > nowSeconds);
    // 4. The status list the credential names, read from its encoded bitstring.
    const status = payload.vc.credentialStatus;
    const index = Number(status.statusListIndex);
    const list = Number(/\/(\d+)$/.exec(status.statusListCredential)?.[1]);
    if (
      !Number.isInteger(list) ||
      status.statusListCredential !== statusListUrlAt(signer.publicUrl, list) ||
      index >= STATUS_LIST_SIZE
    )
      return failed('status', { signature: true, issuer: true, expiry: timely }, facts);
    const revoked = statusBit(await encodedList(list), index);
    const checks = { signature: true, issuer: true, expiry: timely, status: !revoked };
    if (revoked) return failed('revoked', checks, facts);
    if (!timely) return failed('expired', checks, facts);
    return { result: 'valid', reason: null, checks, credential: facts, checkedAt: now().toISOString() };
  }

  return {
    /** Records this server's issuer identity, so credentials it signs stay verifiable after a change. */
    async registerIssuer(at: Date): Promise<void> {
      await repo.recordIssuerKey({
        keyId: issuer.keyId,
        did: issuer.did,
        publicUrl: deps.publicUrl,
        publicJwk: { kty: 'OKP', crv: 'Ed25519', x: issuer.publicJwk.x },
        firstUsedAt: at,
      });
    },
    /**
     * The state-change hook (app.ts `stateChangeHooks`): a verification that became COMPLETED gets its
     * credential, signed here (Ed25519 takes microseconds) in the change's database transaction, once.
     */
    async onStateChanges(scope: DbScope, changes: readonly StateChange[], at: Date): Promise<void> {
      for (const change of changes) {
        if (change.entity !== 'verification' || change.to !== 'COMPLETED' || !change.verificationName)
          continue;
        const completed = await repo.completedVerification(scope, change.txnId, change.verificationName);
        if (!completed || completed.state !== 'COMPLETED') continue;
        if (deps.walletAllowed && !(await deps.walletAllowed(scope, completed.profileId, completed.txnId)))
          continue;
        const expiresAt = new Date(at.getTime() + deps.validityDays * 86_400_000);
        const row = await repo.insertOnce(scope, {
          profileId: completed.profileId,
          txnId: completed.txnId,
          verificationName: completed.verificationName,
          credentialType: credentialTypeOf(completed.category),
          credentialAttributes: attributesOf(completed, at),
          shareId: randomBytes(16).toString('base64url'),
          issuedAt: at,
          expiresAt,
          evidence: evidenceOf(completed),
        });
        if (!row) continue;
        await repo.setJwt(scope, row.id, await sign(row));
        // Told when the team's decision made it; a credential of the candidate's own step (the Aadhaar
        // OTP) is no news to them, as the notifications of their own actions are not (ADR 0030).
        if (change.profileId === null)
          await deps.onIssued?.(scope, {
            profileId: completed.profileId,
            credentialId: row.id,
            verificationName: completed.verificationName,
            verification: completed.label ?? completed.verificationName,
            org: completed.orgName,
          });
      }
    },

    /** The caller's wallet: their own credentials and those they received (ADR 0037). */
    async list(profileId: string, query: CredentialListQuery): Promise<CredentialListResponse> {
      const { rows, total } = await repo.listHeld(profileId, query.seed, query.count);
      return { list: rows.map(toCredential), total };
    },

    /** A credential in the caller's wallet; another's (not received) answers as an unknown one (245). */
    async get(profileId: string, id: string): Promise<Credential> {
      const row = z.uuid().safeParse(id).success ? await repo.findHeld(profileId, id) : undefined;
      if (!row) throw new AppError('CREDENTIAL_NOT_FOUND');
      return toCredential(row);
    },

    /**
     * Refuses (245) unless `id` is the caller's OWN credential: asked before a byte of the document is read,
     * so a refusal stores nothing. A received credential answers like an unknown one.
     */
    async assertOwned(profileId: string, id: string): Promise<void> {
      const row = z.uuid().safeParse(id).success ? await repo.findOwned(profileId, id) : undefined;
      if (!row) throw new AppError('CREDENTIAL_NOT_FOUND');
    },

    /** Keeps an uploaded, checked file (the caller's) as a supporting document of their credential. */
    async addDocument(
      profileId: string,
      id: string,
      file: FileUploadResponse,
    ): Promise<AddWalletDocumentResponse> {
      const row = await repo.addDocument(profileId, id, {
        fileId: file.fileId,
        name: file.name,
        addedAt: now().toISOString(),
        mimeType: file.mimeType,
        size: file.size,
      });
      if (!row) throw new AppError('CREDENTIAL_NOT_FOUND');
      return { ...file, credentialId: row.id };
    },

    /**
     * Takes a supporting document off the caller's own credential (ADR 0040): another's, a received or an
     * unknown credential 245; a document not kept with it 266. The file stays the candidate's (as the
     * uploads of a deleted verification do), no longer listed with the credential.
     */
    async removeDocument(profileId: string, id: string, fileId: string): Promise<Credential> {
      const result = z.uuid().safeParse(id).success
        ? await repo.removeDocument(profileId, id, fileId)
        : undefined;
      if (!result) throw new AppError('CREDENTIAL_NOT_FOUND');
      if (!result.removed) throw new AppError('WALLET_DOCUMENT_NOT_FOUND');
      return toCredential({ ...result.row, receivedAt: null });
    },

    /**
     * Takes a credential the caller received out of their wallet (ADR 0040); their own credential, one
     * they did not receive or an unknown id answers 245. The credential itself is untouched.
     */
    async removeReceived(profileId: string, id: string): Promise<{ id: string }> {
      const removed = z.uuid().safeParse(id).success ? await repo.forgetReceived(profileId, id) : false;
      if (!removed) throw new AppError('CREDENTIAL_NOT_FOUND');
      return { id };
    },

    /**
     * Receives the credential behind a share id into the caller's wallet (ADR 0037): only one that verifies
     * now (not revoked 263, not expired or invalid 265), never the caller's own (264). Idempotent.
     */
    async receive(profileId: string, shareId: string): Promise<{ credential: Credential; created: boolean }> {
      const row = /^[A-Za-z0-9_-]{22}$/.test(shareId) ? await repo.findByShareId(shareId) : undefined;
      if (!row?.jwt) throw new AppError('CREDENTIAL_NOT_FOUND');
      if (row.profileId === profileId) throw new AppError('CREDENTIAL_OWN');
      const verification = await verifyJwt(row.jwt);
      if (verification.result === 'revoked') throw new AppError('CREDENTIAL_REVOKED');
      if (verification.result !== 'valid') throw new AppError('CREDENTIAL_NOT_VALID');
      const before = await repo.findHeld(profileId, row.id);
      if (!before) {
        const at = now();
        await repo.receive(profileId, row.id, at, async (scope) => {
          await deps.disclose?.(scope, {
            profileId: row.profileId,
            txnId: row.txnId,
            recipientKind: 'verifier',
            recipientName: 'Another Veridocs wallet',
            what: 'credential_share',
            detail: row.credentialType,
            at,
          });
        });
      }
      const held = await repo.findHeld(profileId, row.id);
      if (!held) throw new AppError('CREDENTIAL_NOT_FOUND');
      return { credential: toCredential(held), created: !before };
    },

    /** Public: the credential behind a share id, fully verified (signature, issuer, expiry, status list). */
    async verifyShared(shareId: string): Promise<CredentialVerification> {
      const row = /^[A-Za-z0-9_-]{22}$/.test(shareId) ? await repo.findByShareId(shareId) : undefined;
      if (!row?.jwt) throw new AppError('CREDENTIAL_NOT_FOUND');
      const verification = await verifyJwt(row.jwt);
      const disclose = deps.disclose;
      if (disclose)
        await repo.transaction((scope) =>
          disclose(scope, {
            profileId: row.profileId,
            txnId: row.txnId,
            recipientKind: 'verifier',
            recipientName: 'Someone with the share link',
            what: 'credential_share',
            detail: row.credentialType,
            at: now(),
          }),
        );
      return verification;
    },

    verifyJwt,

    /** The signed BitstringStatusListCredential of one list (VC-JWT). */
    async statusListCredential(list: number): Promise<string> {
      const url = statusListUrl(list);
      const issuedAt = now();
      return new SignJWT({
        vc: {
          '@context': [VC_CONTEXT_V1, STATUS_CONTEXT_V1, CREDENTIALS_CONTEXT_V1_URL],
          id: url,
          type: ['VerifiableCredential', 'BitstringStatusListCredential'],
          credentialSubject: {
            id: `${url}#list`,
            type: 'BitstringStatusList',
            statusPurpose: 'revocation',
            encodedList: await encodedList(list),
            ttl: STATUS_LIST_TTL_SECONDS * 1000,
          },
        },
      })
        .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT', kid: issuer.keyId })
        .setIssuer(issuer.did)
        .setJti(url)
        .setIssuedAt(issuedAt)
        .setNotBefore(issuedAt)
        .setExpirationTime(new Date(issuedAt.getTime() + STATUS_LIST_TTL_SECONDS * 1000))
        .sign(issuer.privateKey);
    },

    didDocument: () => didDocumentOf(issuer),
    jwks: () => ({ keys: [issuer.publicJwk] }),

    /**
     * The candidate withdrew `wallet` for a request (issue 29, ADR 0049): its credentials are revoked
     * and removed from every wallet. Idempotent; answers how many were removed now.
     */
    removeForWithdrawal(profileId: string, txnId: string): Promise<number> {
      return repo.removeOfTxn(profileId, txnId, now(), 'withdrawn by the candidate');
    },

    /** Admin: sets the credential's status list bit (ADR 0031). */
    async revoke(id: string, reason: string): Promise<RevokeCredentialResponse> {
      const result = z.uuid().safeParse(id).success ? await repo.revoke(id, now(), reason) : undefined;
      if (!result) throw new AppError('CREDENTIAL_NOT_FOUND');
      if (!result.changed) throw new AppError('CREDENTIAL_ALREADY_REVOKED');
      return {
        id: result.row.id,
        revokedAt: result.row.revokedAt!.toISOString(),
        statusListIndex: result.row.statusIndex,
      };
    },
  };
}
export type CredentialsService = ReturnType<typeof createCredentialsService>;
