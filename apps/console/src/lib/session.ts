import type { Staff } from '@veridocs/shared';
import { createSessionStore, type SessionEnd } from '@veridocs/ui';

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
export type { SessionEnd };

export const { readSession, saveSession, clearSession, sessionEnd, subscribeSession, resetSessionForTests } =
  createSessionStore<ConsoleSession>('veridocs-ops-session', (value) => Boolean(value.staff));
