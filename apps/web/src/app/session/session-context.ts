import { createContext, useContext } from 'react';
import type { SessionController } from './session-controller';

export const SessionContext = createContext<SessionController | null>(null);

export function useSession(): SessionController {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside the app providers');
  return session;
}
