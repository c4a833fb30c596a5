import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Profile } from '@veridocs/shared';
import { resetAll } from '../reset';

/** The candidate's profile as the server sent it (free-form: later screens add to it). */
export type ProfileState = Partial<Profile> & Record<string, unknown>;

const initialState: ProfileState = {};

/** The legacy category key "profession" is read as "employment" (spec §3 "Profile"). */
export function normaliseProfile(profile: ProfileState): ProfileState {
  const list = profile.verificationDetailList as Record<string, unknown> | undefined;
  if (!list || !('profession' in list)) return profile;
  const { profession, ...rest } = list;
  return {
    ...profile,
    verificationDetailList: {
      ...rest,
      employment: rest.employment ?? profession,
    } as Profile['verificationDetailList'],
  };
}

const profileSlice = createSlice({
  name: 'profile',
  initialState,
  reducers: {
    setProfile(_state, action: PayloadAction<ProfileState>) {
      return normaliseProfile(action.payload);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

export const { setProfile } = profileSlice.actions;
export const profileReducer = profileSlice.reducer;
