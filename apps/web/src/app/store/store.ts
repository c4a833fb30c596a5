import {
  combineReducers,
  configureStore,
  createListenerMiddleware,
  type Middleware,
  type MiddlewareAPI,
  type Reducer,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { persistSlices, readPersisted } from './persistence';
import { authReducer } from './slices/auth-slice';
import { formDataReducer } from './slices/form-data-slice';
import { miscReducer } from './slices/misc-slice';
import { profileReducer } from './slices/profile-slice';
import { verificationReducer } from './slices/verification-slice';

/** The versioned root key (spec §3): `persist:root-v3` in local storage. */
export const ROOT_PERSIST_KEY = 'root-v3';
/** These slices live in session storage, each under its own `persist:<name>` key. */
export const SESSION_PERSISTED_SLICES = ['misc', 'formData', 'verification', 'profile'] as const;

const rootReducer = combineReducers({
  // Not persisted here: the session lives in local storage under its own keys.
  auth: authReducer,
  misc: miscReducer,
  formData: formDataReducer,
  verification: verificationReducer,
  profile: profileReducer,
});
type PersistedRoot = ReturnType<typeof rootReducer>;

/** The initial state with the session-storage slices as this tab left them (a reload keeps them). */
function restoredState(): PersistedRoot {
  const initial = rootReducer(undefined, { type: '@@veridocs/init' });
  const restored: Record<string, unknown> = { ...initial };
  for (const name of SESSION_PERSISTED_SLICES) restored[name] = readPersisted(name, 'session', initial[name]);
  return restored as PersistedRoot;
}

/**
 * A part of the store that is loaded with the screens that use it, not with /login (ADR 0013): the
 * RTK Query cache. Its reducer sits beside the slices under reducerPath; its middleware runs after the
 * default ones.
 */
export interface LazyStoreModule {
  reducerPath: string;
  reducer: Reducer;
  middleware: readonly Middleware[];
}

const lazyModules: LazyStoreModule[] = [];
const injectors = new Set<(module: LazyStoreModule) => void>();

/** Adds a module to every store, those made so far and those made later (tests make many). */
export function addLazyModule(module: LazyStoreModule): void {
  if (lazyModules.some((m) => m.reducerPath === module.reducerPath)) return;
  lazyModules.push(module);
  for (const inject of injectors) inject(module);
}

/** The action that gives an added module its initial state before any screen reads it. */
export const LAZY_MODULE_ADDED = 'app/lazyModuleAdded';

type AnyState = Record<string, unknown> | undefined;

/**
 * The slices' reducer plus the lazily added ones, each under its own key of the root state. The added
 * ones are never stored: the RTK Query cache is server data.
 */
function withLazySlices<S extends object>(base: Reducer<S>) {
  const slices: Record<string, Reducer> = {};
  const reducer = (state: S | undefined, action: UnknownAction): S => {
    const names = Object.keys(slices);
    if (names.length === 0) return base(state, action);
    const current: AnyState = state ? Object.fromEntries(Object.entries(state)) : undefined;
    let baseState: AnyState;
    if (current) {
      baseState = { ...current };
      for (const name of names) delete baseState[name];
    }
    const baseNext: Record<string, unknown> = Object.fromEntries(
      Object.entries(base(baseState as S | undefined, action)),
    );
    const next: Record<string, unknown> = { ...baseNext };
    // An action that changes nothing keeps the same state object.
    let changed = !current || Object.keys(baseNext).some((key) => baseNext[key] !== current[key]);
    for (const name of names) {
      next[name] = slices[name]?.(current?.[name], action);
      if (next[name] !== current?.[name]) changed = true;
    }
    return changed || !state ? (next as S) : state;
  };
  return { reducer, add: (name: string, slice: Reducer) => void (slices[name] = slice) };
}

type Next = (action: unknown) => unknown;

/** A middleware slot after the default ones, which lazily added middleware joins in the order added. */
function lazyMiddlewareSlot() {
  let storeApi: MiddlewareAPI | null = null;
  const added: Array<(next: Next) => Next> = [];
  let chain: Next | null = null;
  const middleware: Middleware = (api) => {
    storeApi = api;
    return (next) => (action) => (chain ??= added.reduceRight<Next>((inner, m) => m(inner), next))(action);
  };
  const add = (next: Middleware) => {
    if (!storeApi) throw new Error('The store is not made yet');
    added.push(next(storeApi));
    chain = null;
  };
  return { middleware, add };
}

export function makeStore() {
  const listener = createListenerMiddleware();
  const lazyReducer = withLazySlices(rootReducer);
  const slot = lazyMiddlewareSlot();
  const store = configureStore({
    reducer: lazyReducer.reducer,
    preloadedState: restoredState(),
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware().prepend(listener.middleware).concat(slot.middleware),
  });
  const inject = (module: LazyStoreModule) => {
    lazyReducer.add(module.reducerPath, module.reducer);
    for (const m of module.middleware) slot.add(m);
    store.dispatch({ type: LAZY_MODULE_ADDED, payload: module.reducerPath });
  };
  lazyModules.forEach(inject);
  injectors.add(inject);
  const persistor = persistSlices(store, SESSION_PERSISTED_SLICES, ROOT_PERSIST_KEY);
  return { store, persistor, listener };
}

export type AppStore = ReturnType<typeof makeStore>['store'];
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
export type AppPersistor = ReturnType<typeof makeStore>['persistor'];
export type AppListener = ReturnType<typeof makeStore>['listener'];
