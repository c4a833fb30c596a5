/** What every staff-side session holds: a bearer token and when it stops working (epoch ms). */
export interface StoredSession {
  accessToken: string;
  expiresAt: number;
}

/** Why the last session ended, for the sign-in screen's notice. */
export type SessionEnd = 'signed-out' | 'expired' | null;

export interface SessionStore<S extends StoredSession> {
  /** The live session, or null (none, or its token has expired). */
  readSession(): S | null;
  saveSession(session: S): void;
  clearSession(reason: Exclude<SessionEnd, null>): void;
  sessionEnd(): SessionEnd;
  subscribeSession(listener: () => void): () => void;
  /** Tests start from a clean slate. */
  resetSessionForTests(): void;
}

/**
 * A tab's session kept in sessionStorage under `key`, so it ends with the tab and is shared with no
 * other app (the console and the portal each have their own key; the candidate app uses localStorage).
 * `isComplete` tells a stored value of this app's shape from anything else found under the key.
 */
export function createSessionStore<S extends StoredSession>(
  key: string,
  isComplete: (value: Partial<S>) => boolean,
): SessionStore<S> {
  let ended: SessionEnd = null;
  let cached: S | null | undefined;
  const listeners = new Set<() => void>();
  let expiryTimer: ReturnType<typeof setTimeout> | undefined;

  function parse(raw: string | null): S | null {
    if (!raw) return null;
    try {
      const value = JSON.parse(raw) as Partial<S>;
      if (typeof value.accessToken !== 'string' || typeof value.expiresAt !== 'number' || !isComplete(value))
        return null;
      return value as S;
    } catch {
      return null;
    }
  }

  function scheduleExpiry(session: S | null) {
    if (expiryTimer) clearTimeout(expiryTimer);
    expiryTimer = undefined;
    if (!session) return;
    // Timers longer than ~24.8 days overflow; a token lives hours.
    const wait = Math.min(session.expiresAt - Date.now(), 2 ** 31 - 1);
    expiryTimer = setTimeout(() => store.clearSession('expired'), Math.max(0, wait));
  }

  const emit = () => {
    for (const listener of listeners) listener();
  };

  const store: SessionStore<S> = {
    readSession() {
      if (cached === undefined) {
        cached = parse(window.sessionStorage.getItem(key));
        scheduleExpiry(cached);
      }
      if (cached && cached.expiresAt <= Date.now()) {
        window.sessionStorage.removeItem(key);
        cached = null;
        ended = 'expired';
      }
      return cached;
    },
    saveSession(session) {
      window.sessionStorage.setItem(key, JSON.stringify(session));
      cached = session;
      ended = null;
      scheduleExpiry(session);
      emit();
    },
    clearSession(reason) {
      window.sessionStorage.removeItem(key);
      const had = cached !== null && cached !== undefined;
      cached = null;
      ended = reason;
      scheduleExpiry(null);
      if (had) emit();
    },
    sessionEnd: () => ended,
    subscribeSession(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    resetSessionForTests() {
      cached = undefined;
      ended = null;
      scheduleExpiry(null);
    },
  };
  return store;
}
