import { ERROR_CODES, type ErrorName, type ValidationIssue } from '@veridocs/shared';

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

/**
 * VALIDATION_FAILED with the issues as its data (the web app shows them by field). The message is the
 * first issue's; `withPath` puts its path in front (`items.1.name: Required`), for schema messages that
 * do not name their field. Without issues, the table's message.
 */
export function validationFailed(issues: ValidationIssue[], { withPath = false } = {}): AppError {
  const first = issues[0];
  const message = first && (withPath ? `${first.path}: ${first.message}` : first.message);
  return new AppError('VALIDATION_FAILED', message, issues);
}
