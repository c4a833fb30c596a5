import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { resetAll } from '../reset';

/** A candidate transaction as far as the navigation needs it (spec §3 "Candidate transaction list entry"). */
export interface TransactionSummary {
  state: string;
  form?: { name?: string };
}

export interface MiscState {
  openDemo: boolean;
  currentVerification: string;
  /**
   * The saved search of the form screen, for the back button of choose-payment-provider and
   * form-payments: `pathname` and `search` of the link to return to.
   */
  searchedQuery: { pathname?: string; search?: string };
  startButtonClicked: boolean;
  /** The candidate's first transactions (the home page fills it) — feeds the Contact Us rule. */
  candidateTransactions: TransactionSummary[];
}

export const miscInitialState: MiscState = {
  openDemo: false,
  currentVerification: '',
  searchedQuery: {},
  startButtonClicked: false,
  candidateTransactions: [],
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
    setCandidateTransactions(state, action: PayloadAction<TransactionSummary[]>) {
      state.candidateTransactions = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => miscInitialState);
  },
});

export const {
  setOpenDemo,
  setCurrentVerification,
  setSearchedQuery,
  setStartButtonClicked,
  setCandidateTransactions,
} = miscSlice.actions;
export const miscReducer = miscSlice.reducer;
