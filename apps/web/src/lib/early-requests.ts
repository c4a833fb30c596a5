import { PARTNER_ORG_HEADER } from '@veridocs/shared';
import {
  abortError,
  parseText,
  setEarlyAnswers,
  type TransportRequest,
  type TransportResponse,
} from './api-client';

/**
 * Answers fetched by the boot script (apps/web/scripts/prerender.mjs) before the app's script has
 * arrived (issue 31 §2, ADR 0015): on a slow phone the form home's first GETs otherwise wait for
 * 130 KB of script, then for a round trip each. The boot script sends a signed-in screen's GETs with
 * the headers the app would send; the app's first request of the same URL, bearer and language takes
 * that answer instead of sending its own. Each answer is taken once, only while fresh, and only a 2xx
 * one: anything else (a 401, a 5xx, no answer) is sent again the usual way, so a failure the error
 * catalogue acts on is always the app's own request's (a 2xx with a non-zero code is an error either way).
 */

/** The window property the boot script puts its requests in. */
export const EARLY_REQUESTS_SLOT = '__veridocsEarlyRequests';

/** How long an early answer stands for the app's own request: the first screen's, never a refetch's. */
export const EARLY_ANSWER_FRESH_MS = 20_000;

/** What the boot script leaves per request. */
export interface EarlyRequest {
  url: string;
  headers: Record<string, string>;
  /** performance.now() when it was sent. */
  sentAt: number;
  /** The answer, or null when none came (the network failed). */
  answer: Promise<{ status: number; text: string; headers: Record<string, string> } | null>;
}

/**
 * Placeholders in a screen's request URLs, filled by the boot script from the page's URL: a query
 * parameter, or a group of the screen's path pattern. Only letters, digits and `_`, which every URL
 * encoding leaves as they are; the boot script sends nothing for a value that any encoding would change.
 */
export const earlyPlaceholder = {
  query: (name: string) => `__query_${name}__`,
  segment: (group: number) => `__segment_${group}__`,
} as const;

/** The headers that must be the same for the early answer to be the app's (names as the app sends them). */
const SAME_HEADERS = ['Authorization', 'Accept-Language', PARTNER_ORG_HEADER] as const;

function pending(): EarlyRequest[] {
  if (typeof window === 'undefined') return [];
  const slot = (window as unknown as Record<string, unknown>)[EARLY_REQUESTS_SLOT];
  return Array.isArray(slot) ? (slot as EarlyRequest[]) : [];
}

/**
 * The early answer to this GET, taken out of the slot, or null when there is none that stands for it.
 * A request of the same URL that does not match (another bearer after a refresh, another language) drops
 * the early one: it is never taken later.
 */
export function takeEarlyAnswer(
  method: string,
  url: string,
  headers: Record<string, string>,
): EarlyRequest['answer'] | null {
  if (method.toUpperCase() !== 'GET') return null;
  const requests = pending();
  const at = requests.findIndex((early) => early.url === url);
  if (at < 0) return null;
  const [early] = requests.splice(at, 1);
  if (!early || performance.now() - early.sentAt > EARLY_ANSWER_FRESH_MS) return null;
  if (SAME_HEADERS.some((name) => early.headers[name] !== headers[name])) return null;
  return early.answer;
}

/** The promise's value (null if it fails), or an AbortError once the signal aborts: a wait the caller gave up. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T | null> {
  if (signal.aborted) return Promise.reject(abortError());
  return new Promise((resolve, reject) => {
    const abort = () => reject(abortError());
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, () => resolve(null)).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** The boot script's answer to this request, when it fetched one that stands for it and it is a 2xx. */
export async function earlyAnswer(request: TransportRequest): Promise<TransportResponse | null> {
  const early =
    request.responseType === 'json' && !request.onUploadProgress
      ? takeEarlyAnswer(request.method, request.url, request.headers)
      : null;
  const answer = early ? await untilAborted(early, request.signal) : null;
  if (!answer || answer.status < 200 || answer.status >= 300) return null;
  return { status: answer.status, body: parseText(answer.text), headers: answer.headers };
}

/** Lets the API client take the boot script's answers (called where a screen that has them loads). */
export function installEarlyAnswers(): void {
  setEarlyAnswers(earlyAnswer);
}
