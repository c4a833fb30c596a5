import { randomUUID } from 'node:crypto';
import {
  EMAIL_OTP,
  type EvalInfo,
  type EvalInfoState,
  type EvalOtpResponse,
  type EvalPendingOtp,
  type EvaluationPartnerList,
  type TransactionRef,
  type ValidateReferenceResponse,
} from '@veridocs/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, validationFailed } from '../../errors.js';
import type { Language } from '../../http/language.js';
import { addSeconds, secondsUntil, type Clock } from '../../lib/clock.js';
import type { CounterStore } from '../../lib/counter-store.js';
import { isUuid } from '../../lib/ids.js';
import { equalHex, hmacSha256Hex, randomDigits } from '../../lib/crypto.js';
import type { EvaluationDirectory, PartnerInfo } from '../../providers/evaluation/index.js';
import type { MailSender } from '../../providers/mail/index.js';
import type { EvaluationRecord, TransactionsService } from '../transactions/transactions-service.js';
import { evaluationOtpMail, maskEmail } from './evaluation-messages.js';
import { throttleKey, type EvaluationOtp, type EvaluationRepository } from './evaluation-repository.js';

/** The messages of the e-mail OTP's cases (spec §8 FAQ; ADR 0016). */
export const EVAL_MESSAGES = {
  partner: 'Choose your evaluation partner',
  format: (example: string) => `Enter the reference number in the format ${example}`,
  requestLimit: `You can request an OTP up to ${EMAIL_OTP.maxRequests} times. Please try again later`,
  resendTooSoon: (seconds: number) => `Please wait ${seconds} seconds before requesting a new OTP`,
  blocked: `Too many failed attempts. You are blocked for ${EMAIL_OTP.blockSeconds / 3600} hours`,
  invalid: (left: number) => `Incorrect OTP, ${left} ${left === 1 ? 'attempt' : 'attempts'} left`,
  superseded: 'This OTP is no longer valid, use the latest one',
  unknown: 'Unknown OTP request, please request a new OTP',
  sendFailed: 'Could not send the OTP, please try again in a moment',
  lookupLimit: 'Too many reference number checks. Please try again later',
} as const;

export interface EvaluationServiceDeps {
  repo: EvaluationRepository;
  directory: EvaluationDirectory;
  mailer: MailSender;
  transactions: Pick<TransactionsService, 'evaluationTarget' | 'setEvaluation'>;
  /** Counts each candidate's reference look-ups (memory, or Redis shared by every instance). */
  lookups: CounterStore;
  /** Keys the HMAC the codes are stored as. */
  key: Uint8Array;
  now: Clock;
  log: FastifyBaseLogger;
  /** Seconds before another code may be asked for: the specification's unless a test shortens it. */
  resendAfterSeconds?: number;
}

const toInfo = (record: EvaluationRecord, name: (id: string) => string | null): EvalInfo => ({
  provider: record.provider,
  providerName: record.provider ? name(record.provider) : null,
  reference: record.reference,
  maskedEmail: record.maskedEmail,
  validatedAt: record.validatedAt?.toISOString() ?? null,
});

/**
 * The evaluation partner and its e-mail OTP: the reference is checked against the partner's format
 * and directory, a 6-digit code goes to the e-mail the partner has registered, at most 3 requests,
 * a 2-hour block after 3 failed attempts, only the latest code works; the validated pair is stored
 * on the transaction (eval-info).
 */
