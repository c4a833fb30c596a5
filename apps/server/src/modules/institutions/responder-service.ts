import { createHmac } from 'node:crypto';
import {
  FILE_TEXT,
  INSTITUTION_API_PATHS,
  RESPONDER_DECLARATION,
  createWorkingCalendar,
  type AnsweredFact,
  type InstitutionAnswer,
  type ResponderAnswerRequest,
  type ResponderCodeResponse,
  type ResponderRequest,
  type ResponderRequestList,
  type ResponderSessionResponse,
} from '@veridocs/shared';
import { AppError, validationFailed } from '../../errors.js';
import { randomDigits, randomToken, sha256Hex } from '../../lib/crypto.js';
import { isUuid } from '../../lib/ids.js';
import type { FileContent, Received } from '../files/files-service.js';
import type { InstitutionsDeps } from './institutions-deps.js';
import { maskEmail } from './institutions-fns.js';
import type { ContactRow } from './institutions-repository.js';
import { hashLinkToken } from './institution-links.js';
import { answerView } from './requests-service.js';
import type { RequestRow } from './requests-repository.js';
import { turnaroundFigures } from './turnaround-fns.js';

/** Wrong codes that close a contact's links for `lockMinutes`. */
export const WRONG_CODES_LIMIT = 3;
const CODE_DIGITS = 6;
/** The letter's file category (the candidate's file routes only read it; nothing there changes it). */
export const LETTER_CATEGORY = 'institutionLetter';

const secondsUntil = (until: Date, at: Date) =>
  Math.max(1, Math.ceil((until.getTime() - at.getTime()) / 1000));

/**
 * The registrar's or HR's side (issue 27, ADR 0046): no account. The e-mailed link (bound to the request
 * and the contact) asks for a one-time code sent to that same address; the code opens a session that
 * reaches only that contact's requests. Answers are append-only; the first one of a request counts in
 * the institution's turnaround.
 */
