import type { Staff } from '@veridocs/shared';

/**
 * The console's session: the ops access token (ADR 0019, no refresh token) and who holds it, kept in
 * sessionStorage so it ends with the tab and is not shared with the candidate app's localStorage.
 */
export interface ConsoleSession {
  accessToken: string;
  /** Epoch milliseconds the token stops working. */
  expiresAt: number;
  staff: Staff;
}

/** Why the last session ended, for the sign-in screen's notice. */
export type SessionEnd = 'signed-out' | 'expired' | null;

const KEY = 'veridocs-ops-session';
let ended: SessionEnd = null;
let cached: ConsoleSession | null | undefined;
const listeners = new Set<() => void>();
let expiryTimer: ReturnType<typeof setTimeout> | undefined;

function parse(raw: string | null): ConsoleSession | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<ConsoleSession>;
    if (typeof value.accessToken !== 'string' || typeof value.expiresAt !== 'number' || !value.staff)
      return null;
    return value as ConsoleSession;
  } catch {
    return null;
  }
}

function scheduleExpiry(session: ConsoleSession | null) {
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
export function readSession(): ConsoleSession | null {
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

export function saveSession(session: ConsoleSession): void {
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
