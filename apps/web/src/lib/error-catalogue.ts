import {
  PROFILE_PATHS,
  LOGOUT_CODE,
  MESSAGES,
  SERVICE_BASES,
  SILENT_CODES,
  capitalise,
  isPublicRequest,
} from '@veridocs/shared';

/**
 * The client's error catalogue (spec §8) in one place: what the user sees and whether the session
 * ends, for every failed request. Pure, so each row has its own unit test.
 */
export interface ErrorFacts {
  /** HTTP status, when a response arrived. */
  status: number | null;
  /** The envelope's `code`, when the body was an envelope. */
  code: number | null;
  /** The server's message, or the error's own message. */
  message: string;
  url: string;
  method: string;
  cancelled: boolean;
  /** The request was marked `noSnackbar`: its caller shows the failure itself. */
  noSnackbar: boolean;
}

export interface ErrorDecision {
  /** In the specification's English; the API client shows it in the candidate's language (localMessage). */
  snackbar: string | null;
  logout: boolean;
}

const WALLET = SERVICE_BASES.webWallet;
const PROFILE = PROFILE_PATHS;

function pathOf(url: string): string {
  const withoutQuery = url.split('?')[0] ?? '';
  // Absolute URLs (a configured API origin) are compared by their path.
  return withoutQuery.replace(/^[a-z]+:\/\/[^/]+/i, '');
}

export function isLoginPath(url: string): boolean {
  const path = pathOf(url);
  return path === WALLET + PROFILE.login;
}

export function isLogoutPath(url: string): boolean {
  return pathOf(url) === WALLET + PROFILE.logout;
}

/**
 * The public sign-in calls: a 401 there is about the code or token the form sent, not about an
 * expired session, so the form shows the server's message instead of logging out. So are the
 * institution's responder calls (issue 27).
 */
export function isPublicAuthRequest(method: string, url: string): boolean {
  const path = pathOf(url);
  if (path.includes('/profile/otp/')) return true;
  // The institution's responder: a 401 is about its link or its own session, never the candidate's.
  if (path.startsWith('/api/institutions/')) return true;
  if ([PROFILE.login, PROFILE.getToken, PROFILE.logout].some((p) => path === WALLET + p)) return true;
  return path === WALLET + PROFILE.base && method.toLowerCase() === 'post';
}

/**
 * Whether the request guard (spec §5) applies: every request except the public ones. The profile base
 * is public for its POST (create wallet) and its optional-bearer GET; changing a profile needs a session.
 */
export function requiresSession(method: string, url: string): boolean {
  const path = pathOf(url);
  if (path === WALLET + PROFILE.base) return !['get', 'post'].includes(method.toLowerCase());
  return !isPublicRequest(path);
}

const NONE: ErrorDecision = { snackbar: null, logout: false };

export function decideError(facts: ErrorFacts): ErrorDecision {
  // Cancelled requests (including those the request guard aborted) say nothing more.
  if (facts.cancelled) return NONE;
  // Logging out is best effort: its own failure never starts another logout.
  if (isLogoutPath(facts.url)) return NONE;
  const show = (message: string) => (facts.noSnackbar ? null : message);

  if (facts.status === 504) return { snackbar: show(MESSAGES.serverDown), logout: false };
  if (facts.status === 401 && !isPublicAuthRequest(facts.method, facts.url)) {
    // The session ends, not just this request: said even for a quiet request (the notifications', a
    // screen that shows its own failures), or the candidate is logged out without a word.
    return { snackbar: MESSAGES.sessionExpired, logout: true };
  }
  if (facts.code === LOGOUT_CODE) return { snackbar: null, logout: true };
  if (facts.code !== null && (SILENT_CODES.always as readonly number[]).includes(facts.code)) return NONE;
  if (
    facts.code !== null &&
    (SILENT_CODES.onLoginPath as readonly number[]).includes(facts.code) &&
    isLoginPath(facts.url)
  ) {
    return NONE;
  }
  return { snackbar: show(capitalise(facts.message || MESSAGES.somethingWentWrong)), logout: false };
}
