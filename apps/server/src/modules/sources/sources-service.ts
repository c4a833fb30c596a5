import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  FILE_LIMITS,
  PULLED_DOCUMENT_RETENTION_DAYS,
  verificationTypeOf,
  type SourceCallbackRequest,
  type SourceCallbackResponse,
  type SourceConsent,
  type SourceConsentQuery,
  type SourcePullRequest,
  type SourcePullResponse,
  type SourceStartRequest,
  type SourceStartResponse,
  type AskIssuerResponse,
  type CaseIssuerSources,
  type FieldComparison,
  type DisclosureRecord,
} from '@veridocs/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { DbScope } from '../../db/client.js';
import { AppError, isAppError, validationFailed } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { randomToken, seal, sha256Base64Url, sha256Hex, unseal } from '../../lib/crypto.js';
import { isUuid } from '../../lib/ids.js';
import {
  DigiLockerRefused,
  DocumentNotFound,
  SourceDown,
  type DigiLockerProvider,
  type IssuedDocument,
} from '../../providers/digilocker/digilocker-provider.js';
import type {
  EaadhaarRecord,
  IssuerCertificate,
  SignatureCheck,
} from '../../providers/issuer-documents/issuer-document.js';
import { CertificateOnlyAsPdf, SourceRefused, type ApiSetuProvider } from '../../providers/apisetu/index.js';
import type { AadhaarService } from '../aadhaar/aadhaar-service.js';
import type { FilesService } from '../files/files-service.js';
import type { OpsOrigin, OpsUser } from '../ops-auth/ops-auth-service.js';
import type { OpsService } from '../ops/ops-service.js';
import type { TransactionsService } from '../transactions/transactions-service.js';
import {
  EAADHAAR_DOCUMENT,
  compareCertificate,
  compareEaadhaar,
  doctypeName,
  doctypesFor,
  documentsView,
  formValuesFrom,
  issuerFor,
  resultOf,
  rollNumberOf,
  type Comparison,
} from './sources-fns.js';
import type { DigilockerSession, NewPull, SourcesRepository } from './sources-repository.js';

/** From "Fetch from DigiLocker" to the pull: the sign-in and the choice must fit in it. */
export const SESSION_MINUTES = 15;
/** DigiLocker sign-ins a candidate may start per hour. */
export const MAX_STARTS_PER_HOUR = 10;

export interface IssuerDocumentReader {
  /**
   * The XML signature against the trust anchors, and the certificate's fields read from what the
   * signature covers (from the XML as received when it does not hold: evidence only). Throws on XML
   * that is not a certificate.
   */
  read(
    xml: string,
    hints: { issuerId?: string; doctype?: string },
  ): { cert: IssuerCertificate; signature: SignatureCheck };
  /** The same for DigiLocker's e-Aadhaar: only the last 4 digits and `hashNumber`'s hash leave it. */
  readEaadhaar(
    xml: string,
    hashNumber: (digits: string) => string,
  ): { record: EaadhaarRecord; signature: SignatureCheck };
}

