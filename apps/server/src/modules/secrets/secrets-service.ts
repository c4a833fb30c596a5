import { deriveKey, randomToken } from '../../lib/crypto.js';
import type { SecretsRepository } from './secrets-repository.js';

export interface ServerKeys {
  /** Signs access tokens (HS256). */
  jwt: Uint8Array;
  /** Keys the HMAC that OTP codes are stored as. */
  otp: Uint8Array;
}

const SECRET_NAME = 'server_secret';

/**
 * The server secret is JWT_SECRET when configured, otherwise one generated on first start and kept
 * in app_secrets so restarts and every instance on the database share it (docs/decisions/0004).
 * Separate keys per purpose are derived from it.
 */
export async function loadServerKeys(configured: string | undefined, repo: SecretsRepository): Promise<ServerKeys> {
  const secret = configured ?? (await repo.getOrInsert(SECRET_NAME, randomToken(48)));
  return { jwt: deriveKey(secret, 'jwt:v1'), otp: deriveKey(secret, 'otp:v1') };
}
