import { createDirectoryService } from './directory-service.js';
import type { InstitutionsDeps } from './institutions-deps.js';
import { createRequestsService } from './requests-service.js';
import { createResponderService } from './responder-service.js';

export type { InstitutionsDeps } from './institutions-deps.js';

/**
 * Verified at the source, by people (issue 27, ADR 0046): the directory (directory-service.ts), the
 * team's requests and decisions (requests-service.ts) and the responder's page (responder-service.ts).
 */
export function createInstitutionsService(deps: InstitutionsDeps) {
  return {
    directory: createDirectoryService(deps),
    requests: createRequestsService(deps),
    responder: createResponderService(deps),
  };
}
export type InstitutionsService = ReturnType<typeof createInstitutionsService>;
