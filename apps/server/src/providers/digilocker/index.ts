import { DIGILOCKER_SANDBOX_PATHS } from '@veridocs/shared';
import type { Config } from '../../config.js';
import type { Orm } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { DigiLockerProvider } from './digilocker-provider.js';
import { createHttpDigiLockerProvider } from './http-provider.js';
import {
  createSandboxDigiLockerProvider,
  deriveDigiLockerSandboxKey,
  type SandboxDigiLockerProvider,
} from './sandbox-provider.js';
import { createDigiLockerSandboxRepository } from './sandbox-repository.js';

export type { DigiLockerAccount, DigiLockerProvider, IssuedDocument } from './digilocker-provider.js';
export { DigiLockerRefused, DocumentNotFound, SourceDown } from './digilocker-provider.js';
export type { SandboxDigiLockerProvider } from './sandbox-provider.js';
export { digilockerSandboxPagesRouter } from './sandbox-pages.js';

/** The redirect URI registered with DigiLocker: the web app's `digilocker` page. */
export const digilockerRedirectUri = (publicUrl: string) =>
  `${publicUrl}${DIGILOCKER_SANDBOX_PATHS.redirectPage}`;

/**
 * DigiLocker's Authorized Partner API when DIGILOCKER_PROVIDER=http; otherwise the embedded sandbox,
 * whose sign-in pages (sandbox-pages.ts) the routes serve; its consent step is signed with a key
 * derived from `serverKey` (the server secret's: every instance shares it).
 */
export function createDigiLockerProvider(
  config: Config,
  orm: Orm,
  now: Clock,
  serverKey: Uint8Array,
): DigiLockerProvider | SandboxDigiLockerProvider {
  const digilocker = config.issuerSources.digilocker;
  if (digilocker.kind === 'http') return createHttpDigiLockerProvider(digilocker);
  return createSandboxDigiLockerProvider({
    repo: createDigiLockerSandboxRepository(orm),
    publicUrl: config.publicUrl,
    redirectUri: digilockerRedirectUri(config.publicUrl),
    key: deriveDigiLockerSandboxKey(serverKey),
    now,
  });
}
