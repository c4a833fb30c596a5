/**
 * What an error looks like in the logs. Database errors carry the values of the failed statement
 * (Drizzle's `params` and a message ending in "params: ..."; PostgreSQL's `detail`, such as "Key
 * (mobile)=(98...) already exists"; "invalid input syntax ...: "<value>"") and those values may be
 * personal data (mobile numbers, names, Aadhaar numbers). Logs keep the SQL text, the SQLSTATE and the
 * stack frames, never the values.
 */

/** Properties that hold statement values or row contents. */
const VALUE_KEYS = new Set(['params', 'parameters', 'detail', 'values']);
/** PostgreSQL messages that quote the offending input at their end. */
const QUOTED_INPUT =
  /^((?:invalid input (?:syntax|value) for|malformed (?:array|range|record) literal|value too long for)[^:]*): .*$/s;
const MAX_CAUSES = 5;

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

function messageOf(error: Error & Record<string, unknown>): string {
  // Drizzle's DrizzleQueryError: "Failed query: <sql>\nparams: <values>".
  if ('params' in error && typeof error.query === 'string') return `Failed query: ${error.query}`;
  return String(error.message).replace(QUOTED_INPUT, '$1: [redacted]');
}

function serialize(error: Error, depth: number): SerializedError {
  const e = error as Error & Record<string, unknown>;
  const message = messageOf(e);
  // The stack repeats the (unsafe) message: keep only its frames under the safe one.
  const frames = (e.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const out: SerializedError = {
    type: e.constructor?.name || e.name,
    message,
    stack: [`${e.name}: ${message}`, ...frames].join('\n'),
  };
  for (const key of Object.keys(e)) {
    if (VALUE_KEYS.has(key) || key === 'cause' || key in out) continue;
    const value = e[key];
    out[key] =
      value instanceof Error ? (depth < MAX_CAUSES ? serialize(value, depth + 1) : value.name) : value;
  }
  if (e.cause instanceof Error && depth < MAX_CAUSES) out.cause = serialize(e.cause, depth + 1);
  if (error instanceof AggregateError && depth < MAX_CAUSES)
    out.aggregateErrors = error.errors.map((inner: unknown) =>
      inner instanceof Error ? serialize(inner, depth + 1) : inner,
    );
  return out;
}

/** pino's `err` serializer without statement values (every logger of the app uses it). */
export function serializeError(error: unknown): SerializedError {
  // pino passes whatever was logged under `err`: only errors are rewritten.
  return error instanceof Error ? serialize(error, 0) : (error as SerializedError);
}

/**
 * Query parameters that carry a credential (an organisation link's `sso`, the notification stream's
 * `token`, signed links' signatures, codes) or personal data. Their values never reach a log.
 */
const SECRET_PARAMS = new Set([
  'sso',
  'token',
  'access_token',
  'refresh_token',
  'code',
  'otp',
  'sig',
  'signature',
  // Personal data typed into a search or a lookup (ADR 0049: an erased candidate's mobile or name must
  // not live on in the access log): the console's and the organisation's searches, the dev outbox.
  'q',
  'search',
  'mobile',
  'email',
  'phone',
  'to',
]);
/** Path segments that are capabilities: signed file links, credential share ids, report codes. */
const SECRET_SEGMENTS = [
  /(\/file-links\/)[^/?#]+/,
  /(\/credentials\/(?:verify|receive)\/)[^/?#]+/,
  /(\/reports\/verify\/)[^/?#]+/,
];

/** A request URL as it may be logged: token-bearing query values and path segments replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  let path = q === -1 ? url : url.slice(0, q);
  for (const pattern of SECRET_SEGMENTS) path = path.replace(pattern, '$1[redacted]');
  if (q === -1) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is logged as sent; it names no secret we know.
      }
      return eq !== -1 && SECRET_PARAMS.has(decoded.toLowerCase()) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

interface LoggableRequest {
  method?: string;
  url?: string;
  ip?: string;
  host?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number };
}

/** Fastify's request serializer, with the URL redacted (the access log's `req`). */
export function serializeRequest(request: LoggableRequest) {
  return {
    method: request.method,
    url: request.url === undefined ? undefined : redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export const logSerializers = { err: serializeError, req: serializeRequest } as const;
