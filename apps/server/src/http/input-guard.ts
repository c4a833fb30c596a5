import { ERROR_CODES } from '@veridocs/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validationFailed } from '../errors.js';
import { createSecurityHeaders } from './security.js';

/**
 * Bytes no route can use, refused before any route sees them (issue 9 §5): NUL characters (PostgreSQL
 * text cannot hold them, so they ended as 500s), unpaired UTF-16 surrogates (not text: the drivers
 * would store U+FFFD instead), malformed percent-encoding and JSON nested deeper than any request of
 * this API. Each answers 400 with the envelope.
 */

/** Deeper than any request body of the API (a form's file list is about 5 levels). */
export const MAX_JSON_DEPTH = 32;

const isHigh = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLow = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const TEXT = {
  nul: 'contains a NUL character',
  surrogate: 'contains an unpaired surrogate (not valid Unicode text)',
  encoding: 'has malformed percent-encoding',
  depth: `is nested more than ${MAX_JSON_DEPTH} levels deep`,
} as const;

/** Why a string is not text this API accepts, or null. */
export function badTextReason(value: string): string | null {
  if (value.includes('\u0000')) return TEXT.nul;
  if (LONE_SURROGATE.test(value)) return TEXT.surrogate;
  return null;
}

/** Why a request target (path and query, still percent-encoded) is refused, or null. */
export function badUrlReason(url: string): string | null {
  // Without a percent sign there is nothing to decode (most requests): the same answer, cheaper.
  if (!url.includes('%')) return badTextReason(url);
  let decoded: string;
  try {
    // `+` is a space only in the query; either way it is not a percent sign.
    decoded = decodeURIComponent(url);
  } catch {
    return TEXT.encoding;
  }
  return badTextReason(decoded);
}

/**
 * Why a JSON text is refused (NUL or an unpaired surrogate in a string, written as an escape or
 * not; nesting deeper than `maxDepth`), or null. One pass over the text before JSON.parse, so
 * nothing recursive ever walks a hostile structure.
 */
export function badJsonReason(text: string, maxDepth = MAX_JSON_DEPTH): string | null {
  let depth = 0;
  let inString = false;
  let highPending = false;
  for (let i = 0; i < text.length; i++) {
    let unit = text.charCodeAt(i);
    if (!inString) {
      if (unit === 0x22) {
        inString = true;
        highPending = false;
      } else if (unit === 0x7b || unit === 0x5b) {
        if (++depth > maxDepth) return TEXT.depth;
      } else if (unit === 0x7d || unit === 0x5d) {
        depth--;
      }
      continue;
    }
    if (unit === 0x22) {
      if (highPending) return TEXT.surrogate;
      inString = false;
      continue;
    }
    if (unit === 0x5c) {
      const next = text.charCodeAt(i + 1);
      if (next !== 0x75) {
        // \" \\ \n ...: one escaped character, never a surrogate.
        if (highPending) return TEXT.surrogate;
        i++;
        continue;
      }
      unit = Number.parseInt(text.slice(i + 2, i + 6), 16);
      i += 5;
      // Not four hex digits: JSON.parse refuses it.
      if (Number.isNaN(unit)) continue;
    }
    if (unit === 0) return TEXT.nul;
    if (highPending) {
      if (!isLow(unit)) return TEXT.surrogate;
      highPending = false;
    } else if (isHigh(unit)) {
      highPending = true;
    } else if (isLow(unit)) {
      return TEXT.surrogate;
    }
  }
  return null;
}

/** The VALIDATION_FAILED error for a refused part of the request. */
export function badInput(part: 'url' | 'body', reason: string) {
  const what = part === 'url' ? 'The address' : 'The request body';
  return validationFailed([{ path: part, message: `${what} ${reason}` }]);
}

/**
 * Checks every request's target before routing hooks, auth and handlers run. The router has already
 * decoded the path; the query is parsed later, so both are checked here from the raw target.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    const reason = badUrlReason(request.url);
    done(reason ? badInput('url', reason) : undefined);
  });
}

let headers: Record<string, string> | undefined;

/**
 * Fastify's `frameworkErrors`: a path the router cannot decode (FST_ERR_BAD_URL) or a too long
 * parameter answers in the envelope like every other refusal, not in Fastify's own shape.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  headers ??= createSecurityHeaders();
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'The address is too long' : `The address ${TEXT.encoding}`;
  void reply
    .code(ERROR_CODES.VALIDATION_FAILED.status)
    .headers(headers)
    .header('x-request-id', request.id)
    .header('cache-control', 'no-store')
    // No route hook ran (no body deadline): do not wait for whatever body follows.
    .header('connection', 'close')
    .send({ code: ERROR_CODES.VALIDATION_FAILED.code, data: [{ path: 'url', message }], message });
}
