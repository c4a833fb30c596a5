import { useSyncExternalStore } from 'react';
import { readSession, subscribeSession, type OrgPortalSession } from '../lib/session';

/** The signed-in organisation user's session (null: signed out); re-renders when it starts or ends. */
export function useSession(): OrgPortalSession | null {
  return useSyncExternalStore(subscribeSession, readSession, readSession);
}
