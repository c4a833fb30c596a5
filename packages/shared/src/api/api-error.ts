/** Every response is `{ code, data, message }`; code 0 is success (ADR 0003). */
export interface ApiEnvelope<T> {
  code: number;
  data: T;
  message: string;
}

/** Whether an answer's body is an envelope (anything with a numeric `code`). */
export function isEnvelope(body: unknown): body is ApiEnvelope<unknown> {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

/**
 * Every failed request of the web and console API clients rejects with one of these: the server's code,
 * status, message and data when it sent them; `cancelled` when the caller aborted it.
 */
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

/** The request failed with this envelope code (ERROR_CODES). */
export const hasCode = (error: unknown, code: number): error is ApiError =>
  error instanceof ApiError && error.code === code;
