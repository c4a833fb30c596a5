import { ERROR_CODES } from '@veridocs/shared';
import { createApiClient } from '@veridocs/ui';
import { clearSession, readSession } from './session';

// The envelope and the error are the candidate app's too: one implementation in packages/shared.
export { ApiError, hasCode } from '@veridocs/shared';
export type { RequestOptions, Transport, TransportRequest, TransportResponse } from '@veridocs/ui';

/**
 * The console's calls with the ops token (ADR 0019). A 401 (code 102: the session ended, expired or
 * was signed out elsewhere) ends the console's session: the router shows the sign-in screen.
 */
export const { apiRequest, setTransport } = createApiClient({
  readSession,
  endSession: () => clearSession('expired'),
  unauthorisedCode: ERROR_CODES.UNAUTHORIZED.code,
});
