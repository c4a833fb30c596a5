import type { OtpChannel } from '@veridocs/shared';
import { getJson } from '../../lib/storage';

/** The sign-in page's steps. */
export type Step =
  | { kind: 'mobile'; returned: boolean }
  | { kind: 'otp'; txnId: string; channel: OtpChannel; resendIn: number; requestsLeft: number }
  | { kind: 'name'; txnId: string; mobile: string };

/**
 * The step in this tab's session storage, so that a reload does not lose it (issue 24): only the browser
 * holds the request's id. Never the OTP; times as epoch ms, so the countdown goes on where it was.
 */
export const STORED_STEP = 'signInStep';

export interface StoredStep {
  mobile: string;
  channel: OtpChannel;
  step: Exclude<Step, { kind: 'mobile' }>;
  /** The OTP step: when it stops working and when a resend is allowed. */
  expiresAt?: number;
  resendAt?: number;
  blockedUntil?: number | null;
  blockedMessage?: string | null;
}

export function readStoredStep(): StoredStep | null {
  const stored = getJson<Partial<StoredStep>>(STORED_STEP, { area: 'session' });
  const now = Date.now();
  if (!stored?.step || typeof stored.mobile !== 'string' || !stored.channel) return null;
  if (stored.step.kind === 'otp') {
    const blocked = (stored.blockedUntil ?? 0) > now;
    // An OTP that no longer works: back to the number (unless blocked: that is still to be said).
    if (!blocked && (stored.expiresAt ?? 0) <= now) return null;
    const resendIn = Math.max(0, Math.ceil(((stored.resendAt ?? 0) - now) / 1000));
    return {
      ...(stored as StoredStep),
      step: { ...stored.step, resendIn },
      blockedMessage: blocked ? (stored.blockedMessage ?? null) : null,
    };
  }
  return stored as StoredStep;
}
