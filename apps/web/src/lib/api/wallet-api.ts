import { PROFILE_PATHS, type Profile, type Session } from '@veridocs/shared';
import { http } from '../api-client';
import { config } from '../config';

/**
 * The session's web-wallet calls (spec §4: refresh, then the profile; logout). The session controller is
 * on /login's first chunk, so these use the plain client; screens use the RTK Query api (ADR 0013).
 */
const wallet = (path: string) => `${config.services.webWallet}${path}`;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** PUT get-token with the refresh token: a new session (the refresh token rotates). */
export function refreshTokens(refreshToken: string): Promise<Session> {
  // Typed, not parsed: the server serialises it through sessionSchema (no zod at start-up, ADR 0008).
  return http.put<Session>(wallet(PROFILE_PATHS.getToken), undefined, {
    headers: bearer(refreshToken),
    noSnackbar: true,
  });
}

/** Revokes the refresh token; best effort, so it is quick and silent. */
export async function revokeSession(refreshToken: string): Promise<void> {
  await http.post<unknown>(wallet(PROFILE_PATHS.logout), undefined, {
    headers: bearer(refreshToken),
    noSnackbar: true,
    timeout: 5000,
  });
}

export function fetchProfile(): Promise<Profile> {
  return http.get<Profile>(wallet(PROFILE_PATHS.base));
}
