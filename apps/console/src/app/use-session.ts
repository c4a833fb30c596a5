import { useSyncExternalStore } from 'react';
import { readSession, subscribeSession, type ConsoleSession } from '../lib/session';

/** The signed-in staff member's session (null: signed out); re-renders when it starts or ends. */
export function useSession(): ConsoleSession | null {
  return useSyncExternalStore(subscribeSession, readSession, readSession);
}
