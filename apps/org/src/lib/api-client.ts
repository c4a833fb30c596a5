import { ERROR_CODES } from '@veridocs/shared';
import { createApiClient } from '@veridocs/ui';
import { clearSession, readSession } from './session';

export { ApiError, hasCode } from '@veridocs/shared';
export type { RequestOptions, Transport, TransportRequest, TransportResponse } from '@veridocs/ui';

/**
 * The portal's calls with the organisation token (ADR 0047); a FormData body goes as multipart. A 401
 * (302: the session ended, expired or was signed out elsewhere) ends the portal's session: the router
 * shows the sign-in screen.
 */
export const { apiRequest, setTransport } = createApiClient({
  readSession,
  endSession: () => clearSession('expired'),
  unauthorisedCode: ERROR_CODES.ORG_UNAUTHORISED.code,
});
