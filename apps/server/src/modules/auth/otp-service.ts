import { randomUUID } from 'node:crypto';
import { MOBILE_OTP_LENGTH, OTP, type LoginResponse, type OtpChannel } from '@veridocs/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors.js';
import { addSeconds, secondsUntil, type Clock } from '../../lib/clock.js';
import { equalHex, hmacSha256Hex, randomDigits } from '../../lib/crypto.js';
import { otpMessageBody, type Language } from '../../http/language.js';
import type { MessageSender } from '../../providers/sms/index.js';
import type { OtpRepository, OtpTransaction } from './otp-repository.js';

/**
 * Mobile OTP rules (docs/decisions/0002-mobile-otp-rules.md): hashed, single use, expiring, only the
 * latest works, a resend cooldown, a request budget per window, a block after consecutive failures.
 */
export interface OtpServiceDeps {
  repo: OtpRepository;
  sender: MessageSender;
  /** Keys the HMAC the codes are stored as. */
  key: Uint8Array;
  now: Clock;
  log: FastifyBaseLogger;
  /** OTP sends per hour for everyone and per number prefix (SMS pumping); config.otpBudget. */
  budget: OtpBudget;
  /** Seconds before another code may be asked for: the specification's unless a test shortens it. */
  resendAfterSeconds?: number;
}

export interface OtpBudget {
  globalPerHour: number;
  prefixPerHour: number;
  /** Leading digits of the international number (country code 91 included) that form a prefix. */
  prefixDigits: number;
}

const BUDGET_WINDOW_SECONDS = 3600;
/** Only Indian numbers are accepted today (mobileSchema); their country code. */
const COUNTRY_CODE = '91';
export const BUDGET_MESSAGE = 'Too many OTP requests right now, please try again later';

export const UNKNOWN_TXN_MESSAGE = 'Unknown OTP transaction, please request a new OTP';
export const SUPERSEDED_MESSAGE = 'This OTP is no longer valid, use the latest one';

export { otpMessageBody } from '../../http/language.js';

/** What a correct code does: a known number gets its session, a new one opens the signup window. */
export type VerifiedAs = 'login' | 'signup';

