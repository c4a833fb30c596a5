import {
  noopReporter,
  reactRootErrorOptions,
  reportError,
  setErrorReporter,
  type ErrorReporter,
} from './error-reporter';

/**
 * The Sentry-envelope sink of the error reporter (ADR 0032): its own module, loaded only when a DSN
 * is configured, so the sign-in page does not carry it.
 */

/** https://{key}@{host}/{projectId} → the envelope URL with the key as a query parameter. */
export function envelopeUrl(dsn: string): string | null {
  try {
    const url = new URL(dsn);
    const projectId = url.pathname.replace(/^\/+|\/+$/g, '');
    if (!url.username || !projectId) return null;
    return `${url.protocol}//${url.host}/api/${projectId}/envelope/?sentry_key=${encodeURIComponent(url.username)}&sentry_version=7`;
  } catch {
    return null;
  }
}

const hex32 = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** The envelope of one error event (Sentry's format: header line, item header line, event JSON). */
export function errorEnvelope(
  error: unknown,
  options: { release: string; environment: string; context?: Record<string, string> },
): string {
  const eventId = hex32();
  const err =
    error instanceof Error ? error : new Error(typeof error === 'string' ? error : 'Non-error thrown');
  const event = {
    event_id: eventId,
    timestamp: Date.now() / 1000,
    platform: 'javascript',
    level: 'error',
    release: options.release,
    environment: options.environment,
    request: { url: typeof location === 'undefined' ? '' : location.origin + location.pathname },
    tags: options.context ?? {},
    exception: {
      values: [
        { type: err.name, value: err.message.slice(0, 1000), stacktrace: { frames: [] as unknown[] } },
      ],
    },
    extra: { stack: (err.stack ?? '').slice(0, 8000) },
  };
  const body = JSON.stringify(event);
  return [
    JSON.stringify({ event_id: eventId, sent_at: new Date().toISOString() }),
    JSON.stringify({
      type: 'event',
      content_type: 'application/json',
      length: new TextEncoder().encode(body).length,
    }),
    body,
  ].join('\n');
}

export function createEnvelopeReporter(
  dsn: string,
  options: { release: string; environment: string; send?: (url: string, body: string) => void },
): ErrorReporter {
  const url = envelopeUrl(dsn);
  if (!url) return noopReporter;
  const send =
    options.send ??
    ((to: string, body: string) =>
      void fetch(to, {
        method: 'POST',
        body,
        keepalive: true,
        headers: { 'Content-Type': 'text/plain' },
      }).catch(() => undefined));
  // A loop of the same error reports once per page.
  const seen = new Set<string>();
  return {
    report(error, context) {
      const key = error instanceof Error ? `${error.name}:${error.message}` : String(error);
      if (seen.has(key) || seen.size > 50) return;
      seen.add(key);
      send(
        url,
        errorEnvelope(error, {
          release: options.release,
          environment: options.environment,
          ...(context ? { context } : {}),
        }),
      );
    },
  };
}

/** Window errors and unhandled promise rejections go to the reporter. */
export function installGlobalErrorHandlers(target: Window = window): void {
  target.addEventListener('error', (event) =>
    reportError(event.error ?? event.message, { source: 'window' }),
  );
  target.addEventListener('unhandledrejection', (event) =>
    reportError(event.reason, { source: 'unhandledrejection' }),
  );
}

/**
 * Turns error reporting on (main.tsx, only when a DSN is configured): the envelope sink, the window
 * handlers, and the options React's root reports its render errors through.
 */
export function installErrorReporting(
  dsn: string,
  options: { release: string; environment: string },
): typeof reactRootErrorOptions {
  setErrorReporter(createEnvelopeReporter(dsn, options));
  installGlobalErrorHandlers();
  return reactRootErrorOptions;
}
