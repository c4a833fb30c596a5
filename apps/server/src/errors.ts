import { ERROR_CODES, type ErrorName } from '@veridocs/shared';

/**
 * A failure the client should see: its name picks the code and HTTP status from the shared table;
 * the message defaults to the table's. The one error handler (http/error-handler.ts) renders it.
 */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly code: number;
  readonly statusCode: number;

  constructor(
    readonly errorName: ErrorName,
    message?: string,
    readonly data: unknown = null,
  ) {
    super(message ?? ERROR_CODES[errorName].message);
    this.code = ERROR_CODES[errorName].code;
    this.statusCode = ERROR_CODES[errorName].status;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
