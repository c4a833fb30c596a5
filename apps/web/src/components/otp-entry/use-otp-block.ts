import { useCallback, useEffect, useState } from 'react';
// The one code, not ERROR_CODES: the whole table would be built into /login's chunk (ADR 0008).
import { OTP_BLOCKED_CODE } from '@veridocs/shared';

/** The longest delay setTimeout keeps (about 24.8 days); a longer wait is re-armed. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * Seconds of an OTP block (code 108, `data.retryAfter`) in a failed call: the api client's ApiError and
 * a query's error alike carry `code` and `data`. Null for any other failure.
 */
export function otpBlockSeconds(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, data } = error as { code?: unknown; data?: unknown };
  if (code !== OTP_BLOCKED_CODE) return null;
  const retryAfter = (data as { retryAfter?: unknown } | null)?.retryAfter;
  // A block without its length still blocks: the spec's 2 hours.
  return typeof retryAfter === 'number' && retryAfter > 0 ? Math.ceil(retryAfter) : 2 * 3600;
}

export interface OtpBlock {
  /** When the block ends (epoch ms), or null when not blocked. */
  blockedUntil: number | null;
  /** Reads a failed call: a block starts here. True when it was one. */
  noteFailure: (error: unknown) => boolean;
}

/**
 * An OTP step's block (spec §8, FAQ: blocked for 2 hours after 3 failed attempts): while it lasts the
 * step neither verifies nor counts down to a resend; it ends by itself. `initial` restores one (a reload).
 */
export function useOtpBlock(initial: number | null = null): OtpBlock {
  const [blockedUntil, setBlockedUntil] = useState(() =>
    initial !== null && initial > Date.now() ? initial : null,
  );

  useEffect(() => {
    if (blockedUntil === null) return;
    const left = blockedUntil - Date.now();
    const id = setTimeout(
      () => setBlockedUntil((until) => (until !== null && until <= Date.now() ? null : until)),
      Math.max(0, Math.min(left, MAX_TIMEOUT_MS)),
    );
    return () => clearTimeout(id);
  }, [blockedUntil]);

  const noteFailure = useCallback((error: unknown) => {
    const seconds = otpBlockSeconds(error);
    if (seconds === null) return false;
    setBlockedUntil(Date.now() + seconds * 1000);
    return true;
  }, []);

  return { blockedUntil, noteFailure };
}
