/**
 * The responder's session in this tab (sessionStorage: gone with the tab, never shared with another):
 * the session token the code opened, for the link it was opened with, and the responder's name and
 * designation for the next answers. Never the code.
 */
export interface ResponderSession {
  /** The link's token this session was opened with (another link asks for its own code). */
  linkToken: string;
  sessionToken: string;
  /** Epoch ms. */
  expiresAt: number;
  /** The request the link was for (opened first). */
  requestId: string;
  responderName?: string;
  designation?: string;
}

const KEY = 'veridocs.respond.session';

export function loadSession(linkToken: string, now = Date.now()): ResponderSession | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    const session = raw ? (JSON.parse(raw) as ResponderSession) : null;
    if (!session || session.linkToken !== linkToken || session.expiresAt <= now) return null;
    return session;
  } catch {
    return null;
  }
}

export function saveSession(session: ResponderSession): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(session));
  } catch {
    // Private mode without storage: the page works, a reload asks for a new code.
  }
}

export function clearSession(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
