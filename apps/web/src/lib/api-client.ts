import {
  ApiError,
  type ApiEnvelope,
  MESSAGES,
  PARTNER_ORG_HEADER,
  SESSION,
  capitalise,
  decodeAccessToken,
  isEnvelope,
} from '@veridocs/shared';
import { getLanguage, localMessage } from '../i18n';
import { config } from './config';
import { decideError, requiresSession } from './error-catalogue';
import { notify } from './notify';
import { newTraceparent } from './traceparent';

// The envelope and the error are the console's too: one implementation in packages/shared.
export { ApiError, hasCode, type ApiEnvelope } from '@veridocs/shared';

/** How the client reaches the session without importing the store (lib stays below app/). */
export interface SessionBridge {
  getTokens(): { accessToken: string | null; refreshToken: string | null };
  /** Ends the session: logout. Called by the request guard, 401s and code 138. */
  endSession(): void;
}

let bridge: SessionBridge = {
  getTokens: () => ({ accessToken: null, refreshToken: null }),
  endSession: () => console.warn('Session bridge not set'),
};

export function configureApiClient(next: SessionBridge): void {
  bridge = next;
}

export interface RequestOptions {
  /** The caller shows this request's failure itself: no snackbar (spec §8). */
  noSnackbar?: boolean | undefined;
  /**
   * Another layer shows this request's snackbar (RTK Query's error middleware, which knows the
   * endpoint's noSnackbar): none from here, whatever the catalogue decides; the logout still happens.
   */
  snackbarElsewhere?: boolean | undefined;
  signal?: AbortSignal | undefined;
  headers?: Record<string, string> | undefined;
  /** Milliseconds before the request is given up; the spec's 10 minutes by default. */
  timeout?: number | undefined;
  /** `blob` for images; otherwise the body is read as JSON (or text when it is not JSON). */
  responseType?: 'json' | 'blob' | undefined;
  /** Bytes sent so far: the request then goes through XMLHttpRequest, which reports them. */
  onUploadProgress?: ((progress: { loaded: number; total: number | undefined }) => void) | undefined;
  /**
   * Rewrites a failure before the catalogue shows it and the caller gets it: the caller knows better
   * than the server (an upload names its field's own file types, not the server's general list).
   */
  mapError?: ((error: ApiError) => ApiError) | undefined;
}

/** What a transport is asked to send: the URL is complete and the headers are final. */
export interface TransportRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: FormData | Blob | string | null;
  signal: AbortSignal;
  responseType: 'json' | 'blob';
  onUploadProgress?: RequestOptions['onUploadProgress'];
}

/** Any HTTP answer, whatever its status. A transport throws only when no answer came. */
export interface TransportResponse {
  status: number;
  body: unknown;
  /** The answer's headers, names in lower case (tus uploads read Upload-Offset and Location). */
  headers?: Record<string, string>;
}

export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

export function parseText(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const ok = (status: number) => status >= 200 && status < 300;

const fetchTransport: Transport = async (request) => {
  const response = await fetch(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
  });
  const body =
    request.responseType === 'blob' && ok(response.status)
      ? await response.blob()
      : parseText(await response.text());
  return { status: response.status, body, headers: Object.fromEntries(response.headers.entries()) };
};

function parseHeaders(raw: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  return headers;
}

export const abortError = () => new DOMException('The request was aborted', 'AbortError');

/** Uploads: fetch cannot report the bytes sent, XMLHttpRequest can. */
const xhrTransport: Transport = (request) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method.toUpperCase(), request.url);
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) =>
      request.onUploadProgress?.({
        loaded: event.loaded,
        total: event.lengthComputable ? event.total : undefined,
      });
    xhr.onload = () =>
      resolve({
        status: xhr.status,
        body: parseText(xhr.responseText),
        headers: parseHeaders(xhr.getAllResponseHeaders()),
      });
    xhr.onerror = () => reject(new TypeError('Network Error'));
    const abort = () => xhr.abort();
    xhr.onabort = () => reject(abortError());
    if (request.signal.aborted) {
      reject(abortError());
      return;
    }
    request.signal.addEventListener('abort', abort, { once: true });
    xhr.send(request.body);
  });

const defaultTransport: Transport = (request) =>
  request.onUploadProgress ? xhrTransport(request) : fetchTransport(request);

let transport: Transport = defaultTransport;

/** Replaces what sends requests (tests answer them in memory); null restores fetch. */
export function setTransport(next: Transport | null): void {
  transport = next ?? defaultTransport;
}

/** The headers of every request (the boot script's early requests carry them too). */
export const DEFAULT_HEADERS: Readonly<Record<string, string>> = {
  [PARTNER_ORG_HEADER]: config.partnerOrgId,
  'Cache-Control': 'no-cache',
  Pragma: 'no-cache',
  Expires: '0',
};

function failWith(failure: ApiError, method: string, url: string, options: RequestOptions): never {
  const error = options.mapError?.(failure) ?? failure;
  const decision = decideError({
    status: error.status,
    code: error.code,
    message: error.message,
    url,
    method,
    cancelled: error.cancelled,
    noSnackbar: options.noSnackbar === true,
  });
  // The catalogue decides in the specification's English; the candidate reads it in their language.
  if (decision.snackbar && !options.snackbarElsewhere) notify(localMessage(decision.snackbar), 'error');
  if (decision.logout) bridge.endSession();
  throw error;
}

/**
 * The request guard (spec §5) and the headers every request carries: bearer, partner, language, trace.
 * A request that needs a session without one ends the session and throws a cancelled ApiError.
 */
