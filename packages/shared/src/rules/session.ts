import { SESSION } from '../constants/limits.js';
import { PROFILE_PATHS, SERVICE_BASES, VERIFIER_PATHS } from '../constants/auth-paths.js';
import type { AccessTokenPayload } from '../schemas/auth.js';

/**
 * The claims accessTokenPayloadSchema describes, checked by hand: this runs in the browser at start-up
 * and on every request, where zod would add ~25 KB to the sign-in page (ADR 0008). A test keeps the
 * two in step.
 */
export function isAccessTokenPayload(value: unknown): value is AccessTokenPayload {
  if (typeof value !== 'object' || value === null) return false;
  const claims = value as Record<string, unknown>;
  return (
    typeof claims['sub'] === 'string' &&
    typeof claims['mobile'] === 'string' &&
    typeof claims['sid'] === 'string' &&
    typeof claims['exp'] === 'number' &&
    typeof claims['iat'] === 'number'
  );
}

/** Decodes the access token's payload: its second dot-separated segment (spec §3). Null if it cannot. */
export function decodeAccessToken(token: string | null | undefined): AccessTokenPayload | null {
  if (!token) return null;
  const segment = token.split('.')[1];
  if (!segment) return null;
  try {
    const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return isAccessTokenPayload(claims) ? claims : null;
  } catch {
    return null;
  }
}

/** The refresh timer period in ms: (refreshTokenExpiresIn, default 3600, minus 60) seconds (spec §4). */
export function refreshIntervalMs(refreshTokenExpiresIn: number | null | undefined): number {
  const seconds =
    refreshTokenExpiresIn && refreshTokenExpiresIn > SESSION.refreshLeadSeconds
      ? refreshTokenExpiresIn
      : SESSION.refreshTokenExpiresInDefault;
  return (seconds - SESSION.refreshLeadSeconds) * 1000;
}

/**
 * Requests that go out without an access token (spec §5 "Request guard"): profile login, profile base
 * (and the optional-bearer GET profile that shares its URL), get-token, logout (it carries the refresh
 * token), any verifier base route, any URL containing /profile/otp/; and the public verification of a
 * shared credential (ADR 0031: anyone may check one, without an account); the institution's pages.
 */
export function isPublicRequest(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  const wallet = SERVICE_BASES.webWallet;
  const p = PROFILE_PATHS;
  if ([p.base, p.login, p.getToken, p.logout].some((x) => path === wallet + x || path === x)) return true;
  if (path.includes('/profile/otp/')) return true;
  // A literal, not API_PATHS.credentials: api-paths.ts stays off the sign-in page's bundle.
  if (path.startsWith(`${wallet}/credentials/verify`)) return true;
  // The institution's responder and contact confirmation (issue 27): a link's token or its own session.
  if (path.startsWith('/api/institutions/')) return true;
  const verifier = VERIFIER_PATHS.base;
  return path.startsWith(SERVICE_BASES.verificationV1 + verifier) || path.startsWith(verifier);
}

/** Server messages are shown with their first letter capitalised (spec §8). */
export function capitalise(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1);
}