export function createResponderService(deps: InstitutionsDeps) {
  const { directory, requests, now, config } = deps;
  const calendar = createWorkingCalendar(config.holidays);
  const resendAfter = deps.resendAfterSeconds;
  const codeHash = (requestId: string, contactId: string, code: string) =>
    createHmac('sha256', deps.keys.otp)
      .update(`institution-code:${requestId}:${contactId}:${code}`)
      .digest('hex');

  /** The live request and contact of a link; unknown, expired, cancelled or removed alike are 292. */
  async function linkOf(token: string): Promise<{ request: RequestRow; contact: ContactRow }> {
    const request = await requests.findByLinkHash(hashLinkToken(token));
    const contact = request ? await directory.findContact(request.contactId) : undefined;
    if (
      !request ||
      !contact ||
      contact.removedAt ||
      request.status === 'cancelled' ||
      request.linkExpiresAt <= now()
    )
      throw new AppError('RESPONSE_LINK_INVALID');
    return { request, contact };
  }

  function assertUnlocked(contact: ContactRow) {
    const at = now();
    if (contact.lockedUntil && contact.lockedUntil > at)
      throw new AppError('RESPONSE_LOCKED', undefined, { retryAfter: secondsUntil(contact.lockedUntil, at) });
  }

  /** The session's contact; another contact's request is 404 (never its data). */
  async function ownRequest(contact: ContactRow, requestId: string): Promise<RequestRow> {
    const request = isUuid(requestId) ? await requests.findRequest(requestId.toLowerCase()) : undefined;
    if (!request || request.contactId !== contact.id)
      throw new AppError('NOT_FOUND', 'There is no such request');
    return request;
  }

  async function institutionName(request: RequestRow) {
    return (await directory.find(request.institutionId))?.name ?? '';
  }

  async function organisationOf(request: RequestRow) {
    const context = await deps.transactions.reportContext(request.txnId);
    return context?.info.org.name ?? '';
  }

  const candidateNameOf = (request: RequestRow) =>
    request.claims.flatMap((c) => c.facts).find((f) => f.key === 'name')?.claimed ?? '';

  /** The candidate of the request: the files table's owner of the request's documents and letters. */
  async function ownerOf(request: RequestRow): Promise<string> {
    const target = await deps.transactions.opsSourceTarget(
      request.txnId,
      request.claims[0]!.verificationName,
    );
    return target.profileId;
  }

  /** The letter uploaded for this request under this id (its folder is the request's id), or null. */
  async function letterOf(request: RequestRow, fileId: string) {
    if (!isUuid(fileId)) return null;
    const file = await deps.files.get(await ownerOf(request), fileId.toLowerCase()).catch(() => null);
    return file?.fileCategory === LETTER_CATEGORY && file.folderName === request.id ? file : null;
  }
  const isLetterOf = async (request: RequestRow, fileId: string) =>
    (await letterOf(request, fileId)) !== null;

  return {
    /** The files module's checked upload path (limits, size, type by magic bytes) for the letter. */
    uploads: deps.files,

    async code(token: string): Promise<ResponderCodeResponse> {
      const { request, contact } = await linkOf(token);
      assertUnlocked(contact);
      const at = now();
      const last = await requests.lastCodeAt(contact.id, request.id);
      if (last && last.getTime() + resendAfter * 1000 > at.getTime()) {
        const retryAfter = secondsUntil(new Date(last.getTime() + resendAfter * 1000), at);
        throw new AppError(
          'OTP_RESEND_TOO_SOON',
          `Please wait ${retryAfter} seconds before asking for another code`,
          {
            retryAfter,
          },
        );
      }
      const code = randomDigits(CODE_DIGITS);
      await requests.insertCode({
        contactId: contact.id,
        requestId: request.id,
        codeHash: codeHash(request.id, contact.id, code),
        expiresAt: new Date(at.getTime() + config.codeTtlSeconds * 1000),
        createdAt: at,
      });
      const institution = await institutionName(request);
      const minutes = Math.round(config.codeTtlSeconds / 60);
      await deps.mailer.send({
        to: contact.email,
        subject: 'Your code to answer a verification request',
        text:
          `${code} is your code to open the verification request for ${institution}. It expires in ` +
          `${minutes} minutes. Do not share it: it opens this address's requests only.`,
        otp: code,
      });
      return { maskedEmail: maskEmail(contact.email), institution, resendIn: resendAfter };
    },

    async session(token: string, code: string): Promise<ResponderSessionResponse> {
      const { request, contact } = await linkOf(token);
      assertUnlocked(contact);
      const at = now();
      const taken = await requests.takeCode(
        contact.id,
        request.id,
        codeHash(request.id, contact.id, code),
        at,
      );
      if (!taken) {
        const after = await requests.recordWrongCode(
          contact.id,
          WRONG_CODES_LIMIT,
          new Date(at.getTime() + config.lockMinutes * 60_000),
        );
        if (after?.lockedUntil && after.lockedUntil > at)
          throw new AppError('RESPONSE_LOCKED', undefined, {
            retryAfter: secondsUntil(after.lockedUntil, at),
          });
        throw new AppError('RESPONSE_CODE_WRONG');
      }
      await requests.clearWrongCodes(contact.id);
      const sessionToken = randomToken(32);
      await requests.insertSession({
        tokenHash: sha256Hex(sessionToken),
        contactId: contact.id,
        expiresAt: new Date(at.getTime() + config.sessionTtlSeconds * 1000),
        createdAt: at,
      });
      return { sessionToken, expiresIn: config.sessionTtlSeconds, requestId: request.id };
    },

    /** The contact a session token opens (Authorization: Bearer), or 401. */
    async contactOf(sessionToken: string | undefined): Promise<ContactRow> {
      const session = sessionToken ? await requests.findSession(sha256Hex(sessionToken), now()) : undefined;
      const contact = session ? await directory.findContact(session.contactId) : undefined;
      if (!contact || contact.removedAt)
        throw new AppError('UNAUTHORIZED', 'Your session has ended: open the link from the e-mail again');
      return contact;
    },

    async list(contact: ContactRow): Promise<ResponderRequestList> {
      const rows = await requests.requestsOfContact(contact.id);
      const answers = await requests.answersOfRequests(rows.map((r) => r.id));
      const entry = await directory.find(contact.institutionId);
      const out: ResponderRequestList['requests'] = [];
      for (const r of rows)
        out.push({
          id: r.id,
          organisation: await organisationOf(r),
          candidateName: candidateNameOf(r),
          verifications: r.claims.map((c) => ({
            verificationName: c.verificationName,
            label: c.label,
            answered: answers.some((a) => a.requestId === r.id && a.verificationName === c.verificationName),
          })),
          status: r.status,
          sentAt: r.sentAt?.toISOString() ?? null,
        });
      return { institution: entry?.name ?? '', email: contact.email, requests: out };
    },

    async detail(contact: ContactRow, requestId: string): Promise<ResponderRequest> {
      const request = await ownRequest(contact, requestId);
      const answers = await requests.answersOfRequests([request.id]);
      // Each document by the name the candidate uploaded it under (a file gone since: its place).
      const owner = await ownerOf(request);
      const fileIds = [...new Set(request.claims.flatMap((c) => c.fileIds))];
      const names = new Map(
        await Promise.all(
          fileIds.map(
            async (id) => [id, (await deps.files.get(owner, id).catch(() => null))?.name ?? null] as const,
          ),
        ),
      );
      return {
        id: request.id,
        institution: await institutionName(request),
        organisation: await organisationOf(request),
        candidateName: candidateNameOf(request),
        consent: request.consent,
        status: request.status,
        verifications: request.claims.map((c) => ({
          verificationName: c.verificationName,
          label: c.label,
          facts: c.facts,
          documents: c.fileIds.map((fileId, i) => ({
            fileId,
            name: names.get(fileId) ?? `Document ${i + 1}`,
            url: INSTITUTION_API_PATHS.responderFile(request.id, fileId),
          })),
        })),
        answers: answers.map(answerView),
      };
    },

    /** A document of the request: one of its claims' files or a letter uploaded for it; else 404. */
    async file(contact: ContactRow, requestId: string, fileId: string): Promise<FileContent> {
      const request = await ownRequest(contact, requestId);
      const id = fileId.toLowerCase();
      const claimed = request.claims.some((c) => c.fileIds.includes(id));
      if (!claimed && !(await isLetterOf(request, id))) throw new AppError('FILE_NOT_FOUND');
      const content = await deps.files.openAttached(id);
      if (content.txnId !== request.txnId) throw new AppError('FILE_NOT_FOUND');
      return content;
    },

    /** The owner a letter's upload is counted and stored under: the candidate of the request. */
    async letterOwner(
      contact: ContactRow,
      requestId: string,
    ): Promise<{ request: RequestRow; owner: string }> {
      const request = await ownRequest(contact, requestId);
      if (request.status === 'cancelled' || request.linkExpiresAt <= now())
        throw new AppError('RESPONSE_LINK_INVALID');
      return { request, owner: await ownerOf(request) };
    },

    /** Completes a received letter (PDF only, the document checks) in the request's transaction. */
    async letter(request: RequestRow, owner: string, received: Received) {
      if (received.mimeType !== 'application/pdf') {
        await deps.files.discard(received);
        throw new AppError('FILE_TYPE_NOT_ALLOWED', FILE_TEXT.wrongType(['pdf']));
      }
      // Kept as the candidate's file in the request's transaction (the team's file route reads it);
      // its folder names the request, which is how an answer finds its letter.
      const file = await deps.files.complete(owner, received, {
        folderName: request.id,
        fileCategory: LETTER_CATEGORY,
      });
      // A fresh file, so nothing else can hold it; a refusal would leave a letter no one could read.
      if ((await deps.files.attach(owner, request.txnId, [file.fileId])) === null)
        throw new Error(`letter ${file.fileId} could not be linked to its request's transaction`);
      return { fileId: file.fileId, name: file.name, size: file.size };
    },

    async answer(
      contact: ContactRow,
      requestId: string,
      body: ResponderAnswerRequest,
    ): Promise<InstitutionAnswer> {
      const request = await ownRequest(contact, requestId);
      if (request.status === 'cancelled' || request.linkExpiresAt <= now())
        throw new AppError('RESPONSE_LINK_INVALID');
      const claim = request.claims.find((c) => c.verificationName === body.verificationName);
      if (!claim)
        throw validationFailed([{ path: 'verificationName', message: 'This request does not ask about it' }]);
      const claimed = new Set(claim.facts.map((f) => f.key));
      const given = new Map(body.facts.map((f) => [f.key, f]));
      const issues = [
        ...body.facts.flatMap((f, i) =>
          claimed.has(f.key)
            ? []
            : [{ path: `facts.${i}.key`, message: `${f.key} is not one of the claimed facts` }],
        ),
        ...claim.facts.flatMap((f) =>
          given.has(f.key) ? [] : [{ path: 'facts', message: `Answer about ${f.label}` }],
        ),
      ];
      if (given.size !== body.facts.length)
        issues.push({ path: 'facts', message: 'A fact is answered twice' });
      if (issues.length > 0) throw validationFailed(issues);
      if (body.letterFileId) {
        const letter = await letterOf(request, body.letterFileId);
        // An answer cites a letter the checks have read: one still being checked, or refused by them,
        // would stand as evidence nobody could open.
        const problem = !letter
          ? 'Upload the letter for this request first'
          : letter.state === 'PROCESSING'
            ? 'The letter is still being checked. Submit again in a few seconds'
            : letter.state === 'ERROR'
              ? 'The letter could not be read. Upload it again'
              : null;
        if (problem) throw validationFailed([{ path: 'letterFileId', message: problem }]);
      }
      const facts: AnsweredFact[] = claim.facts.map((f) => {
        const answer = given.get(f.key)!;
        return {
          ...f,
          verdict: answer.verdict,
          onRecord: answer.verdict === 'differs' ? (answer.onRecord ?? null) : null,
        };
      });
      const at = now();
      const inserted = await requests.insertAnswer(
        {
          requestId: request.id,
          txnId: request.txnId,
          verificationName: claim.verificationName,
          contactId: contact.id,
          fromEmail: contact.email,
          responderName: body.responderName,
          designation: body.designation,
          facts,
          allConfirmed: facts.every((f) => f.verdict === 'confirmed'),
          letterFileId: body.letterFileId?.toLowerCase() ?? null,
          declaration: RESPONDER_DECLARATION,
        },
        at,
        async (scope, locked) => {
          const turnaroundDays = calendar.workingDaysBetween(locked.sentAt ?? locked.createdAt, at);
          await directory.countAnswer(scope, locked.institutionId, turnaroundDays, turnaroundFigures, at);
          return { turnaroundDays };
        },
      );
      await deps.onRequestChanged?.(request.txnId);
      return answerView(inserted);
    },
  };
}
export type ResponderService = ReturnType<typeof createResponderService>;