export function requestHeaders(
  method: string,
  url: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  const { accessToken, refreshToken } = bridge.getTokens();
  if (requiresSession(method, url) && (!accessToken || !decodeAccessToken(accessToken) || !refreshToken)) {
    notify(localMessage(MESSAGES.sessionExpired), 'error');
    bridge.endSession();
    throw new ApiError(MESSAGES.sessionExpired, { cancelled: true });
  }
  // The server answers its messages (and the OTP's SMS) in the candidate's language (ADR 0014).
  const headers: Record<string, string> = {
    ...DEFAULT_HEADERS,
    'Accept-Language': getLanguage(),
    traceparent: newTraceparent(),
    ...extra,
  };
  if (accessToken && !Object.keys(headers).some((name) => name.toLowerCase() === 'authorization')) {
    headers['Authorization'] = `Bearer ${accessToken}`;
  }
  return headers;
}

/** An API path as the URL requests go to. */
export const apiUrl = (url: string): string =>
  /^https?:\/\//i.test(url) ? url : `${config.apiBaseUrl}${url}`;

/** Where a request may find an answer already fetched (lib/early-requests.ts); null: none. */
export type EarlyAnswers = (request: TransportRequest) => Promise<TransportResponse | null>;

let earlyAnswers: EarlyAnswers | null = null;

/**
 * Installed by the screens whose first GETs the boot script sends (features/ekyc/form-entry-data.ts),
 * so that its code is not in /login's first script.
 */
export function setEarlyAnswers(source: EarlyAnswers | null): void {
  earlyAnswers = source;
}

/** An answer fetched early for this request if there is one, otherwise the transport's. */
function send(request: TransportRequest): Promise<TransportResponse> {
  if (!earlyAnswers) return transport(request);
  return earlyAnswers(request).then((answer) => answer ?? transport(request));
}

/** Sends through the transport as it is: any status is an answer (a tus client reads them itself). */
export const sendThroughTransport: Transport = (request) => transport(request);

/** A failure of a request sent another way (tus uploads), through the error catalogue as `request` does. */
export function reportFailure(
  error: ApiError,
  method: string,
  url: string,
  options: RequestOptions = {},
): never {
  return failWith(error, method, url, options);
}

/**
 * Sends one request through the request guard (spec §5), with the bearer, partner and no-cache headers
 * and the time-out, and maps every failure through the error catalogue (spec §8). Resolves to the
 * status and body of a successful answer (2xx, envelope code 0).
 */
export async function request(
  method: string,
  url: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<TransportResponse> {
  const headers = requestHeaders(method, url, options.headers);
  let payload: TransportRequest['body'] = null;
  if (body instanceof FormData || body instanceof Blob) payload = body;
  else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers['Content-Type'] = 'application/json';
  }

  const timeoutMs = options.timeout ?? SESSION.requestTimeoutMs;
  // One signal for the caller's cancel and the time-out (AbortSignal.any is too new for older phones).
  const controller = new AbortController();
  let timedOut = false;
  const timeoutId = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const cancel = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  else options.signal?.addEventListener('abort', cancel, { once: true });
  const fullUrl = apiUrl(url);

  let response: TransportResponse;
  try {
    response = await send({
      method: method.toUpperCase(),
      url: fullUrl,
      headers,
      body: payload,
      signal: controller.signal,
      responseType: options.responseType ?? 'json',
      onUploadProgress: options.onUploadProgress,
    });
  } catch {
    const cancelled = options.signal?.aborted === true;
    const message = cancelled
      ? 'Request cancelled'
      : timedOut
        ? `timeout of ${timeoutMs}ms exceeded`
        : 'Network Error';
    return failWith(new ApiError(message, { cancelled }), method, url, options);
  } finally {
    clearTimeout(timeoutId);
    options.signal?.removeEventListener('abort', cancel);
  }

  const answer = response.body;
  if (isEnvelope(answer) && (answer.code !== 0 || !ok(response.status))) {
    // A 2xx answer with a non-zero code is a failure too (for example 104, "no data").
    const error = new ApiError(answer.message || `Request failed with status code ${response.status}`, {
      code: answer.code,
      status: response.status,
      data: answer.data,
    });
    return failWith(error, method, url, options);
  }
  if (!ok(response.status)) {
    return failWith(
      new ApiError(`Request failed with status code ${response.status}`, { status: response.status }),
      method,
      url,
      options,
    );
  }
  return response;
}

async function unwrap<T>(promise: Promise<TransportResponse>): Promise<T> {
  const response = await promise;
  return (response.body as ApiEnvelope<T>).data;
}

/** Typed helpers: they resolve to the envelope's `data` and reject with an ApiError. */
export const http = {
  get: <T>(url: string, options?: RequestOptions) => unwrap<T>(request('get', url, undefined, options)),
  post: <T>(url: string, body?: unknown, options?: RequestOptions) =>
    unwrap<T>(request('post', url, body, options)),
  put: <T>(url: string, body?: unknown, options?: RequestOptions) =>
    unwrap<T>(request('put', url, body, options)),
  patch: <T>(url: string, body?: unknown, options?: RequestOptions) =>
    unwrap<T>(request('patch', url, body, options)),
};

/**
 * The message a form shows inline for a failed call: the server's message (first letter capitalised);
 * when no server answered with one (unreachable, gateway errors), "Server is down, please try again later".
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError && error.code === null && !error.cancelled) {
    if (error.status === null || error.status >= 500) return localMessage(MESSAGES.serverDown);
  }
  const message = error instanceof Error ? error.message : '';
  return localMessage(message ? capitalise(message) : MESSAGES.somethingWentWrong);
}
