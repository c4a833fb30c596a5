import { VERIFIER_PATHS, type Organisation } from '@veridocs/shared';
import { http } from '../api-client';
import { config } from '../config';

/**
 * GET verifier/{orgId} (public): the organisation's name and logo. Its own module (not verification-api)
 * because the sign-in page asks for it too, and everything that page imports is in its first chunk.
 * The caller shows a failure itself.
 */
export function fetchOrganisation(orgId: string): Promise<Organisation> {
  return http.get<Organisation>(`${config.services.verificationV1}${VERIFIER_PATHS.org(orgId)}`, {
    noSnackbar: true,
  });
}
