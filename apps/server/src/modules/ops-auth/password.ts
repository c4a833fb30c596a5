import { hash, verify } from '@node-rs/argon2';

/**
 * Staff passwords as argon2id (ADR 0019): the OWASP minimum profile (19 MiB, 2 passes, 1 lane), stored
 * as the PHC string, which carries its own salt and parameters, so they can be raised later.
 */
/** `Algorithm.Argon2id` of the package (a const enum, which this build cannot import). */
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Shortest password an account may be given (NIST SP 800-63B asks at least 8; we ask 12). */
export const MIN_PASSWORD_LENGTH = 12;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** A hash to verify against when the e-mail is unknown, so both answers take the same time. */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword('not-a-real-password-for-timing');
  return dummy;
}
