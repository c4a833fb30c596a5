import type { Middleware } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query/react';
import { apiBaseQuery, isApiQueryError, type ApiQueryError } from '../../lib/api/base-query';
import { decideError } from '../../lib/error-catalogue';
import { notify } from '../../lib/notify';
import { resetAll } from './reset';
import { addLazyModule } from './store';

/**
 * The one data layer (ADR 0013): RTK Query over the one API client. Endpoints are added beside the
 * code that owns them (`api.injectEndpoints`): transactions-api.ts and profile-api.ts here, a feature's
 * own in its `*-api.ts`. Only lazily loaded screens import this module: it stays off /login.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: apiBaseQuery,
  tagTypes: [
    'Profile',
    'Transactions',
    'Transaction',
    'Verification',
    'Questions',
    'NameChanges',
    'Notifications',
    'Credentials',
    'Responder',
  ],
  // A screen that mounts shows what is cached at once and asks again, as every screen did before.
  refetchOnMountOrArgChange: true,
  endpoints: () => ({}),
});

/** The list tag id: one for all pages of the candidate's transactions. */
export const LIST = 'LIST';

/**
 * The one place that shows a failed call's snackbar: every rejected RTK Query call goes through the
 * error catalogue (spec §8), unless its endpoint shows the failure itself (`extraOptions.noSnackbar`).
 * The session side of the catalogue (logout on 401, code 138) stays in the API client, for every call.
 */
export const apiErrorMiddleware: Middleware = () => (next) => (action) => {
  const result = next(action);
  // A base query's `{ error }` is a rejected thunk action with that value (not RTK's isRejectedWithValue:
  // what this chunk imports of Redux Toolkit's main module would be built into /login's, ADR 0013).
  const { type, payload, meta } = action as {
    type?: unknown;
    payload?: unknown;
    meta?: { rejectedWithValue?: unknown };
  };
  if (
    typeof type === 'string' &&
    type.startsWith(`${api.reducerPath}/`) &&
    meta?.rejectedWithValue === true
  ) {
    const error = payload;
    if (isApiQueryError(error)) {
      const decision = decideError(error);
      if (decision.snackbar) notify(decision.snackbar, 'error');
    }
  }
  return result;
};

/** Logout (resetAll) ends the session: nothing of the last candidate's server data stays cached. */
const resetWithSession: Middleware = (storeApi) => (next) => (action) => {
  const result = next(action);
  if (resetAll.match(action)) storeApi.dispatch(api.util.resetApiState());
  return result;
};

addLazyModule({
  reducerPath: api.reducerPath,
  reducer: api.reducer,
  middleware: [api.middleware, apiErrorMiddleware, resetWithSession],
});

export type { ApiQueryError };
