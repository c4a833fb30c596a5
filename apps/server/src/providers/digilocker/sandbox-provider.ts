import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { DIGILOCKER_SANDBOX_PATHS } from '@veridocs/shared';
import type { Clock } from '../../lib/clock.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import {
  sandboxAccountById,
  sandboxAccountByMobile,
  sandboxCertificatePdf,
  sandboxCertificateXml,
  sandboxEaadhaarXml,
  type SandboxAccount,
} from '../issuer-documents/sandbox-records.js';
import type { DigiLockerAccount, DigiLockerProvider, IssuedDocument } from './digilocker-provider.js';
import { DigiLockerRefused, DocumentNotFound } from './digilocker-provider.js';
import type { DigiLockerSandboxRepository } from './sandbox-repository.js';

/** The client id the sandbox knows (the only one registered with it). */
export const SANDBOX_CLIENT_ID = 'veridocs-sandbox';
export const SANDBOX_CODE_TTL_SECONDS = 600;
export const SANDBOX_TOKEN_TTL_SECONDS = 3600;
/** How long the consent step may wait after the PIN. */
const TICKET_TTL_SECONDS = 600;
/** RFC 7636: a code verifier is 43-128 unreserved characters; its S256 challenge, 43 base64url ones. */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
const MAX_STATE_LENGTH = 512;

/** An authorisation request the sandbox accepted (its `/oauth2/1/authorize` parameters). */
export interface AuthorizeRequest {
  redirectUri: string;
  state: string;
  codeChallenge: string;
}

export type AuthorizeCheck =
  | { ok: true; request: AuthorizeRequest }
  /** A bad client or return address: shown as a page, never redirected to (an open redirect otherwise). */
  | { ok: false; page: string }
  /** Anything else wrong: told to the client at its registered address, as OAuth 2 says (§4.1.2.1). */
  | { ok: false; location: string };

export type SignInResult =
  | { ok: true; account: SandboxAccount; ticket: string }
  | { ok: false; problem: 'unknown-mobile' | 'wrong-pin' };

/** What the sandbox's own pages (sandbox-pages.ts) ask of it. */
export interface DigiLockerSandboxPages {
  checkAuthorize(params: Record<string, unknown>): AuthorizeCheck;
  signIn(request: AuthorizeRequest, mobile: string, pin: string): SignInResult;
  /** Where the candidate goes when they cancel or deny: the client's address with error=access_denied. */
  deniedLocation(request: AuthorizeRequest): string;
  /** The account and request a consent ticket carries; null when forged or expired. */
  readTicket(ticket: string): { account: SandboxAccount; request: AuthorizeRequest } | null;
  /** Allow: a new code, sent to the client with its state. Deny: access_denied. Null: a bad ticket. */
  decide(ticket: string, allow: boolean): Promise<{ location: string } | null>;
}

export interface SandboxDigiLockerProvider extends DigiLockerProvider {
  readonly name: 'sandbox';
  readonly pages: DigiLockerSandboxPages;
}

