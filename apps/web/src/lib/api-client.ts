import axios, { CanceledError, isAxiosError, isCancel, type AxiosRequestConfig } from 'axios';
import { MESSAGES, PARTNER_ORG_HEADER, SESSION, capitalise, decodeAccessToken } from '@veridocs/shared';
import { config } from './config';
import { decideError, requiresSession } from './error-catalogue';
import { notify } from './notify';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** The caller shows this request's failure itself: no snackbar (spec §8). */
    noSnackbar?: boolean;
  }
}

/** Every response is `{ code, data, message }`; code 0 is success. */
export interface ApiEnvelope<T> {
  code: number;
  data: T;
  message: string;
}

/** Every failed request rejects with one of these: the server's code and message when it sent them. */
export class ApiError extends Error {
  readonly code: number | null;
  readonly status: number | null;
  readonly data: unknown;
  readonly cancelled: boolean;

  constructor(
    message: string,
    details: { code?: number | null; status?: number | null; data?: unknown; cancelled?: boolean } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = details.code ?? null;
    this.status = details.status ?? null;
    this.data = details.data ?? null;
    this.cancelled = details.cancelled ?? false;
  }
}

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

function isEnvelope(body: unknown): body is ApiEnvelope<unknown> {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

/** The one axios instance. */
export const api = axios.create({
  baseURL: config.apiBaseUrl,
  timeout: SESSION.requestTimeoutMs,
  headers: {
    [PARTNER_ORG_HEADER]: config.partnerOrgId,
    'Cache-Control': 'no-cache',
    Pragma: 'no-cache',
    Expires: '0',
  },
});

// Request guard (spec §5) and the bearer token.
api.interceptors.request.use((request) => {
  const { accessToken, refreshToken } = bridge.getTokens();
  const url = request.url ?? '';
  const method = request.method ?? 'get';
  if (requiresSession(method, url) && (!accessToken || !decodeAccessToken(accessToken) || !refreshToken)) {
    notify(MESSAGES.sessionExpired, 'error');
    bridge.endSession();
    throw new CanceledError(MESSAGES.sessionExpired, undefined, request);
  }
  if (accessToken && !request.headers.has('Authorization')) {
    request.headers.set('Authorization', `Bearer ${accessToken}`);
  }
  return request;
});

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isCancel(error)) {
    return new ApiError((error as Error).message || 'Request cancelled', { cancelled: true });
  }
  if (isAxiosError(error)) {
    const body: unknown = error.response?.data;
    const status = error.response?.status ?? null;
    if (isEnvelope(body)) {
      return new ApiError(body.message || error.message, { code: body.code, status, data: body.data });
    }
    return new ApiError(error.message, { status });
  }
  return new ApiError(error instanceof Error ? error.message : String(error));
}

function applyCatalogue(error: ApiError, request: AxiosRequestConfig | undefined): ApiError {
  const decision = decideError({
    status: error.status,
    code: error.code,
    message: error.message,
    url: request?.url ?? '',
    method: request?.method ?? 'get',
    cancelled: error.cancelled,
    noSnackbar: request?.noSnackbar === true,
  });
  if (decision.snackbar) notify(decision.snackbar, 'error');
  if (decision.logout) bridge.endSession();
  return error;
}

api.interceptors.response.use(
  (response) => {
    const body: unknown = response.data;
    // A 2xx answer with a non-zero code is a failure too (for example 104, "no data").
    if (isEnvelope(body) && body.code !== 0) {
      const error = new ApiError(body.message, { code: body.code, status: response.status, data: body.data });
      return Promise.reject(applyCatalogue(error, response.config));
    }
    return response;
  },
  (error: unknown) => {
    const request = isAxiosError(error)
      ? error.config
      : isCancel(error)
        ? (error as CanceledError<unknown>).config
        : undefined;
    return Promise.reject(applyCatalogue(toApiError(error), request));
  },
);

async function unwrap<T>(promise: Promise<{ data: ApiEnvelope<T> }>): Promise<T> {
  const response = await promise;
  return response.data.data;
}

/** Typed helpers: they resolve to the envelope's `data` and reject with an ApiError. */
export const http = {
  get: <T>(url: string, options?: AxiosRequestConfig) => unwrap<T>(api.get<ApiEnvelope<T>>(url, options)),
  post: <T>(url: string, body?: unknown, options?: AxiosRequestConfig) =>
    unwrap<T>(api.post<ApiEnvelope<T>>(url, body, options)),
  put: <T>(url: string, body?: unknown, options?: AxiosRequestConfig) =>
    unwrap<T>(api.put<ApiEnvelope<T>>(url, body, options)),
  patch: <T>(url: string, body?: unknown, options?: AxiosRequestConfig) =>
    unwrap<T>(api.patch<ApiEnvelope<T>>(url, body, options)),
};

/**
 * The message a form shows inline for a failed call: the server's message (first letter capitalised);
 * when no server answered with one (unreachable, gateway errors), "Server is down, please try again later".
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError && error.code === null && !error.cancelled) {
    if (error.status === null || error.status >= 500) return MESSAGES.serverDown;
  }
  const message = error instanceof Error ? error.message : '';
  return message ? capitalise(message) : MESSAGES.somethingWentWrong;
}
