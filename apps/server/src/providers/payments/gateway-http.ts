import { timingSafeEqual } from 'node:crypto';
import { GatewayError } from './gateway.js';
import { tracedFetch } from '../../lib/outgoing-trace.js';

/**
 * What the plain-`fetch` adapters (Razorpay, Cashfree; ADR 0024) share: one JSON call with a time-out
 * whose failures become `GatewayError`, and the constant-time comparison their webhook checks use.
 */

export interface GatewayHttpDeps {
  /** Tests and a proxy can swap it; the global (undici) otherwise. */
  fetch?: typeof fetch;
}

export interface GatewayResponse {
  status: number;
  body: unknown;
}

/**
 * Calls the gateway and returns a 2xx answer's JSON. Retryable (the service tries again later): no
 * answer, a time-out, 408, 409 (an idempotent request still in flight), 429, a 5xx or an unreadable
 * body. Not retryable: any other 4xx, with the gateway's own message (`describe`) in the error.
 */
export async function callGateway(
  gateway: string,
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
  options: { timeoutMs: number; fetch?: typeof fetch; describe: (body: unknown) => string | undefined },
): Promise<unknown> {
  const doFetch = options.fetch ?? tracedFetch('Payments');
  let response: Response;
  let text: string;
  try {
    response = await doFetch(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs) });
    text = await response.text();
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'unreachable';
    throw new GatewayError(`${gateway}: ${init.method} ${new URL(url).pathname} ${reason}`, true);
  }
  let body: unknown;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    throw new GatewayError(`${gateway}: unreadable answer (HTTP ${response.status})`, true);
  }
  if (response.ok) return body;
  const retryable = [408, 409, 429].includes(response.status) || response.status >= 500;
  const detail = options.describe(body) ?? 'no detail';
  throw new GatewayError(`${gateway}: HTTP ${response.status}: ${detail}`, retryable);
}

/** Constant-time equality of two strings (different lengths are simply unequal). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** One header's value, whatever the case of its name and whether Node gave a list. */
export function header(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted) continue;
    const one = Array.isArray(value) ? value[0] : value;
    return one === undefined || one === '' ? undefined : one;
  }
  return undefined;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A field the adapter cannot work without: a gateway answering without it is a bad answer (retry). */
export function requireString(gateway: string, value: unknown, what: string): string {
  if (typeof value === 'string' && value !== '') return value;
  throw new GatewayError(`${gateway}: the answer has no ${what}`, true);
}

/** An integer amount in the smallest unit, as the gateway returned it. */
export function requireMinor(gateway: string, value: unknown, what: string): number {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  throw new GatewayError(`${gateway}: the answer's ${what} is not an integer amount`, true);
}