export function createOtpService({
  repo,
  sender,
  key,
  now: clock,
  log,
  budget,
  resendAfterSeconds = OTP.resendAfterSeconds,
}: OtpServiceDeps) {
  const hashCode = (txnId: string, code: string) => hmacSha256Hex(key, `${txnId}:${code}`);
  const blocked = (until: Date, now: Date) =>
    new AppError('OTP_BLOCKED', undefined, { retryAfter: secondsUntil(until, now) });

  return {
    /** Sends a new code to any well-formed number, known or not (no account enumeration). */
    async request(mobile: string, channel: OtpChannel, language: Language = 'en'): Promise<LoginResponse> {
      const now = clock();
      const txnId = randomUUID();
      const code = randomDigits(MOBILE_OTP_LENGTH);

      const outcome = await repo.transaction(async (ops) => {
        const throttle = await ops.lockThrottle(mobile);
        if (throttle.blockedUntil && throttle.blockedUntil > now) return blocked(throttle.blockedUntil, now);

        let windowStart = throttle.windowStartedAt;
        let requests = throttle.requests;
        if (!windowStart || addSeconds(windowStart, OTP.requestWindowSeconds) <= now) {
          windowStart = now;
          requests = 0;
        }
        if (requests >= OTP.maxRequests) {
          const retryAfter = secondsUntil(addSeconds(windowStart, OTP.requestWindowSeconds), now);
          return new AppError('OTP_REQUEST_LIMIT', undefined, { retryAfter });
        }
        const resendAt = throttle.lastRequestedAt && addSeconds(throttle.lastRequestedAt, resendAfterSeconds);
        if (resendAt && resendAt > now) {
          const retryAfter = secondsUntil(resendAt, now);
          return new AppError(
            'OTP_RESEND_TOO_SOON',
            `Please wait ${retryAfter} seconds before requesting a new OTP`,
            {
              retryAfter,
            },
          );
        }

        // SMS pumping: a script spraying fresh numbers passes every per-number rule, so sends are also
        // budgeted per prefix and in total. Rows of otp_throttles keyed `budget:…`, locked after the
        // number's row (one order everywhere); a refusal counts nowhere.
        const budgets = [
          {
            key: `budget:+${`${COUNTRY_CODE}${mobile}`.slice(0, budget.prefixDigits)}`,
            max: budget.prefixPerHour,
          },
          { key: 'budget:all', max: budget.globalPerHour },
        ];
        const spent: { key: string; max: number; windowStartedAt: Date; requests: number }[] = [];
        const budgetRows = await ops.lockThrottles(budgets.map((b) => b.key));
        for (const { key: budgetKey, max } of budgets) {
          const row = budgetRows.get(budgetKey);
          if (!row) throw new Error(`otp_throttles row ${budgetKey} missing after upsert`);
          const open = row.windowStartedAt && addSeconds(row.windowStartedAt, BUDGET_WINDOW_SECONDS) > now;
          const started = open ? row.windowStartedAt! : now;
          const used = open ? row.requests : 0;
          if (used >= max) {
            const retryAfter = secondsUntil(addSeconds(started, BUDGET_WINDOW_SECONDS), now);
            return new AppError('RATE_LIMITED', BUDGET_MESSAGE, { retryAfter });
          }
          spent.push({ key: budgetKey, max, windowStartedAt: started, requests: used + 1 });
        }

        await ops.supersedeOpen(mobile, now);
        await ops.insert({
          id: txnId,
          mobile,
          purpose: 'login',
          channel,
          codeHash: hashCode(txnId, code),
          expiresAt: addSeconds(now, OTP.ttlSeconds),
          createdAt: now,
        });
        await ops.countRequests([
          { key: mobile, windowStartedAt: windowStart, requests: requests + 1, lastRequestedAt: now },
          ...spent,
        ]);
        return {
          requestsLeft: OTP.maxRequests - requests - 1,
          exhausted: spent.filter((b) => b.requests === b.max),
        };
      });
      if (outcome instanceof AppError) throw outcome;
      // Once per budget and hour: the send that used it up.
      for (const b of outcome.exhausted)
        log.warn(
          { budget: b.key, perHour: b.max },
          'OTP send budget used up for this hour: further sends answer 429',
        );

      try {
        await sender.send({ channel, to: mobile, body: otpMessageBody(code, language), otp: code });
      } catch (error) {
        log.error({ err: error, txnId, provider: sender.name }, 'OTP delivery failed');
        throw new AppError('SERVICE_UNAVAILABLE', 'Could not send the OTP, please try again in a moment');
      }
      return {
        txnId,
        channel,
        expiresIn: OTP.ttlSeconds,
        resendIn: resendAfterSeconds,
        requestsLeft: outcome.requestsLeft,
      };
    },

    /**
     * Checks a code. `classify` tells (before any lock is taken) whether the number has a wallet:
     * then the OTP is consumed for a login, otherwise it is marked verified for the signup window.
     * The row lock makes two concurrent verifications of one OTP resolve to one winner.
     */
    async verify(
      txnId: string,
      code: string,
      classify: (mobile: string) => Promise<VerifiedAs>,
    ): Promise<{ mobile: string; as: VerifiedAs }> {
      const now = clock();
      const peek = await repo.find(txnId);
      if (!peek) throw new AppError('NOT_FOUND', UNKNOWN_TXN_MESSAGE);
      const as = await classify(peek.mobile);

      const outcome = await repo.transaction(async (ops) => {
        const throttle = await ops.lockThrottle(peek.mobile);
        if (throttle.blockedUntil && throttle.blockedUntil > now) return blocked(throttle.blockedUntil, now);
        const txn = await ops.findForUpdate(txnId);
        if (!txn) return new AppError('NOT_FOUND', UNKNOWN_TXN_MESSAGE);
        const unusable = whyUnusable(txn, now);
        if (unusable) return unusable;

        if (!equalHex(txn.codeHash, hashCode(txn.id, code))) {
          const failures = throttle.consecutiveFailures + 1;
          await ops.updateTransaction(txn.id, { failedAttempts: txn.failedAttempts + 1 });
          if (failures >= OTP.maxFailedAttempts) {
            const until = addSeconds(now, OTP.blockSeconds);
            // A fresh count after the block; the codes sent before it stop working.
            await ops.updateThrottle(txn.mobile, { consecutiveFailures: 0, blockedUntil: until });
            await ops.supersedeOpen(txn.mobile, now);
            return blocked(until, now);
          }
          await ops.updateThrottle(txn.mobile, { consecutiveFailures: failures });
          const attemptsLeft = OTP.maxFailedAttempts - failures;
          return new AppError(
            'OTP_INVALID',
            `Incorrect OTP, ${attemptsLeft} ${attemptsLeft === 1 ? 'attempt' : 'attempts'} left`,
            { attemptsLeft },
          );
        }

        await ops.updateTransaction(txn.id, as === 'login' ? { consumedAt: now } : { verifiedAt: now });
        // Nothing to reset after a first right code (the common case): no statement for it.
        if (throttle.consecutiveFailures > 0)
          await ops.updateThrottle(txn.mobile, { consecutiveFailures: 0 });
        return { mobile: txn.mobile, as };
      });
      // Thrown after the commit, so failure counts and blocks are kept.
      if (outcome instanceof AppError) throw outcome;
      return outcome;
    },

    /** Throws unless `txnId` is a verified, unused signup OTP of `mobile` inside its window. */
    async assertSignupAllowed(txnId: string, mobile: string): Promise<void> {
      const txn = await repo.find(txnId);
      const problem = whySignupRefused(txn, mobile, clock());
      if (problem) throw problem;
    },

    /** Uses the signup OTP; exactly one caller wins. Throws the reason when it cannot. */
    async claimSignup(txnId: string, mobile: string): Promise<void> {
      const now = clock();
      const windowStart = addSeconds(now, -OTP.signupWindowSeconds);
      if (await repo.claimSignup(txnId, mobile, windowStart, now)) return;
      throw whySignupRefused(await repo.find(txnId), mobile, now) ?? new AppError('OTP_ALREADY_USED');
    },
  };
}
export type OtpService = ReturnType<typeof createOtpService>;

function whyUnusable(txn: OtpTransaction, now: Date): AppError | null {
  if (txn.consumedAt || txn.verifiedAt) return new AppError('OTP_ALREADY_USED');
  if (txn.supersededAt) return new AppError('OTP_EXPIRED', SUPERSEDED_MESSAGE);
  if (txn.expiresAt <= now) return new AppError('OTP_EXPIRED');
  return null;
}

function whySignupRefused(txn: OtpTransaction | undefined, mobile: string, now: Date): AppError | null {
  // Another number's transaction is reported exactly like an unknown one.
  if (!txn || txn.mobile !== mobile) return new AppError('NOT_FOUND', UNKNOWN_TXN_MESSAGE);
  if (txn.consumedAt) return new AppError('OTP_ALREADY_USED');
  if (!txn.verifiedAt) {
    return new AppError(
      'SIGNUP_WINDOW_EXPIRED',
      'Verify the OTP sent to this number before creating the wallet',
    );
  }
  if (addSeconds(txn.verifiedAt, OTP.signupWindowSeconds) <= now)
    return new AppError('SIGNUP_WINDOW_EXPIRED');
  return null;
}
