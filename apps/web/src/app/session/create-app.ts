import { makeStore } from '../store/store';
import { SessionController } from './session-controller';

/** The store, its persistor and the session controller, wired together. */
export function createAppState() {
  const { store, persistor, listener } = makeStore();
  const session = new SessionController(store, persistor, listener);
  return { store, persistor, session };
}

export type AppState = ReturnType<typeof createAppState>;
