import type { Config } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import type { ApiSetuProvider } from './apisetu-provider.js';
import { API_SETU_ISSUERS, type ApiSetuIssuer } from './issuers.js';
import { createHttpApiSetuProvider } from './http-provider.js';
import { createSandboxApiSetuProvider } from './sandbox-provider.js';

export type { ApiSetuProvider, ConsentArtifact, SourceIssuer } from './apisetu-provider.js';
export { CertificateOnlyAsPdf, SourceRefused } from './apisetu-provider.js';
export { API_SETU_ISSUERS, type ApiSetuIssuer } from './issuers.js';

/** The catalogue's issuers named by `ids` (APISETU_ISSUERS, checked by the configuration), in that order. */
export function configuredIssuers(ids: readonly string[]): ApiSetuIssuer[] {
  return ids.flatMap((id) => API_SETU_ISSUERS.filter((issuer) => issuer.id === id));
}

/**
 * API Setu's issuer APIs when APISETU_PROVIDER=http; otherwise the embedded sandbox. Either asks only
 * the issuers of APISETU_ISSUERS.
 */
export function createApiSetuProvider(config: Config, now: Clock): ApiSetuProvider {
  const apisetu = config.issuerSources.apisetu;
  const issuers = configuredIssuers(apisetu.issuers);
  if (apisetu.kind === 'http') return createHttpApiSetuProvider({ ...apisetu, issuers });
  return createSandboxApiSetuProvider(now, issuers);
}
