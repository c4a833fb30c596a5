import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { resetAll } from '../reset';

/** Verification configs and the current transaction info (filled by the form screens). */
export interface VerificationState {
  configs: unknown[];
  info: Record<string, unknown>;
}

const initialState: VerificationState = { configs: [], info: {} };

const verificationSlice = createSlice({
  name: 'verification',
  initialState,
  reducers: {
    setConfigs(state, action: PayloadAction<unknown[]>) {
      state.configs = action.payload;
    },
    setInfo(state, action: PayloadAction<Record<string, unknown>>) {
      state.info = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

export const { setConfigs, setInfo } = verificationSlice.actions;
export const verificationReducer = verificationSlice.reducer;
