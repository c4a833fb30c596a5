import type { RootState } from './store';

// The profile screens' selectors, apart from selectors.ts so the sign-in page does not carry them.
/** /basic-details and /contact-details are both saved (the Basic Details tile is done). */
export const selectProfileDetailsDone = (state: RootState): boolean =>
  Boolean(state.profile.basicDetails && state.profile.contactDetails);
/** The verified identity's name when it differs from the profile name (the name change request). */
export const selectDifferentVerifiedName = (state: RootState): string | null => {
  const verified = state.profile.verifiedName?.trim() ?? '';
  const name = state.profile.profileDetails?.name?.trim() ?? '';
  return verified && name && verified.toLowerCase() !== name.toLowerCase() ? verified : null;
};
