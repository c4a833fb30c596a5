import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { resetAll } from '../reset';

export interface MiscState {
  openDemo: boolean;
  currentVerification: string;
  /**
   * The saved search of the form screen, for the back button of choose-payment-provider and
   * form-payments: `pathname` and `search` of the link to return to.
   */
  searchedQuery: { pathname?: string; search?: string };
  startButtonClicked: boolean;
}

export const miscInitialState: MiscState = {
  openDemo: false,
  currentVerification: '',
  searchedQuery: {},
  startButtonClicked: false,
};

const miscSlice = createSlice({
  name: 'misc',
  initialState: miscInitialState,
  reducers: {
    setOpenDemo(state, action: PayloadAction<boolean>) {
      state.openDemo = action.payload;
    },
    setCurrentVerification(state, action: PayloadAction<string>) {
      state.currentVerification = action.payload;
    },
    setSearchedQuery(state, action: PayloadAction<MiscState['searchedQuery']>) {
      state.searchedQuery = action.payload;
    },
    setStartButtonClicked(state, action: PayloadAction<boolean>) {
      state.startButtonClicked = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => miscInitialState);
  },
});

export const { setOpenDemo, setCurrentVerification, setSearchedQuery, setStartButtonClicked } =
  miscSlice.actions;
export const miscReducer = miscSlice.reducer;
