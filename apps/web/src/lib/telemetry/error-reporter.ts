/**
 * The one client error-reporting interface (spec §7 "an error-reporting service receives events";
 * ADR 0032). A no-op unless VITE_ERROR_REPORT_DSN is set (a Sentry DSN, or any service that takes
 * Sentry's envelope format): then each error is sent as one envelope. Window errors, unhandled
 * rejections and React's caught and uncaught render errors all come here.
 */
export interface ErrorReporter {
  report(error: unknown, context?: Record<string, string>): void;
}

export const noopReporter: ErrorReporter = { report: () => undefined };

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

let current: ErrorReporter = noopReporter;

export function setErrorReporter(next: ErrorReporter): void {
  current = next;
}

export function reportError(error: unknown, context?: Record<string, string>): void {
  current.report(error, context);
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

/** createRoot / hydrateRoot options: React's caught (error boundary) and uncaught render errors. */
export const reactRootErrorOptions = {
  onCaughtError: (error: unknown) => {
    reportError(error, { source: 'react-boundary' });
    console.error(error);
  },
  onUncaughtError: (error: unknown) => {
    reportError(error, { source: 'react' });
    console.error(error);
  },
};