export interface SandboxDigiLockerOptions {
  repo: DigiLockerSandboxRepository;
  /** PUBLIC_URL: the sandbox's pages are served by this server. */
  publicUrl: string;
  /** The one redirect URI registered for the client: PUBLIC_URL + /digilocker. */
  redirectUri: string;
  /** Signs the consent step's ticket (derived from the server secret: every instance shares it). */
  key: Uint8Array;
  now: Clock;
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/** The consent ticket's key, derived from the server key (every instance shares it). */
export function deriveDigiLockerSandboxKey(serverKey: Uint8Array): Uint8Array {
  return new Uint8Array(createHmac('sha256', serverKey).update('veridocs:digilocker-sandbox:v1').digest());
}
export const s256 = (verifier: string) => base64url(createHash('sha256').update(verifier).digest());

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function withParams(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}

export function accountOf(account: SandboxAccount): DigiLockerAccount {
  return {
    digilockerId: account.digilockerId,
    name: account.name,
    dateOfBirth: account.dateOfBirth,
    gender: account.gender,
    eaadhaar: account.eaadhaar !== null,
  };
}

function issued(account: SandboxAccount): IssuedDocument[] {
  return account.certificates.map((c) => ({
    uri: c.uri,
    name: c.title,
    doctype: c.doctype,
    description: c.title,
    issuerId: c.issuer.digilockerId,
    issuer: c.issuer.name,
    date: c.issuedOn.split('-').reverse().join('-'),
    mime: ['application/pdf', 'application/xml'],
  }));
}

/**
 * The embedded DigiLocker (issue 26): DigiLocker's Authorized Partner flow in this process, for the
 * fictitious accounts of sandbox-records.ts. Its sign-in and consent pages (sandbox-pages.ts) hand out
 * authorisation codes; codes and tokens are random and kept only as SHA-256 hashes in its own table.
 * A code is single-use, lives 10 minutes and is bound to the redirect URI and the S256 code challenge;
 * a code used twice revokes the token it gave (RFC 6749 §4.1.2). A token lives an hour; a revoked,
 * expired or unknown one is refused. Nothing here logs a code, a token or a document.
 */
export function createSandboxDigiLockerProvider(
  options: SandboxDigiLockerOptions,
): SandboxDigiLockerProvider {
  const { repo, now } = options;

  function sign(payload: string): string {
    return base64url(
      createHmac('sha256', options.key).update(`digilocker-sandbox-ticket:${payload}`).digest(),
    );
  }

  function ticketFor(account: SandboxAccount, request: AuthorizeRequest): string {
    const payload = base64url(
      Buffer.from(
        JSON.stringify({
          a: account.digilockerId,
          r: request.redirectUri,
          s: request.state,
          c: request.codeChallenge,
          e: now().getTime() + TICKET_TTL_SECONDS * 1000,
        }),
      ),
    );
    return `${payload}.${sign(payload)}`;
  }

  function readTicket(ticket: string): { account: SandboxAccount; request: AuthorizeRequest } | null {
    const [payload, mac, ...rest] = ticket.split('.');
    if (!payload || !mac || rest.length > 0 || !sameText(mac, sign(payload))) return null;
    let data: { a?: unknown; r?: unknown; s?: unknown; c?: unknown; e?: unknown };
    try {
      data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof data;
    } catch {
      return null;
    }
    if (typeof data.e !== 'number' || data.e <= now().getTime()) return null;
    const account = typeof data.a === 'string' ? sandboxAccountById(data.a) : undefined;
    if (!account || typeof data.r !== 'string' || typeof data.s !== 'string' || typeof data.c !== 'string')
      return null;
    return { account, request: { redirectUri: data.r, state: data.s, codeChallenge: data.c } };
  }

  const deniedLocation = (request: AuthorizeRequest) =>
    withParams(request.redirectUri, {
      error: 'access_denied',
      error_description: 'The user did not allow access to their DigiLocker',
      state: request.state,
    });

  const pages: DigiLockerSandboxPages = {
    checkAuthorize(params) {
      const text = (name: string) => (typeof params[name] === 'string' ? params[name] : undefined);
      if (text('client_id') !== SANDBOX_CLIENT_ID)
        return { ok: false, page: 'This application is not registered with the DigiLocker sandbox.' };
      const redirectUri = text('redirect_uri');
      if (redirectUri !== options.redirectUri)
        return {
          ok: false,
          page: 'The return address of this sign-in link is not the one registered for the application.',
        };
      const state = text('state');
      const fail = (error: string, description: string) => ({
        ok: false as const,
        location: withParams(redirectUri, { error, error_description: description, state }),
      });
      if (text('response_type') !== 'code')
        return fail(
          'unsupported_response_type',
          'Only the authorisation code flow (response_type=code) is supported',
        );
      if (!state || state.length > MAX_STATE_LENGTH)
        return fail('invalid_request', `state is required (at most ${MAX_STATE_LENGTH} characters)`);
      const codeChallenge = text('code_challenge');
      if (!codeChallenge || !CHALLENGE.test(codeChallenge) || text('code_challenge_method') !== 'S256')
        return fail('invalid_request', 'PKCE is required: code_challenge with code_challenge_method=S256');
      return { ok: true, request: { redirectUri, state, codeChallenge } };
    },

    signIn(request, mobile, pin) {
      const account = sandboxAccountByMobile(mobile);
      if (!account) return { ok: false, problem: 'unknown-mobile' };
      if (!sameText(pin.trim(), account.pin)) return { ok: false, problem: 'wrong-pin' };
      return { ok: true, account, ticket: ticketFor(account, request) };
    },

    deniedLocation,
    readTicket,

    async decide(ticket, allow) {
      const read = readTicket(ticket);
      if (!read) return null;
      if (!allow) return { location: deniedLocation(read.request) };
      const code = randomToken(32);
      const at = now();
      await repo.createGrant({
        accountId: read.account.digilockerId,
        codeHash: sha256Hex(code),
        codeChallenge: read.request.codeChallenge,
        redirectUri: read.request.redirectUri,
        codeExpiresAt: new Date(at.getTime() + SANDBOX_CODE_TTL_SECONDS * 1000),
        createdAt: at,
      });
      return { location: withParams(read.request.redirectUri, { code, state: read.request.state }) };
    },
  };

  /** The account a live token belongs to; DigiLockerRefused for any other token. */
  async function holder(accessToken: string): Promise<SandboxAccount> {
    const row = accessToken ? await repo.byToken(sha256Hex(accessToken)) : undefined;
    if (!row || row.revokedAt || !row.tokenExpiresAt || row.tokenExpiresAt.getTime() <= now().getTime())
      throw new DigiLockerRefused('The access token is invalid');
    const account = sandboxAccountById(row.accountId);
    if (!account) throw new DigiLockerRefused('The access token is invalid');
    return account;
  }

  function certificate(account: SandboxAccount, uri: string) {
    const found = account.certificates.find((c) => c.uri === uri);
    if (!found) throw new DocumentNotFound('No file found for given URI');
    return found;
  }

  return {
    name: 'sandbox',
    pages,

    authorizeUrl({ state, codeChallenge, redirectUri }) {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: SANDBOX_CLIENT_ID,
        redirect_uri: redirectUri,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      });
      return `${options.publicUrl}${DIGILOCKER_SANDBOX_PATHS.authorize}?${query.toString()}`;
    },

