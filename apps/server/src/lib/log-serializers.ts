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

export const logSerializers = { err: serializeError } as const;
