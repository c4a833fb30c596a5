import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Session } from '@veridocs/shared';
import { getItem } from '../../../lib/storage';
import { resetAll } from '../reset';

/** The session (spec §3): kept in this slice and in local storage under these keys; never among the persisted slices. */
export interface AuthState {
  accessToken: string | null;
  refreshToken: string | null;
  refreshTokenExpiresIn: number | null;
}

export const AUTH_STORAGE_KEYS = ['accessToken', 'refreshToken', 'refreshTokenExpiresIn'] as const;

export type LoginPayload = Session & {
  /** Clear any running refresh timer and start a new one (not stored anywhere). */
  startRefresh?: boolean;
};

const emptyAuth: AuthState = { accessToken: null, refreshToken: null, refreshTokenExpiresIn: null };

/** At start-up the session comes from local storage. */
export function readStoredAuth(): AuthState {
  const expiresIn = Number(getItem('refreshTokenExpiresIn'));
  return {
    accessToken: getItem('accessToken') || null,
    refreshToken: getItem('refreshToken') || null,
    refreshTokenExpiresIn: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : null,
  };
}

const authSlice = createSlice({
  name: 'auth',
  initialState: readStoredAuth,
  reducers: {
    login(state, action: PayloadAction<LoginPayload>) {
      state.accessToken = action.payload.accessToken;
      state.refreshToken = action.payload.refreshToken;
      state.refreshTokenExpiresIn = action.payload.refreshTokenExpiresIn;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => emptyAuth);
  },
});

export const { login } = authSlice.actions;
export const authReducer = authSlice.reducer;
