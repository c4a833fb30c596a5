import type { OrgSummary, OrgUser } from '@veridocs/shared';

/**
 * The portal's session: the organisation access token (ADR 0047, no refresh token), who holds it and
 * their organisation, kept in sessionStorage so it ends with the tab and is shared with neither the
 * candidate app's localStorage nor the console's key.
 */
export interface OrgPortalSession {
  accessToken: string;
  /** Epoch milliseconds the token stops working. */
  expiresAt: number;
  user: OrgUser;
  org: OrgSummary;
}

/** Why the last session ended, for the sign-in screen's notice. */
export type SessionEnd = 'signed-out' | 'expired' | null;

const KEY = 'veridocs-org-session';
let ended: SessionEnd = null;
let cached: OrgPortalSession | null | undefined;
const listeners = new Set<() => void>();
let expiryTimer: ReturnType<typeof setTimeout> | undefined;

function parse(raw: string | null): OrgPortalSession | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<OrgPortalSession>;
    if (
      typeof value.accessToken !== 'string' ||
      typeof value.expiresAt !== 'number' ||
      !value.user ||
      !value.org
    )
      return null;
    return value as OrgPortalSession;
  } catch {
    return null;
  }
}

function scheduleExpiry(session: OrgPortalSession | null) {
  if (expiryTimer) clearTimeout(expiryTimer);
  expiryTimer = undefined;
  if (!session) return;
  // Timers longer than ~24.8 days overflow; a token lives hours.
  const wait = Math.min(session.expiresAt - Date.now(), 2 ** 31 - 1);
  expiryTimer = setTimeout(() => clearSession('expired'), Math.max(0, wait));
}

function emit() {
  for (const listener of listeners) listener();
}

/** The live session, or null (none, or its token has expired). */
export function readSession(): OrgPortalSession | null {
  if (cached === undefined) {
    cached = parse(window.sessionStorage.getItem(KEY));
    scheduleExpiry(cached);
  }
  if (cached && cached.expiresAt <= Date.now()) {
    window.sessionStorage.removeItem(KEY);
    cached = null;
    ended = 'expired';
  }
  return cached;
}

export function saveSession(session: OrgPortalSession): void {
  window.sessionStorage.setItem(KEY, JSON.stringify(session));
  cached = session;
  ended = null;
  scheduleExpiry(session);
  emit();
}

export function clearSession(reason: Exclude<SessionEnd, null>): void {
  window.sessionStorage.removeItem(KEY);
  const had = cached !== null && cached !== undefined;
  cached = null;
  ended = reason;
  scheduleExpiry(null);
  if (had) emit();
}

export function sessionEnd(): SessionEnd {
  return ended;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tests start from a clean slate. */
export function resetSessionForTests(): void {
  cached = undefined;
  ended = null;
  scheduleExpiry(null);
}
