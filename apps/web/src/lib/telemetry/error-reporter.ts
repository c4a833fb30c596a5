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

let current: ErrorReporter = noopReporter;

export function setErrorReporter(next: ErrorReporter): void {
  current = next;
}

export function reportError(error: unknown, context?: Record<string, string>): void {
  current.report(error, context);
}

/** createRoot / hydrateRoot options: React's caught (error boundary) and uncaught render errors. */
const reactError = (source: string) => (error: unknown) => {
  reportError(error, { source });
  console.error(error);
};
export const reactRootErrorOptions = {
  onCaughtError: reactError('react-boundary'),
  onUncaughtError: reactError('react'),
};
