import { deriveKey, randomToken } from '../../lib/crypto.js';
import type { SecretsRepository } from './secrets-repository.js';

export interface ServerKeys {
  /** Signs access tokens (HS256). */
  jwt: Uint8Array;
  /** Keys the HMAC that OTP codes are stored as. */
  otp: Uint8Array;
  /**
   * Where the secret came from: the configuration (JWT_SECRET / JWT_SECRET_FILE), the database (a
   * generated one, dev tools only) or this process alone (generated, forgotten at exit).
   */
  source: 'configured' | 'database' | 'process';
}

const SECRET_NAME = 'server_secret';

/**
 * The server secret is JWT_SECRET when configured. Without it a random one is generated: with dev
 * tools on it is kept in app_secrets, so restarts and every instance on the database share it; with
 * them off it lives in this process only, because a key stored beside the data it protects lets a
 * database dump forge sessions and brute-force OTP hashes (docs/decisions/0004). Production never
 * gets here (config.ts requires the secret). Separate keys per purpose are derived from it.
 */
export async function loadServerKeys(
  configured: string | undefined,
  repo: SecretsRepository,
  { keepInDatabase }: { keepInDatabase: boolean },
): Promise<ServerKeys> {
  let secret = configured;
  let source: ServerKeys['source'] = 'configured';
  if (!secret && keepInDatabase) {
    secret = await repo.getOrInsert(SECRET_NAME, randomToken(48));
    source = 'database';
  } else if (!secret) {
    secret = randomToken(48);
    source = 'process';
  }
  return { jwt: deriveKey(secret, 'jwt:v1'), otp: deriveKey(secret, 'otp:v1'), source };
}
