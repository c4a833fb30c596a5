import { ApiError, isEnvelope } from '@veridocs/shared';
import type { StoredSession } from './session-store';

export interface TransportRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** JSON text, or a multipart form (a file upload: the browser sets its content type). */
  body: string | FormData | undefined;
  responseType: 'json' | 'blob';
}
export interface TransportResponse {
  status: number;
  body: unknown;
}
export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

export interface RequestOptions {
  method?: string;
  /** JSON, or a FormData sent as multipart. */
  body?: unknown;
  responseType?: 'json' | 'blob';
  /** Extra request headers (an Idempotency-Key); the client's own (authorization, accept) win. */
  headers?: Record<string, string>;
}

const fetchTransport: Transport = async (request) => {
  const response = await fetch(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body ?? null,
  });
  if (request.responseType === 'blob' && response.ok)
    return { status: response.status, body: await response.blob() };
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body };
};

export interface ApiClientOptions {
  readSession: () => StoredSession | null;
  /** Ends the app's session: the server said its token no longer works. */
  endSession: () => void;
  /** The app's "sign in again" code (besides any 401). */
  unauthorisedCode: number;
}

export interface ApiClient {
  apiRequest<T>(url: string, options?: RequestOptions): Promise<T>;
  /** Tests answer requests in memory (test/mock-api.ts); null restores fetch. */
  setTransport(next: Transport | null): void;
}

/**
 * One call to the API with the app's bearer token, unwrapping the `{code, data, message}` envelope
 * (ADR 0003). A 401 or the app's unauthorised code ends the session: the router shows the sign-in screen.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  let transport: Transport = fetchTransport;
  return {
    setTransport(next) {
      transport = next ?? fetchTransport;
    },
    async apiRequest<T>(url: string, request: RequestOptions = {}): Promise<T> {
      const session = options.readSession();
      const headers: Record<string, string> = { ...request.headers, accept: 'application/json' };
      if (session) headers.authorization = `Bearer ${session.accessToken}`;
      const isForm = typeof FormData !== 'undefined' && request.body instanceof FormData;
      if (request.body !== undefined && !isForm) headers['content-type'] = 'application/json';
      let response: TransportResponse;
      try {
        response = await transport({
          method: request.method ?? 'GET',
          url,
          headers,
          body:
            request.body === undefined
              ? undefined
              : isForm
                ? (request.body as FormData)
                : JSON.stringify(request.body),
          responseType: request.responseType ?? 'json',
        });
      } catch {
        throw new ApiError('The server could not be reached. Check your connection and try again.');
      }
      if (request.responseType === 'blob' && response.status < 400 && response.body instanceof Blob) {
        return response.body as T;
      }
      const body = response.body;
      if (isEnvelope(body) && body.code === 0 && response.status < 400) return body.data as T;
      const code = isEnvelope(body) ? body.code : null;
      if ((response.status === 401 || code === options.unauthorisedCode) && session) options.endSession();
      throw new ApiError(isEnvelope(body) ? body.message : `Request failed (${response.status})`, {
        code,
        status: response.status,
        data: isEnvelope(body) ? body.data : null,
      });
    },
  };
}
