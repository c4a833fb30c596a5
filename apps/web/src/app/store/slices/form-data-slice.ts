import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { resetAll } from '../reset';

export interface FormDataState {
  showInitScreen: boolean;
}

const initialState: FormDataState = { showInitScreen: true };

const formDataSlice = createSlice({
  name: 'formData',
  initialState,
  reducers: {
    setShowInitScreen(state, action: PayloadAction<boolean>) {
      state.showInitScreen = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

export const { setShowInitScreen } = formDataSlice.actions;
export const formDataReducer = formDataSlice.reducer;