export function createEvaluationService(deps: EvaluationServiceDeps) {
  const resendAfterSeconds = deps.resendAfterSeconds ?? EMAIL_OTP.resendAfterSeconds;
  const { repo, directory, mailer, transactions, lookups, key, now: clock, log } = deps;
  const hashCode = (id: string, code: string) => hmacSha256Hex(key, `eval:${id}:${code}`);
  const partnerName = (id: string) => directory.partners().find((p) => p.id === id)?.name ?? null;
  const blocked = (until: Date, now: Date) =>
    new AppError('OTP_BLOCKED', EVAL_MESSAGES.blocked, { retryAfter: secondsUntil(until, now) });

  /** The partner and its registered e-mail for a reference: format first, then the directory. */
  async function resolve(
    partnerId: string,
    reference: string,
  ): Promise<{ partner: PartnerInfo; email: string }> {
    const partner = directory.partners().find((p) => p.id === partnerId);
    if (!partner) throw validationFailed([{ path: 'partner', message: EVAL_MESSAGES.partner }]);
    if (!partner.pattern.test(reference))
      throw validationFailed([{ path: 'reference', message: EVAL_MESSAGES.format(partner.example) }]);
    const email = await directory.registeredEmail(partner.id, reference);
    if (!email) throw new AppError('EVAL_REFERENCE_NOT_FOUND');
    return { partner, email };
  }

  /**
   * The candidate's latest code when it was sent for this transaction and still works, with the
   * counters the OTP step shows; null otherwise (a block retires open codes, so a blocked candidate has none).
   */
  async function pending(profileId: string, txnId: string): Promise<EvalPendingOtp | null> {
    const now = clock();
    const otp = await repo.latest(profileId);
    if (!otp || otp.txnId !== txnId || otp.consumedAt || whyUnusable(otp, now)) return null;
    const throttle = await repo.findThrottle(throttleKey(profileId));
    if (throttle?.blockedUntil && throttle.blockedUntil > now) return null;
    const windowOpen =
      throttle?.windowStartedAt && addSeconds(throttle.windowStartedAt, EMAIL_OTP.requestWindowSeconds) > now;
    const resendAt = throttle?.lastRequestedAt && addSeconds(throttle.lastRequestedAt, resendAfterSeconds);
    return {
      otpId: otp.id,
      partner: otp.partner,
      reference: otp.reference,
      maskedEmail: otp.maskedEmail,
      expiresIn: secondsUntil(otp.expiresAt, now),
      resendIn: resendAt && resendAt > now ? secondsUntil(resendAt, now) : 0,
      requestsLeft: windowOpen
        ? Math.max(0, EMAIL_OTP.maxRequests - (throttle?.requests ?? 0))
        : EMAIL_OTP.maxRequests,
    };
  }

  return {
    partners(): EvaluationPartnerList {
      const list = directory.partners().map((p) => ({
        id: p.id,
        name: p.name,
        pattern: p.pattern.source,
        example: p.example,
      }));
      return { list, total: list.length };
    },

    /** A look-up tells whether a reference exists (and its masked e-mail): counted per candidate. */
    async validateReference(
      profileId: string,
      partnerId: string,
      reference: string,
    ): Promise<ValidateReferenceResponse> {
      const { total, resetInMs } = await lookups.add(`eval-lookup:${profileId}`, 1, 3_600_000);
      if (total > EMAIL_OTP.maxLookupsPerHour)
        throw new AppError('RATE_LIMITED', EVAL_MESSAGES.lookupLimit, {
          retryAfter: Math.ceil(resetInMs / 1000),
        });
      const { partner, email } = await resolve(partnerId, reference);
      return { partner: partner.id, reference, maskedEmail: maskEmail(email) };
    },

    /** The validated partner, and the code the candidate can still type (the OTP step survives a reload). */
    async info(profileId: string, ref: TransactionRef): Promise<EvalInfoState> {
      const target = await transactions.evaluationTarget(profileId, ref);
      const pendingOtp = await pending(profileId, target.txnId);
      return { ...toInfo(target.evaluation, partnerName), pendingOtp };
    },

    /** Sends a new code to the partner-registered e-mail of the reference. */
    async requestOtp(
      profileId: string,
      body: TransactionRef & { partner: string; reference: string },
      language: Language,
    ): Promise<EvalOtpResponse> {
      const target = await transactions.evaluationTarget(profileId, body, { toSend: true });
      const now = clock();
      const id = randomUUID();
      const code = randomDigits(EMAIL_OTP.length);
      const throttleId = throttleKey(profileId);

      const outcome = await repo.transaction(async (ops) => {
        const throttle = await ops.lockThrottle(throttleId);
        if (throttle.blockedUntil && throttle.blockedUntil > now) return blocked(throttle.blockedUntil, now);
        let windowStart = throttle.windowStartedAt;
        let requests = throttle.requests;
        if (!windowStart || addSeconds(windowStart, EMAIL_OTP.requestWindowSeconds) <= now) {
          windowStart = now;
          requests = 0;
        }
        if (requests >= EMAIL_OTP.maxRequests) {
          const retryAfter = secondsUntil(addSeconds(windowStart, EMAIL_OTP.requestWindowSeconds), now);
          return new AppError('OTP_REQUEST_LIMIT', EVAL_MESSAGES.requestLimit, { retryAfter });
        }
        const resendAt = throttle.lastRequestedAt && addSeconds(throttle.lastRequestedAt, resendAfterSeconds);
        if (resendAt && resendAt > now) {
          const retryAfter = secondsUntil(resendAt, now);
          return new AppError('OTP_RESEND_TOO_SOON', EVAL_MESSAGES.resendTooSoon(retryAfter), { retryAfter });
        }
        // Only now, so a blocked or limited candidate learns nothing about the reference.
        const { partner, email } = await resolve(body.partner, body.reference);
        const maskedEmail = maskEmail(email);
        await ops.supersedeOpen(profileId, now);
        await ops.insert({
          id,
          profileId,
          txnId: target.txnId,
          partner: partner.id,
          reference: body.reference,
          maskedEmail,
          codeHash: hashCode(id, code),
          expiresAt: addSeconds(now, EMAIL_OTP.ttlSeconds),
          createdAt: now,
        });
        await ops.updateThrottle(throttleId, {
          windowStartedAt: windowStart,
          requests: requests + 1,
          lastRequestedAt: now,
        });
        return { requestsLeft: EMAIL_OTP.maxRequests - requests - 1, partner, email, maskedEmail };
      });
      if (outcome instanceof AppError) throw outcome;
      const { partner, email, maskedEmail } = outcome;

      try {
        await mailer.send({
          to: email,
          ...evaluationOtpMail(code, partner.name, body.reference, language),
          otp: code,
          language,
        });
      } catch (error) {
        log.error({ err: error, otpId: id, provider: mailer.name }, 'E-mail OTP delivery failed');
        throw new AppError('SERVICE_UNAVAILABLE', EVAL_MESSAGES.sendFailed);
      }
      return {
        otpId: id,
        maskedEmail,
        expiresIn: EMAIL_OTP.ttlSeconds,
        resendIn: resendAfterSeconds,
        requestsLeft: outcome.requestsLeft,
      };
    },

    /** Checks a code; a correct one stores the partner and reference on the transaction. */
    async verifyOtp(
      profileId: string,
      body: TransactionRef & { otpId: string; otp: string },
    ): Promise<EvalInfo> {
      const target = await transactions.evaluationTarget(profileId, body);
      if (!isUuid(body.otpId)) throw new AppError('NOT_FOUND', EVAL_MESSAGES.unknown);
      const now = clock();
      const throttleId = throttleKey(profileId);
      const outcome = await repo.transaction(async (ops) => {
        const throttle = await ops.lockThrottle(throttleId);
        if (throttle.blockedUntil && throttle.blockedUntil > now) return blocked(throttle.blockedUntil, now);
        const otp = await ops.findForUpdate(body.otpId);
        // Another candidate's code, or one of another transaction, is reported as unknown.
        if (!otp || otp.profileId !== profileId || otp.txnId !== target.txnId)
          return new AppError('NOT_FOUND', EVAL_MESSAGES.unknown);
        if (otp.consumedAt) {
          // The same code again after it worked, while it lives and no later code was asked for: the
          // stored result (a retried request, or one sent twice at once). Never an older pair over a
          // newer one, which only a later code can have stored.
          const retry = otp.expiresAt > now && !(await ops.hasNewer(otp));
          if (retry && equalHex(otp.codeHash, hashCode(otp.id, body.otp))) return otp;
          return new AppError('OTP_ALREADY_USED');
        }
        const unusable = whyUnusable(otp, now);
        if (unusable) return unusable;
        if (!equalHex(otp.codeHash, hashCode(otp.id, body.otp))) {
          const failures = throttle.consecutiveFailures + 1;
          await ops.update(otp.id, { failedAttempts: otp.failedAttempts + 1 });
          if (failures >= EMAIL_OTP.maxFailedAttempts) {
            const until = addSeconds(now, EMAIL_OTP.blockSeconds);
            await ops.updateThrottle(throttleId, { consecutiveFailures: 0, blockedUntil: until });
            await ops.supersedeOpen(profileId, now);
            return blocked(until, now);
          }
          await ops.updateThrottle(throttleId, { consecutiveFailures: failures });
          const attemptsLeft = EMAIL_OTP.maxFailedAttempts - failures;
          return new AppError('OTP_INVALID', EVAL_MESSAGES.invalid(attemptsLeft), { attemptsLeft });
        }
        await ops.update(otp.id, { consumedAt: now });
        if (throttle.consecutiveFailures > 0)
          await ops.updateThrottle(throttleId, { consecutiveFailures: 0 });
        return otp;
      });
      // Thrown after the commit, so failure counts and blocks are kept.
      if (outcome instanceof AppError) throw outcome;
      const stored = await transactions.setEvaluation(target.txnId, {
        provider: outcome.partner,
        reference: outcome.reference,
        maskedEmail: outcome.maskedEmail,
      });
      return toInfo(stored, partnerName);
    },
  };
}
export type EvaluationService = ReturnType<typeof createEvaluationService>;

function whyUnusable(otp: EvaluationOtp, now: Date): AppError | null {
  // `reason` lets the screen tell this case from expiry in any language.
  if (otp.supersededAt)
    return new AppError('OTP_EXPIRED', EVAL_MESSAGES.superseded, { reason: 'superseded' });
  if (otp.expiresAt <= now) return new AppError('OTP_EXPIRED');
  return null;
}