export interface SourcesServiceDeps {
  repo: SourcesRepository;
  digilocker: DigiLockerProvider;
  apisetu: ApiSetuProvider;
  /** Aadhaar's rules for an e-Aadhaar: the keyed hash, the repeat check, the profile and the identity. */
  identity: Pick<AadhaarService, 'completeFromEaadhaar' | 'numberHash'>;
  /** The team's decision with the issuer's mark (lock, audit), for a matching API Setu answer. */
  ops: Pick<OpsService, 'decideFromSource'>;
  documents: IssuerDocumentReader;
  transactions: Pick<
    TransactionsService,
    'sourceTarget' | 'completeFromSource' | 'opsSourceTarget' | 'reportContext'
  >;
  files: Pick<FilesService, 'receive' | 'complete' | 'discard'>;
  /** Encrypts the PKCE verifier and the access token at rest (ServerKeys.sources). */
  key: Uint8Array;
  /** Where DigiLocker sends the candidate back: the web app's digilocker page (registered with DigiLocker). */
  redirectUri: string;
  now: Clock;
  log: FastifyBaseLogger;
  /**
   * Records that the candidate's details went to an issuer (ADR 0049 "Disclosures"), in the database
   * transaction that keeps the pull; a no-op by default.
   */
  disclose?: (scope: DbScope, record: DisclosureRecord) => Promise<void>;
  /**
   * The candidate's recorded consent to `verify` for a request (the consent ledger's entry that grants
   * it, ADR 0049): its id (a UUID) and when it was given; null when refused, withdrawn or never
   * recorded. API Setu's consent artifact is built from it.
   */
  verifyConsent: (profileId: string, txnId: string) => Promise<{ consentId: string; givenAt: Date } | null>;
  /**
   * The same, asked again in the database transaction that completes a verification from the issuer's
   * answer, under the consent ledger's lock (ADR 0045): a withdrawal made while the issuer was asked
   * leaves the verification as it was. Unset: not asked again.
   */
  verifyConsentIn?: (
    scope: DbScope,
    profileId: string,
    txnId: string,
  ) => Promise<{ consentId: string; givenAt: Date } | null>;
  /**
   * Records the consent screen's agreement in the consent ledger under `verify`, channel `digilocker`
   * (ADR 0049), refusing (340) when the request's consent no longer grants it; a no-op by default.
   */
  recordConsent?: (input: {
    profileId: string;
    ref: { orgId: string; txnId: string };
    language: 'en' | 'hi';
    terms: SourceConsent;
  }) => Promise<void>;
}

const PURPOSE = (org: string, verificationName: string) =>
  verificationTypeOf(verificationName) === 'aadhaar'
    ? `To verify your identity for ${org}`
    : `To verify your education for ${org}`;

/**
 * Fetch from DigiLocker (issue 26, ADR 0045): the candidate agrees (the words are kept), signs in at
 * DigiLocker (OAuth 2 authorisation code with PKCE and `state`), picks an issued document, and the
 * product pulls its XML and PDF once, checks the issuer's signature, compares it with the form and the
 * verified identity and, on a match, completes the verification. The token is revoked after the pull;
 * every pull is kept (who, what, when, for which organisation) in issuer_pulls.
 */
