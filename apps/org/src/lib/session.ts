import type { OrgSummary, OrgUser } from '@veridocs/shared';
import { createSessionStore, type SessionEnd } from '@veridocs/ui';

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
export type { SessionEnd };

export const { readSession, saveSession, clearSession, sessionEnd, subscribeSession, resetSessionForTests } =
  createSessionStore<OrgPortalSession>('veridocs-org-session', (value) => Boolean(value.user && value.org));
