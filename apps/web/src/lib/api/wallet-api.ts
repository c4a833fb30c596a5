import { API_PATHS, type Profile, type Session, type UpdateProfileRequest } from '@veridocs/shared';
import { http } from '../api-client';
import { config } from '../config';

/** Web-wallet calls shared by several parts of the app: session upkeep and the profile. */
const wallet = (path: string) => `${config.services.webWallet}${path}`;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** PUT get-token with the refresh token: a new session (the refresh token rotates). */
export function refreshTokens(refreshToken: string): Promise<Session> {
  // Typed, not parsed: the server serialises it through sessionSchema (no zod at start-up, ADR 0008).
  return http.put<Session>(wallet(API_PATHS.profile.getToken), undefined, {
    headers: bearer(refreshToken),
    noSnackbar: true,
  });
}

/** Revokes the refresh token; best effort, so it is quick and silent. */
export async function revokeSession(refreshToken: string): Promise<void> {
  await http.post<unknown>(wallet(API_PATHS.profile.logout), undefined, {
    headers: bearer(refreshToken),
    noSnackbar: true,
    timeout: 5000,
  });
}

export function fetchProfile(): Promise<Profile> {
  return http.get<Profile>(wallet(API_PATHS.profile.base));
}

export function updateProfile(body: UpdateProfileRequest): Promise<Profile> {
  // The profile screen shows a failure inline.
  return http.patch<Profile>(wallet(API_PATHS.profile.base), body, { noSnackbar: true });
}