    async exchangeCode({ code, codeVerifier, redirectUri }) {
      const codeHash = sha256Hex(code);
      const at = now();
      const row = await repo.useCode(codeHash, at);
      if (!row) {
        const used = await repo.byCode(codeHash);
        // A code replayed: whatever it gave is revoked too (RFC 6749 §4.1.2).
        if (used) await repo.revoke(used.id, at);
        throw new DigiLockerRefused(
          used ? 'The authorisation code was already used' : 'Unknown authorisation code',
        );
      }
      const refuse = async (reason: string) => {
        await repo.revoke(row.id, at);
        return new DigiLockerRefused(reason);
      };
      if (row.revokedAt) throw await refuse('The authorisation was revoked');
      if (row.codeExpiresAt.getTime() <= at.getTime())
        throw await refuse('The authorisation code has expired');
      if (row.redirectUri !== redirectUri)
        throw await refuse('redirect_uri does not match the authorisation request');
      if (
        !row.codeChallenge ||
        !VERIFIER.test(codeVerifier) ||
        !sameText(s256(codeVerifier), row.codeChallenge)
      )
        throw await refuse('code_verifier does not match the code challenge');
      const account = sandboxAccountById(row.accountId);
      if (!account) throw await refuse('Unknown account');
      const accessToken = randomToken(32);
      await repo.issueToken(
        row.id,
        sha256Hex(accessToken),
        new Date(at.getTime() + SANDBOX_TOKEN_TTL_SECONDS * 1000),
      );
      return { accessToken, expiresIn: SANDBOX_TOKEN_TTL_SECONDS, account: accountOf(account) };
    },

    async issuedDocuments(accessToken) {
      return issued(await holder(accessToken));
    },

    async documentXml(accessToken, uri) {
      return sandboxCertificateXml(certificate(await holder(accessToken), uri));
    },

    async documentFile(accessToken, uri) {
      const bytes = await sandboxCertificatePdf(certificate(await holder(accessToken), uri));
      return { bytes, mimeType: 'application/pdf' };
    },

    async eaadhaarXml(accessToken) {
      const xml = sandboxEaadhaarXml(await holder(accessToken));
      if (!xml) throw new DocumentNotFound('Aadhaar is not linked to the account');
      return xml;
    },

    async revoke(accessToken) {
      const row = accessToken ? await repo.byToken(sha256Hex(accessToken)) : undefined;
      if (row) await repo.revoke(row.id, now());
    },
  };
}
