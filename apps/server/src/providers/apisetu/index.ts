import type { Config } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import type { ApiSetuProvider } from './apisetu-provider.js';
import { createHttpApiSetuProvider } from './http-provider.js';
import { createSandboxApiSetuProvider } from './sandbox-provider.js';

export type { ApiSetuProvider, ConsentArtifact, SourceIssuer } from './apisetu-provider.js';
export { CertificateOnlyAsPdf, SourceRefused } from './apisetu-provider.js';
export { API_SETU_ISSUERS, type ApiSetuIssuer } from './issuers.js';

/** API Setu's issuer APIs when APISETU_PROVIDER=http; otherwise the embedded sandbox. */
export function createApiSetuProvider(config: Config, now: Clock): ApiSetuProvider {
  const apisetu = config.issuerSources.apisetu;
  if (apisetu.kind === 'http') return createHttpApiSetuProvider(apisetu);
  return createSandboxApiSetuProvider(now);
}
