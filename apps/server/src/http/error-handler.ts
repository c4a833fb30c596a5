import { ERROR_CODES, type ErrorEnvelope, type ErrorName, type ValidationIssue } from '@veridocs/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, validationFailed } from '../errors.js';
import { localiseErrorMessage, requestLanguage } from './language.js';

/** Fastify's own errors that the client caused, by their code. */
const FASTIFY_ERRORS: Record<string, { name: ErrorName; message?: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { name: 'VALIDATION_FAILED', message: 'Request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { name: 'VALIDATION_FAILED', message: 'Request body is empty' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    name: 'VALIDATION_FAILED',
    message: 'Request body length does not match Content-Length',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { name: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_CTP_BODY_TOO_LARGE: { name: 'PAYLOAD_TOO_LARGE' },
  FST_ERR_CTP_INVALID_TYPE: { name: 'UNSUPPORTED_MEDIA_TYPE' },
};

/** Client errors without a specific mapping, by HTTP status. */
const BY_STATUS: Record<number, ErrorName> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/**
 * SQLSTATEs of input PostgreSQL cannot store (NUL in text, \u0000 in jsonb). The input guard refuses
 * such bytes up front (input-guard.ts); this is the backstop for a way in it does not see.
 */
const UNSTORABLE_INPUT = new Set(['22021', '22P05']);

/** The SQLSTATE of a database error, also when wrapped (Drizzle puts the driver's error in `cause`). */
function sqlState(error: unknown): string | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

function send(reply: FastifyReply, status: number, body: ErrorEnvelope) {
  // The candidate's language (Accept-Language): the common messages in Hindi for `hi`.
  const message = localiseErrorMessage(requestLanguage(reply.request), body.code, body.message, body.data);
  return reply.code(status).send(message === body.message ? body : { ...body, message });
}

function sendAppError(reply: FastifyReply, error: AppError) {
  // Clients and proxies that do not read the envelope still learn when to come back (RFC 9110 §10.2.3).
  const retryAfter = (error.data as { retryAfter?: unknown } | null)?.retryAfter;
  if (typeof retryAfter === 'number' && retryAfter > 0)
    reply.header('retry-after', String(Math.ceil(retryAfter)));
  return send(reply, error.statusCode, { code: error.code, data: error.data, message: error.message });
}

function fromTable(name: ErrorName, message?: string): [number, ErrorEnvelope] {
  const entry = ERROR_CODES[name];
  return [entry.status, { code: entry.code, data: null, message: message ?? entry.message }];
}

/** `body`, `txnId`, `items.0.name`: where the problem is, for people. */
function issuePath(context: string | undefined, instancePath: string): string {
  const path = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  return path || context || 'request';
}

/**
 * The one error handler: every failure becomes the envelope `{ code, data, message }` with the HTTP
 * status of the shared table. Unexpected errors answer a generic 500; details go only to the log.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler(
    (error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof AppError) {
        if (error.statusCode >= 500) request.log.warn({ err: error }, error.message);
        return sendAppError(reply, error);
      }

      if (hasZodFastifySchemaValidationErrors(error)) {
        const context = (error as FastifyError).validationContext;
        const issues: ValidationIssue[] = error.validation.map((v) => ({
          path: issuePath(context, v.instancePath),
          message: v.message ?? 'Invalid value',
        }));
        return sendAppError(reply, validationFailed(issues, { withPath: true }));
      }

      const fastifyError = error as FastifyError;
      const statusCode = fastifyError.statusCode ?? 500;
      const known = fastifyError.code ? FASTIFY_ERRORS[fastifyError.code] : undefined;
      if (known) return send(reply, ...fromTable(known.name, known.message));

      if (statusCode >= 400 && statusCode < 500) {
        const name = BY_STATUS[statusCode];
        const [status, body] = name ? fromTable(name) : fromTable('VALIDATION_FAILED', fastifyError.message);
        return send(reply, name ? status : statusCode, body);
      }

      const state = sqlState(error);
      if (state && UNSTORABLE_INPUT.has(state)) {
        request.log.warn({ err: error }, 'Input the database cannot store');
        return send(
          reply,
          ...fromTable('VALIDATION_FAILED', 'The request contains characters that cannot be stored'),
        );
      }

      request.log.error({ err: error }, 'Unhandled error');
      const [status, body] = fromTable(statusCode === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL');
      return send(reply, status, body);
    },
  );
}
