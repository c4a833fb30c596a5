import { ApiError, ERROR_CODES, isEnvelope } from '@veridocs/shared';
import { clearSession, readSession } from './session';

// The envelope and the error are the candidate app's too: one implementation in packages/shared.
export { ApiError, hasCode } from '@veridocs/shared';

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

let transport: Transport = fetchTransport;

/** Tests answer requests in memory (src/test/mock-api.ts); null restores fetch. */
export function setTransport(next: Transport | null): void {
  transport = next ?? fetchTransport;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  responseType?: 'json' | 'blob';
}

/**
 * One call to the API with the organisation token (ADR 0047). A 401 (302: the session ended, expired or
 * was signed out elsewhere) ends the portal's session: the router shows the sign-in screen.
 */
export async function apiRequest<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const session = readSession();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (session) headers.authorization = `Bearer ${session.accessToken}`;
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  let response: TransportResponse;
  try {
    response = await transport({
      method: options.method ?? 'GET',
      url,
      headers,
      body:
        options.body === undefined
          ? undefined
          : isForm
            ? (options.body as FormData)
            : JSON.stringify(options.body),
      responseType: options.responseType ?? 'json',
    });
  } catch {
    throw new ApiError('The server could not be reached. Check your connection and try again.');
  }
  if (options.responseType === 'blob' && response.status < 400 && response.body instanceof Blob) {
    return response.body as T;
  }
  const body = response.body;
  if (isEnvelope(body) && body.code === 0 && response.status < 400) return body.data as T;
  const code = isEnvelope(body) ? body.code : null;
  if (response.status === 401 || code === ERROR_CODES.ORG_UNAUTHORISED.code) {
    if (session) clearSession('expired');
  }
  throw new ApiError(isEnvelope(body) ? body.message : `Request failed (${response.status})`, {
    code,
    status: response.status,
    data: isEnvelope(body) ? body.data : null,
  });
}
