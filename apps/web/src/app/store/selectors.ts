import type { RootState } from './store';

/** A candidate holding an access token is logged in (spec §6). */
export const selectIsLoggedIn = (state: RootState) => Boolean(state.auth.accessToken);
export const selectAuth = (state: RootState) => state.auth;
export const selectProfile = (state: RootState) => state.profile;
export const selectProfileName = (state: RootState): string =>
  state.profile.profileDetails?.name?.trim() ?? '';
export const selectMisc = (state: RootState) => state.misc;
export const selectOpenDemo = (state: RootState) => state.misc.openDemo;
export const selectSearchedQuery = (state: RootState) => state.misc.searchedQuery;

/** The requesting organisation's name, once a form screen has loaded the transaction info. */
export const selectOrganisationName = (state: RootState): string => {
  const info = state.verification.info as { org?: { displayName?: unknown; name?: unknown } };
  const name = info.org?.displayName ?? info.org?.name;
  return typeof name === 'string' ? name : '';
};
