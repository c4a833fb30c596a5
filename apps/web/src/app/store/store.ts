import {
  combineReducers,
  configureStore,
  createListenerMiddleware,
  type Reducer,
  type UnknownAction,
} from '@reduxjs/toolkit';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  PURGE,
  REGISTER,
  REHYDRATE,
  persistReducer,
  persistStore,
} from 'redux-persist';
import localStorageEngine from 'redux-persist/es/storage';
import sessionStorageEngine from 'redux-persist/es/storage/session';
import { SESSION } from '@veridocs/shared';
import { authReducer } from './slices/auth-slice';
import { formDataReducer } from './slices/form-data-slice';
import { miscReducer } from './slices/misc-slice';
import { profileReducer } from './slices/profile-slice';
import { verificationReducer } from './slices/verification-slice';

/** The versioned root key (spec §3): redux-persist writes it as `persist:root-v3` in local storage. */
export const ROOT_PERSIST_KEY = 'root-v3';
/** These slices live in session storage, each under its own `persist:<name>` key. */
export const SESSION_PERSISTED_SLICES = ['misc', 'formData', 'verification', 'profile'] as const;

function inSessionStorage<S>(key: string, reducer: Reducer<S, UnknownAction>) {
  return persistReducer({ key, storage: sessionStorageEngine, timeout: SESSION.persistTimeoutMs }, reducer);
}

/**
 * Built per store: persistReducer keeps its own writer, so every store (and every test) gets fresh
 * reducers.
 */
function buildRootReducer() {
  const slices = combineReducers({
    // Not persisted through redux-persist: the session lives in local storage under its own keys.
    auth: authReducer,
    misc: inSessionStorage('misc', miscReducer),
    formData: inSessionStorage('formData', formDataReducer),
    verification: inSessionStorage('verification', verificationReducer),
    profile: inSessionStorage('profile', profileReducer),
  });
  return persistReducer(
    {
      key: ROOT_PERSIST_KEY,
      storage: localStorageEngine,
      blacklist: ['auth', ...SESSION_PERSISTED_SLICES],
      timeout: SESSION.persistTimeoutMs,
    },
    slices,
  );
}

export function makeStore() {
  const listener = createListenerMiddleware();
  const store = configureStore({
    reducer: buildRootReducer(),
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).prepend(listener.middleware),
  });
  const persistor = persistStore(store);
  return { store, persistor, listener };
}

export type AppStore = ReturnType<typeof makeStore>['store'];
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
export type AppPersistor = ReturnType<typeof makeStore>['persistor'];
export type AppListener = ReturnType<typeof makeStore>['listener'];