export function createSourcesService(deps: SourcesServiceDeps) {
  /**
   * Keeps a pull and records its disclosure (the candidate's details went to the issuer, whatever it
   * answered) in one database transaction: the caller's when the pull completes a verification.
   */
  const recordPull = async (row: NewPull, scope?: DbScope) => {
    const write = async (tx: DbScope) => {
      const pull = await deps.repo.insertPull(row, tx);
      if (row.profileId && deps.disclose)
        await deps.disclose(tx, {
          profileId: row.profileId,
          txnId: row.txnId,
          recipientKind: 'issuer',
          recipientName: row.issuerName,
          what: 'issuer_pull',
          detail: `${row.doctype} (${row.channel === 'apisetu' ? 'API Setu' : 'DigiLocker'})`,
          at: row.pulledAt,
        });
      return pull;
    };
    return scope ? write(scope) : deps.repo.transaction(write);
  };
  const { repo, digilocker, apisetu, documents, transactions, files, key, redirectUri, now, log } = deps;

  function assertFetchable(name: string) {
    if (doctypesFor(name).length === 0) throw new AppError('SOURCE_NOT_SUPPORTED');
  }

  /** The caller's own live session (another's, an unknown or an ended one answer alike). */
  async function ownSession(profileId: string, id: string): Promise<DigilockerSession> {
    const session = isUuid(id) ? await repo.find(id.toLowerCase()) : undefined;
    if (!session || session.profileId !== profileId) throw new AppError('SOURCE_SESSION_INVALID');
    return session;
  }

  /** Maps the provider's failures to the product's (the log names the step, never a token). */
  async function guarded<T>(step: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof DigiLockerRefused) throw new AppError('SOURCE_REFUSED');
      if (error instanceof DocumentNotFound) throw new AppError('SOURCE_DOCUMENT_NOT_FOUND');
      if (error instanceof SourceDown) {
        log.warn({ provider: digilocker.name, step, reason: error.message }, 'DigiLocker down');
        throw new AppError('SOURCE_DOWN');
      }
      throw error;
    }
  }

  /** Revokes the session's token (once) and forgets it; a failure is logged, never the candidate's problem. */
  async function revoke(session: DigilockerSession): Promise<void> {
    if (!session.accessTokenEnc) return;
    try {
      await digilocker.revoke(unseal(key, session.accessTokenEnc));
    } catch (error) {
      log.warn({ sessionId: session.id, err: error }, 'DigiLocker token not revoked');
    }
    await repo.update(session.id, { accessTokenEnc: null, tokenRevokedAt: now() });
  }

  /** The verification a session is for, as the caller's open transaction has it now. */
  const targetOf = (profileId: string, session: DigilockerSession) =>
    transactions.sourceTarget(
      profileId,
      { orgId: session.orgId, txnId: session.txnId },
      session.verificationName,
    );

  /** What every candidate's pull row says of its session. */
  const sessionPull = (profileId: string, session: DigilockerSession, at: Date) => ({
    id: randomUUID(),
    txnId: session.txnId,
    verificationName: session.verificationName,
    orgId: session.orgId,
    profileId,
    channel: 'digilocker' as const,
    staffId: null,
    pulledAt: at,
  });

  const pullAnswer = (comparison: Comparison, issuer: string, state: string): SourcePullResponse => ({
    matched: comparison.matched,
    comparison: comparison.fields,
    issuer,
    state,
    nameMismatch: comparison.nameMismatch,
  });

  /** The e-Aadhaar of the session's account, read under Aadhaar's rules; a match proves the identity. */
  async function pullEaadhaar(
    profileId: string,
    session: DigilockerSession,
    token: string,
  ): Promise<SourcePullResponse> {
    let xml: string;
    try {
      xml = await guarded('eaadhaar', () => digilocker.eaadhaarXml(token));
    } finally {
      await revoke(session);
    }
    let record: EaadhaarRecord;
    let signature: SignatureCheck;
    try {
      ({ record, signature } = documents.readEaadhaar(xml, deps.identity.numberHash));
    } catch (error) {
      log.warn({ sessionId: session.id, err: error }, 'DigiLocker e-Aadhaar not readable');
      throw new AppError('SOURCE_DOCUMENT_NOT_FOUND', 'DigiLocker sent an e-Aadhaar that could not be read');
    }
    const target = await targetOf(profileId, session);
    const comparison = compareEaadhaar(record, signature, {
      name: target.profileName,
      dateOfBirth: target.dateOfBirth,
    });
    const at = now();
    // Kept: what was compared, never the XML (it holds the full number when DigiLocker gives it whole).
    const pullRow = {
      ...sessionPull(profileId, session, at),
      issuerId: EAADHAAR_DOCUMENT.issuerId,
      issuerName: EAADHAAR_DOCUMENT.issuer,
      doctype: EAADHAAR_DOCUMENT.doctype,
      sourceRef: EAADHAAR_DOCUMENT.uri,
      xml: null,
      fields: { name: record.name, dateOfBirth: record.dateOfBirth, last4: record.last4 },
      comparison: comparison.fields as unknown as Record<string, unknown>[],
      matched: comparison.matched,
      signature: signature as unknown as Record<string, unknown>,
    };
    if (!comparison.matched) {
      await recordPull(pullRow);
      return pullAnswer(comparison, EAADHAAR_DOCUMENT.issuer, target.state);
    }
    const state = await deps.identity.completeFromEaadhaar(
      profileId,
      session.txnId,
      record,
      {
        channel: 'digilocker',
        issuer: EAADHAAR_DOCUMENT.issuer,
        doctype: EAADHAAR_DOCUMENT.doctype,
        pullId: pullRow.id,
        at: at.toISOString(),
      },
      async (scope) => {
        await recordPull({ ...pullRow, completed: true }, scope);
      },
    );
    return pullAnswer(comparison, EAADHAAR_DOCUMENT.issuer, state);
  }

  /** The consent screen's words for a verification of the caller's (the fetchable ones only). */
  async function consentTarget(profileId: string, query: SourceConsentQuery) {
    assertFetchable(query.name);
    const target = await transactions.sourceTarget(profileId, query, query.name);
    const consent: SourceConsent = {
      organisation: target.orgName,
      verificationLabel: target.label,
      documents: doctypesFor(query.name).map(doctypeName),
      doctypes: [...doctypesFor(query.name)],
      purpose: PURPOSE(target.orgName, query.name),
      retentionDays: PULLED_DOCUMENT_RETENTION_DAYS,
    };
    return { consent, target };
  }

  return {
    consent: async (profileId: string, query: SourceConsentQuery) =>
      (await consentTarget(profileId, query)).consent,

    async start(profileId: string, body: SourceStartRequest): Promise<SourceStartResponse> {
      const { consent, target } = await consentTarget(profileId, body);
      const at = now();
      if (
        (await repo.countStartedSince(profileId, new Date(at.getTime() - 3_600_000))) >= MAX_STARTS_PER_HOUR
      )
        throw new AppError('SOURCE_LIMIT');
      const language = body.language ?? 'en';
      await deps.recordConsent?.({
        profileId,
        ref: { orgId: target.orgId, txnId: target.txnId },
        language,
        terms: consent,
      });
      const state = randomToken(32);
      const verifier = randomToken(48);
      await repo.insertSession({
        profileId,
        txnId: target.txnId,
        verificationName: target.name,
        orgId: target.orgId,
        stateHash: sha256Hex(state),
        codeVerifierEnc: seal(key, verifier),
        consent: { ...consent, language, agreedAt: at.toISOString() },
        status: 'started',
        createdAt: at,
        expiresAt: new Date(at.getTime() + SESSION_MINUTES * 60_000),
      });
      return {
        authorizeUrl: digilocker.authorizeUrl({
          state,
          codeChallenge: sha256Base64Url(verifier),
          redirectUri,
        }),
      };
    },

    /**
     * DigiLocker's redirect, brought by the web app with the caller's session: the `state` must be one
     * this candidate started and not yet used (a replayed or forged callback finds nothing); the code
     * is exchanged once, the token kept encrypted, and the issued documents listed.
     */
    async callback(profileId: string, body: SourceCallbackRequest): Promise<SourceCallbackResponse> {
      const found = await repo.findByStateHash(sha256Hex(body.state));
      if (!found || found.profileId !== profileId) throw new AppError('SOURCE_SESSION_INVALID');
      const at = now();
      if (found.expiresAt <= at) throw new AppError('SOURCE_SESSION_INVALID');
      const session = await repo.takeCode(found.id, at);
      if (!session) throw new AppError('SOURCE_SESSION_INVALID');
      if (body.error !== undefined || body.code === undefined) {
        await repo.update(session.id, { status: 'refused' });
        log.info({ sessionId: session.id, error: body.error }, 'DigiLocker sign-in refused or cancelled');
        throw new AppError('SOURCE_REFUSED');
      }
      const code = body.code;
      let issued: IssuedDocument[];
      let accountName: string;
      try {
        const grant = await guarded('token', () =>
          digilocker.exchangeCode({ code, codeVerifier: unseal(key, session.codeVerifierEnc), redirectUri }),
        );
        await repo.update(session.id, {
          status: 'authorised',
          accessTokenEnc: seal(key, grant.accessToken),
          account: { name: grant.account.name, dateOfBirth: grant.account.dateOfBirth },
        });
        accountName = grant.account.name;
        issued =
          verificationTypeOf(session.verificationName) === 'aadhaar'
            ? grant.account.eaadhaar
              ? [{ ...EAADHAAR_DOCUMENT, mime: [...EAADHAAR_DOCUMENT.mime] }]
              : []
            : await guarded('issued', () => digilocker.issuedDocuments(grant.accessToken));
      } catch (error) {
        const latest = await repo.find(session.id);
        if (latest) await revoke(latest);
        await repo.update(session.id, { status: isAppError(error) ? 'refused' : 'ended' });
        throw error;
      }
      await repo.update(session.id, { documents: issued as unknown as Record<string, unknown>[] });
      const target = await targetOf(profileId, session).catch(async (error: unknown) => {
        // Submitted or completed meanwhile: nothing to fetch for, the token goes.
        const latest = await repo.find(session.id);
        if (latest) await revoke(latest);
        await repo.update(session.id, { status: 'ended' });
        throw error;
      });
      const view = documentsView(issued, session.verificationName);
      return {
        sessionId: session.id,
        orgId: session.orgId,
        txnId: session.txnId,
        formId: target.formId,
        name: session.verificationName,
        verificationLabel: target.label,
        accountName,
        ...view,
      };
    },

    /**
     * The one pull of a session: the document's XML (and PDF) with the token, which is then revoked.
     * A document for another person, of another type, unsigned or with a typed field that differs is
     * kept as evidence but never attached; a match completes the verification.
     */
    async pull(profileId: string, body: SourcePullRequest): Promise<SourcePullResponse> {
      const known = await ownSession(profileId, body.sessionId);
      if (known.expiresAt <= now() || known.status !== 'authorised')
        throw new AppError('SOURCE_SESSION_INVALID');
      const listed = (known.documents ?? []) as unknown as IssuedDocument[];
      const chosen = listed.find((d) => d.uri === body.uri);
      if (!chosen) throw validationFailed([{ path: 'uri', message: 'Choose one of the documents listed' }]);
      const session = await repo.takeForPull(known.id);
      if (!session?.accessTokenEnc) throw new AppError('SOURCE_SESSION_INVALID');
      const token = unseal(key, session.accessTokenEnc);
      if (chosen.doctype === EAADHAAR_DOCUMENT.doctype) return pullEaadhaar(profileId, session, token);
      let xml: string;
      let pdf: { bytes: Buffer; mimeType: string } | null;
      try {
        xml = await guarded('xml', () => digilocker.documentXml(token, chosen.uri));
        pdf = await guarded('file', () => digilocker.documentFile(token, chosen.uri)).catch(
          (error: unknown) => {
            if (isAppError(error) && error.errorName === 'SOURCE_DOCUMENT_NOT_FOUND') return null;
            throw error;
          },
        );
      } finally {
        await revoke(session);
      }
      let cert: IssuerCertificate;
      let signature: SignatureCheck;
      try {
        ({ cert, signature } = documents.read(xml, { issuerId: chosen.issuerId, doctype: chosen.doctype }));
      } catch (error) {
        log.warn({ sessionId: session.id, err: error }, 'DigiLocker XML not a certificate');
        throw new AppError('SOURCE_DOCUMENT_NOT_FOUND', 'DigiLocker sent a document that could not be read');
      }
      const target = await targetOf(profileId, session);
      const comparison = compareCertificate(cert, signature, target, {
        name: target.profileName,
        dateOfBirth: target.dateOfBirth,
      });
      const at = now();
      const pullRow = {
        ...sessionPull(profileId, session, at),
        issuerId: cert.issuer.id || chosen.issuerId,
        issuerName: cert.issuer.name || chosen.issuer,
        doctype: cert.doctype || chosen.doctype,
        sourceRef: chosen.uri,
        xml,
        fields: cert as unknown as Record<string, unknown>,
        comparison: comparison.fields as unknown as Record<string, unknown>[],
        matched: comparison.matched,
        signature: signature as unknown as Record<string, unknown>,
      };
      if (!comparison.matched || !pdf) {
        await recordPull({ ...pullRow, matched: comparison.matched && pdf !== null });
        log.info(
          { sessionId: session.id, pullId: pullRow.id, matched: false },
          'DigiLocker pull not attached',
        );
        if (comparison.matched && !pdf)
          throw new AppError(
            'SOURCE_DOCUMENT_NOT_FOUND',
            'DigiLocker has no file of this document to attach',
          );
        return pullAnswer(comparison, pullRow.issuerName, target.state);
      }
      const received = await files.receive(
        Readable.from([pdf.bytes]),
        `${pullRow.doctype.toLowerCase()}.pdf`,
        // The issuer's own file: the upload minimum (made against empty scans) does not apply.
        { minBytes: 1, maxBytes: FILE_LIMITS.maxBytes },
      );
      const file = await files.complete(profileId, received, {
        folderName: session.txnId,
        fileCategory: session.verificationName,
      });
      const state = await transactions.completeFromSource(
        profileId,
        session.txnId,
        session.verificationName,
        formValuesFrom(session.verificationName, cert, file.fileId, target.data),
        {
          channel: 'digilocker',
          issuer: pullRow.issuerName,
          doctype: pullRow.doctype,
          pullId: pullRow.id,
          at: at.toISOString(),
          ...resultOf(cert),
        },
        async (scope) => {
          await recordPull({ ...pullRow, fileId: file.fileId, completed: true }, scope);
        },
      );
      log.info({ sessionId: session.id, pullId: pullRow.id, matched: true }, 'DigiLocker pull verified');
      return pullAnswer(comparison, pullRow.issuerName, state);
    },

    /**
     * The team asks the issuer (API Setu, issue 26) about one verification being checked: the issuer
     * chosen from the board or institute, the candidate's name, roll number and year as parameters,
     * the candidate's consent as the consent ledger records it (the entry granting `verify`: its id and
     * time) as the artifact, refused (340) when withdrawn or never given. A match completes
     * the verification with the issuer's mark (the team's decision: lock, audit); otherwise nothing
     * changes and the answer says why. Every answer from the issuer is kept in issuer_pulls.
     */
    async askIssuer(
      staff: OpsUser,
      txnId: string,
      name: string,
      origin: OpsOrigin,
    ): Promise<AskIssuerResponse> {
      const target = await transactions.opsSourceTarget(txnId, name);
      if (target.state !== 'IN_PROGRESS')
        throw new AppError(
          'INVALID_TRANSITION',
          'Start checking this verification before asking its issuer',
          {
            state: target.state,
          },
        );
      const found = issuerFor(apisetu.issuers(), name, target.data);
      if (!found)
        throw new AppError(
          'SOURCE_NOT_SUPPORTED',
          'No issuer API answers for this board or university: review the documents',
        );
      const rollNumber = rollNumberOf(name, target.data);
      const year = typeof target.data.passingYear === 'string' ? target.data.passingYear : null;
      if (!rollNumber || !year)
        throw new AppError(
          'SOURCE_NOT_SUPPORTED',
          'The candidate gave no roll number or year to ask the issuer with',
        );
      // The issuer is asked on the candidate's consent as recorded, never on one refused or withdrawn.
      const consent = await deps.verifyConsent(target.profileId, target.txnId);
      if (!consent)
        throw new AppError(
          'CONSENT_REQUIRED',
          "The candidate's consent to verify this request is withdrawn or not recorded: the issuer cannot be asked",
        );
      const at = now();
      const requestId = randomUUID();
      const unchanged = (message: string, comparison: FieldComparison[] = []): AskIssuerResponse => ({
        matched: false,
        issuer: found.issuer.name,
        comparison,
        state: target.state,
        transactionState: 'IN_PROGRESS',
        message,
      });
      const pullRow = {
        id: randomUUID(),
        txnId: target.txnId,
        verificationName: name,
        orgId: target.orgId,
        profileId: target.profileId,
        channel: 'apisetu' as const,
        staffId: staff.staffId,
        issuerId: found.issuer.id,
        issuerName: found.issuer.name,
        doctype: found.doctype,
        sourceRef: requestId,
        pulledAt: at,
      };
      let xml: string;
      try {
        ({ xml } = await apisetu.pullCertificate({
          issuerId: found.issuer.id,
          doctype: found.doctype,
          fullName: target.profileName,
          rollNumber,
          year,
          requestId,
          // The artifact names the ledger entry (its id, when it was given); the permission runs from
          // then to the end of this one-time ask.
          consent: {
            consentId: consent.consentId,
            timestamp: consent.givenAt.toISOString(),
            consumerId: target.orgId,
            candidateId: target.profileId,
            purpose: `Verification of education for ${target.orgName}`,
            expiry: new Date(at.getTime() + 86_400_000).toISOString(),
            mobile: target.mobile,
          },
        }));
      } catch (error) {
        const noAnswer = { xml: null, fields: {}, comparison: [], matched: false, signature: {} };
        if (error instanceof CertificateOnlyAsPdf) {
          await recordPull({ ...pullRow, ...noAnswer, signature: { reason: 'pdf-only' } });
          return unchanged(`${found.issuer.name} gives this document only as a PDF: review the documents`);
        }
        if (error instanceof DocumentNotFound) {
          await recordPull({ ...pullRow, ...noAnswer, signature: { reason: 'not-found' } });
          return unchanged(`${found.issuer.name} has no record for roll number ${rollNumber} of ${year}`);
        }
        if (error instanceof SourceDown) {
          log.warn(
            { provider: apisetu.name, issuer: found.issuer.id, reason: error.message },
            'API Setu down',
          );
          throw new AppError(
            'SOURCE_DOWN',
            'The issuer did not answer in time: nothing changed, review the documents',
          );
        }
        if (error instanceof SourceRefused)
          throw new AppError('SOURCE_REFUSED', 'API Setu refused the request');
        throw error;
      }
      let cert: IssuerCertificate;
      let signature: SignatureCheck;
      try {
        ({ cert, signature } = documents.read(xml, { issuerId: found.issuer.id, doctype: found.doctype }));
      } catch {
        throw new AppError(
          'SOURCE_DOCUMENT_NOT_FOUND',
          'The issuer answered with a document that could not be read',
        );
      }
      const comparison = compareCertificate(cert, signature, target, {
        name: target.profileName,
        dateOfBirth: target.dateOfBirth,
      });
      const evidence = {
        ...pullRow,
        xml,
        fields: cert as unknown as Record<string, unknown>,
        comparison: comparison.fields as unknown as Record<string, unknown>[],
        matched: comparison.matched,
        signature: signature as unknown as Record<string, unknown>,
      };
      if (!comparison.matched) {
        await recordPull(evidence);
        const differs = comparison.fields.filter((f) => !f.matches).map((f) => f.label.toLowerCase());
        return unchanged(`The issuer's record differs: ${differs.join(', ')}`, comparison.fields);
      }
      const withdrawn = new Error('verify withdrawn during the ask');
      const decided = await deps.ops
        .decideFromSource(
          staff,
          target.txnId,
          name,
          {
            channel: 'apisetu',
            issuer: found.issuer.name,
            doctype: found.doctype,
            pullId: pullRow.id,
            at: at.toISOString(),
            ...resultOf(cert),
          },
          origin,
          async (scope) => {
            // Withdrawn while the issuer answered: the throw rolls the decision back (ADR 0045).
            if (deps.verifyConsentIn && !(await deps.verifyConsentIn(scope, target.profileId, target.txnId)))
              throw withdrawn;
            await recordPull({ ...evidence, completed: true }, scope);
          },
        )
        .catch(async (error: unknown) => {
          if (error !== withdrawn) throw error;
          // The issuer was asked and answered: the pull is kept, as every pull is, completing nothing.
          await recordPull(evidence);
          throw new AppError(
            'CONSENT_REQUIRED',
            'The candidate withdrew the consent to verify this request while the issuer was asked: nothing changed',
          );
        });
      return {
        matched: true,
        issuer: found.issuer.name,
        comparison: comparison.fields,
        state: decided.state,
        transactionState: decided.transactionState,
        message: 'Verified with the issuer',
      };
    },

    /** A case's pulls (newest first) and the verifications an issuer's API can answer now. */
    async caseSources(txnId: string): Promise<CaseIssuerSources> {
      if (!isUuid(txnId)) throw new AppError('TRANSACTION_NOT_FOUND');
      const context = await transactions.reportContext(txnId.toLowerCase());
      if (!context) throw new AppError('TRANSACTION_NOT_FOUND');
      const issuers = apisetu.issuers();
      const askable = context.snap.records.flatMap((record) => {
        if (record.state !== 'IN_PROGRESS') return [];
        const found = issuerFor(issuers, record.name, record.data);
        return found ? [{ verificationName: record.name, issuer: found.issuer.name }] : [];
      });
      const pulls = (await repo.pullsOf(context.snap.txn.id)).map((p) => ({
        id: p.id,
        verificationName: p.verificationName,
        channel: p.channel,
        issuer: p.issuerName,
        doctype: p.doctype,
        matched: p.matched,
        completed: p.completed,
        comparison: p.comparison as unknown as FieldComparison[],
        pulledAt: p.pulledAt.toISOString(),
        staffId: p.staffId,
      }));
      return { askable, pulls };
    },

    /** Revokes the tokens of sessions that ended without a pull (a background job). */
    async revokeLeftTokens(): Promise<number> {
      const left = await repo.expiredWithToken(now());
      for (const session of left) {
        await revoke(session);
        if (session.status !== 'pulled') await repo.update(session.id, { status: 'ended' });
      }
      return left.length;
    },
  };
}
export type SourcesService = ReturnType<typeof createSourcesService>;
