import { AppError } from '../../errors.js';
import type { CounterStore } from '../../lib/counter-store.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface UploadLimits {
  perMinute: number;
  bytesPerHour: number;
}

const limited = (resetInMs: number, message: string) =>
  new AppError('RATE_LIMITED', message, { retryAfter: Math.max(1, Math.ceil(resetInMs / 1000)) });

/**
 * Per-candidate upload limits (ADR 0009): every attempt counts against the uploads per minute; the bytes that
 * were received (also of a file the checks then refuse: the work was done) count against the bytes per hour.
 * Refusals are 429 RATE_LIMITED with `retryAfter` (seconds) in the envelope's data.
 */
export function createUploadLimiter(store: CounterStore, limits: UploadLimits) {
  return {
    /** Before reading an upload; `declaredBytes` is the request's Content-Length when it sent one. */
    async admit(ownerProfileId: string, declaredBytes = 0): Promise<void> {
      const uploads = await store.add(`upload-n:${ownerProfileId}`, 1, MINUTE);
      if (uploads.total > limits.perMinute)
        throw limited(uploads.resetInMs, `Too many uploads: at most ${limits.perMinute} a minute`);
      const bytes = await store.add(`upload-b:${ownerProfileId}`, 0, HOUR);
      if (bytes.total >= limits.bytesPerHour || bytes.total + declaredBytes > limits.bytesPerHour)
        throw limited(
          bytes.resetInMs,
          `Too much uploaded: at most ${Math.round(limits.bytesPerHour / 1_000_000)} MB an hour`,
        );
    },
    /** After the bytes were received. */
    async charge(ownerProfileId: string, bytes: number): Promise<void> {
      await store.add(`upload-b:${ownerProfileId}`, bytes, HOUR);
    },
  };
}

export type UploadLimiter = ReturnType<typeof createUploadLimiter>;
