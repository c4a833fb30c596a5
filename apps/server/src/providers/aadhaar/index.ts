import type { Config } from '../../config.js';
import type { Orm } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { OutboxRepository } from '../outbox/outbox-repository.js';
import type { AadhaarProvider } from './aadhaar-provider.js';
import { createHttpAadhaarProvider } from './http-provider.js';
import { createSandboxAadhaarProvider } from './sandbox-provider.js';
import { createAadhaarSandboxRepository } from './sandbox-repository.js';

export type { AadhaarProvider, KycRecord } from './aadhaar-provider.js';
export { AadhaarNotFound, ProviderDown } from './aadhaar-provider.js';

/** The licensed provider when AADHAAR_PROVIDER=http; otherwise the embedded sandbox. */
export function createAadhaarProvider(
  config: Config['aadhaar'],
  deps: { orm: Orm; outbox: OutboxRepository | null; key: Uint8Array; now: Clock },
): AadhaarProvider {
  if (config.kind === 'http') return createHttpAadhaarProvider(config);
  return createSandboxAadhaarProvider({
    checks: createAadhaarSandboxRepository(deps.orm),
    outbox: deps.outbox,
    key: deps.key,
    now: deps.now,
  });
}
