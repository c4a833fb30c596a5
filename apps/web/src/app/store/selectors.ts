import type { RootState } from './store';

/** A candidate holding an access token is logged in (spec §6). */
export const selectIsLoggedIn = (state: RootState) => Boolean(state.auth.accessToken);
export const selectAuth = (state: RootState) => state.auth;
export const selectProfile = (state: RootState) => state.profile;
export const selectProfileName = (state: RootState): string =>
  state.profile.profileDetails?.name?.trim() ?? '';
/** /basic-details and /contact-details are both saved (the Basic Details tile is done). */
export const selectProfileDetailsDone = (state: RootState): boolean =>
  Boolean(state.profile.basicDetails && state.profile.contactDetails);
/** The verified identity's name when it differs from the profile name (the name change request). */
export const selectDifferentVerifiedName = (state: RootState): string | null => {
  const verified = state.profile.verifiedName?.trim() ?? '';
  const name = state.profile.profileDetails?.name?.trim() ?? '';
  return verified && name && verified.toLowerCase() !== name.toLowerCase() ? verified : null;
};
export const selectMisc = (state: RootState) => state.misc;
export const selectOpenDemo = (state: RootState) => state.misc.openDemo;
export const selectSearchedQuery = (state: RootState) => state.misc.searchedQuery;

/** The requesting organisation's name, once a form screen has loaded the transaction info. */
export const selectOrganisationName = (state: RootState): string => {
  const info = state.verification.info as { org?: { displayName?: unknown; name?: unknown } };
  const name = info.org?.displayName ?? info.org?.name;
  return typeof name === 'string' ? name : '';
};
