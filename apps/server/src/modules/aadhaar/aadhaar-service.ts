import {
  OTP,
  maskAadhaar,
  type AadhaarProfile,
  type AadhaarCaptchaRequest,
  type AadhaarStep,
  type AadhaarVerifyRequest,
  type AadhaarVerifyResponse,
  type State,
} from '@veridocs/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { DbScope } from '../../db/client.js';
import type { EaadhaarRecord } from '../../providers/issuer-documents/issuer-document.js';
import { AppError } from '../../errors.js';
import { addSeconds, type Clock } from '../../lib/clock.js';
import { hmacSha256Hex } from '../../lib/crypto.js';
import { isUuid } from '../../lib/ids.js';
import { AadhaarNotFound, ProviderDown, type AadhaarProvider } from '../../providers/aadhaar/index.js';
import type { ProfileService } from '../profile/profile-service.js';
import type { TransactionsService } from '../transactions/transactions-service.js';
import type { AadhaarRepository, AadhaarRequest } from './aadhaar-repository.js';

/** The verification an Aadhaar OTP check completes. */
export const AADHAAR_VERIFICATION = 'aadhaar';
/** Checks a candidate may start per hour (each may send an OTP to the Aadhaar-linked mobile). */
export const MAX_STARTS_PER_HOUR = 5;
/** Wrong OTPs per check before it is closed; wrong captcha answers likewise. */
export const MAX_OTP_FAILURES = 3;
export const MAX_CAPTCHA_FAILURES = 5;

export const UNKNOWN_REQUEST = 'This Aadhaar verification has ended, please start again';

export interface AadhaarServiceDeps {
  repo: AadhaarRepository;
  provider: AadhaarProvider;
  /** The app secret an Aadhaar number's HMAC is keyed with (ServerKeys.aadhaar). */
  key: Uint8Array;
  /** Refuse a number another account verified (AADHAAR_REFUSE_REPEATS); else the repeat is only logged. */
  refuseRepeats: boolean;
  profiles: ProfileService;
  transactions: TransactionsService;
  now: Clock;
  log: FastifyBaseLogger;
  /**
   * The privacy module's refusal of a candidate under 18 (ADR 0049 "Minors"): called with the verified
   * date of birth before anything is saved; answers 350 (after stopping the request) for a minor.
   */
  minors: MinorsGate;
  /** Seconds before the screen offers another OTP: the specification's unless a test shortens it. */
  resendAfterSeconds?: number | undefined;
}

/** The refusal of a candidate under 18, bound in composition/services.ts (privacy's minors service). */
export interface MinorsGate {
  check(profileId: string, txnId: string, dateOfBirth: string): Promise<void>;
}

/**
 * Aadhaar by OTP (issue 11): start (the provider may ask a captcha), answer the captcha, verify the
 * OTP; on success the profile is filled and the identity verification completed. The full number
 * lives only in this request's memory: stored as its HMAC and last 4 digits, never logged or answered.
 */
export function createAadhaarService(deps: AadhaarServiceDeps) {
  const { repo, provider, key, refuseRepeats, profiles, transactions, minors, now, log } = deps;
  const resendIn = deps.resendAfterSeconds ?? OTP.resendAfterSeconds;
  /** Another account verified this number: refused, or logged (ids only) where repeats are allowed. */
  async function checkRepeat(profileId: string, hash: string, within?: DbScope) {
    if (!(await profiles.aadhaarHeldByOther(profileId, hash, within))) return;
    if (refuseRepeats) throw new AppError('AADHAAR_IN_USE');
    log.info({ profileId }, 'Aadhaar number already verified by another account (repeats allowed)');
  }
  const numberHash = (digits: string) => hmacSha256Hex(key, `aadhaar:${digits}`);

  /** Maps the provider's failures; the log names the provider and reason, never the number. */
  async function guarded<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof AadhaarNotFound) throw new AppError('AADHAAR_NOT_FOUND');
      if (error instanceof ProviderDown) {
        log.warn({ provider: provider.name, step: what, reason: error.message }, 'Aadhaar provider down');
        throw new AppError('AADHAAR_PROVIDER_DOWN');
      }
      throw error;
    }
  }

  async function ownRequest(profileId: string, requestId: string): Promise<AadhaarRequest> {
    const request = isUuid(requestId) ? await repo.find(requestId.toLowerCase()) : undefined;
    // Another candidate's check answers like an unknown one.
    if (!request || request.profileId !== profileId) throw new AppError('NOT_FOUND', UNKNOWN_REQUEST);
    return request;
  }

  /** An attempt the provider never judged (down, or an error) is given back. */
  async function refundedOnError<T>(id: string, stage: AadhaarRequest['stage'], fn: () => Promise<T>) {
    try {
      return await fn();
    } catch (error) {
      await repo.refundAttempt(id, stage);
      throw error;
    }
  }

  const step = (request: AadhaarRequest, extra: Partial<AadhaarStep>): AadhaarStep => ({
    requestId: request.id,
    maskedNumber: maskAadhaar(request.last4),
    captchaRequired: false,
    captchaImage: null,
    otpSent: false,
    expiresIn: null,
    resendIn: null,
    ...extra,
  });

  return {
    /** The product's keyed hash of an Aadhaar number (for a source that reads one, never stored in clear). */
    numberHash,

    /**
     * The identity proven by a DigiLocker e-Aadhaar (issue 26): under the same rules as the OTP check
     * (last 4 digits and the keyed hash only, a number another account holds refused or logged), the
     * profile filled and the verification completed with the source's mark; `within` writes the caller's
     * evidence in the same database transaction.
     */
    async completeFromEaadhaar(
      profileId: string,
      txnId: string,
      record: EaadhaarRecord,
      mark: Record<string, unknown>,
      within: (scope: DbScope) => Promise<void>,
    ): Promise<State> {
      // A minor is refused before anything of the e-Aadhaar is kept (350).
      await minors.check(profileId, txnId, record.dateOfBirth);
      const at = now();
      const hash = record.numberHash ?? null;
      if (hash) await checkRepeat(profileId, hash);
      const state = await transactions.completeIdentity(
        profileId,
        txnId,
        AADHAAR_VERIFICATION,
        {
          verifiedBy: 'digilocker-eaadhaar',
          aadhaarLast4: record.last4,
          candidateName: record.name,
          verifiedAt: at.toISOString(),
          issuerSource: mark,
        },
        async (scope) => {
          await within(scope);
          if (hash) {
            await repo.lockNumber(hash, scope);
            await checkRepeat(profileId, hash, scope);
          }
          const a = record.address;
          await profiles.applyKyc(
            profileId,
            {
              name: record.name,
              dateOfBirth: record.dateOfBirth,
              gender: record.gender,
              address: {
                careOf: '',
                line1: [a.house, a.street].filter((p) => p.trim() !== '').join(', '),
                locality: a.locality,
                vtc: a.locality,
                district: a.district,
                state: a.state,
                pincode: a.pincode,
                country: 'India',
              },
              photo: null,
              aadhaarHash: hash,
              aadhaarLast4: record.last4,
              verifiedAt: at,
            },
            scope,
          );
        },
      );
      profiles.forget(profileId);
      return state;
    },

    async start(
      profileId: string,
      body: { orgId: string; txnId: string; aadhaarNumber: string },
    ): Promise<AadhaarStep> {
      const txnId = await transactions.assertIdentityOpen(profileId, body, AADHAAR_VERIFICATION);
      const at = now();
      // Counted before the provider is called: failed and concurrent starts use the budget too.
      if (!(await repo.countStart(profileId, at, 3600, MAX_STARTS_PER_HOUR)))
        throw new AppError(
          'OTP_REQUEST_LIMIT',
          'You have reached the maximum number of Aadhaar OTP requests, please try again in an hour',
        );
      const hash = numberHash(body.aadhaarNumber);
      await checkRepeat(profileId, hash);
      const started = await guarded('start', () => provider.start(body.aadhaarNumber));
      const request = await repo.insertClosingOthers({
        profileId,
        txnId,
        numberHash: hash,
        last4: body.aadhaarNumber.slice(-4),
        provider: provider.name,
        providerRef: started.ref,
        stage: started.captchaImage ? 'captcha' : 'otp',
        otpExpiresAt: started.otpExpiresIn === null ? null : addSeconds(at, started.otpExpiresIn),
        createdAt: at,
      });
      if (started.captchaImage)
        return step(request, { captchaRequired: true, captchaImage: started.captchaImage });
      return step(request, { otpSent: true, expiresIn: started.otpExpiresIn, resendIn });
    },

    async answerCaptcha(
      profileId: string,
      requestId: string,
      body: AadhaarCaptchaRequest,
    ): Promise<AadhaarStep> {
      const request = await ownRequest(profileId, requestId);
      if (request.stage !== 'captcha') throw new AppError('NOT_FOUND', UNKNOWN_REQUEST);
      // Counted atomically before the provider sees it: answers sent at once cannot pass the limit.
      const failures = await repo.countAttempt(request.id, 'captcha', MAX_CAPTCHA_FAILURES);
      if (failures === undefined) throw new AppError('NOT_FOUND', UNKNOWN_REQUEST);
      const answer = await refundedOnError(request.id, 'captcha', () =>
        guarded('captcha', () => provider.submitCaptcha(request.providerRef, body.captchaText)),
      );
      if (!answer.ok) {
        if (failures >= MAX_CAPTCHA_FAILURES) {
          await repo.update(request.id, 'captcha', { stage: 'closed' });
          throw new AppError('CAPTCHA_INVALID', 'Too many wrong answers, please start again', {
            captchaImage: null,
          });
        }
        throw new AppError('CAPTCHA_INVALID', undefined, { captchaImage: answer.captchaImage });
      }
      const expiresAt = addSeconds(now(), answer.otpExpiresIn);
      if (
        !(await repo.update(request.id, 'captcha', {
          stage: 'otp',
          otpExpiresAt: expiresAt,
          failedAttempts: 0,
        }))
      )
        throw new AppError('NOT_FOUND', UNKNOWN_REQUEST);
      return step(request, { otpSent: true, expiresIn: answer.otpExpiresIn, resendIn });
    },

    async verify(profileId: string, body: AadhaarVerifyRequest): Promise<AadhaarVerifyResponse> {
      const request = await ownRequest(profileId, body.requestId);
      const txnId = await transactions.assertIdentityOpen(profileId, body, AADHAAR_VERIFICATION);
      if (request.txnId !== txnId || request.stage !== 'otp')
        throw new AppError('NOT_FOUND', UNKNOWN_REQUEST);
      if (!request.otpExpiresAt || request.otpExpiresAt <= now()) throw new AppError('OTP_EXPIRED');
      // Counted atomically before the provider sees it: OTPs sent at once cannot pass the limit.
      const failures = await repo.countAttempt(request.id, 'otp', MAX_OTP_FAILURES);
      if (failures === undefined) throw new AppError('NOT_FOUND', UNKNOWN_REQUEST);
      const result = await refundedOnError(request.id, 'otp', () =>
        guarded('verify', () => provider.verifyOtp(request.providerRef, body.otp)),
      );
      if (!result.ok) {
        if (result.reason === 'expired') {
          await repo.update(request.id, 'otp', { stage: 'closed' });
          throw new AppError('OTP_EXPIRED');
        }
        const left = MAX_OTP_FAILURES - failures;
        if (left <= 0) {
          await repo.update(request.id, 'otp', { stage: 'closed' });
          throw new AppError('OTP_INVALID', 'Incorrect OTP. Too many attempts, please request a new OTP', {
            attemptsLeft: 0,
          });
        }
        throw new AppError(
          'OTP_INVALID',
          `Incorrect OTP, ${left} ${left === 1 ? 'attempt' : 'attempts'} left`,
          {
            attemptsLeft: left,
          },
        );
      }
      const record = result.record;
      // A minor is refused before anything of the e-KYC is kept (350); the check is used up.
      await minors.check(profileId, txnId, record.dateOfBirth).catch(async (error: unknown) => {
        await repo.update(request.id, 'otp', { stage: 'closed' });
        throw error;
      });
      const at = now();
      let profile: AadhaarProfile | undefined;
      // One database transaction, the transaction row locked: the check used up (one winner when the
      // same OTP is sent twice at once), the repeat check under the number's lock, the profile filled
      // and the verification completed, all or nothing.
      const state = await transactions.completeIdentity(
        profileId,
        txnId,
        AADHAAR_VERIFICATION,
        {
          verifiedBy: 'aadhaar-otp',
          aadhaarLast4: request.last4,
          candidateName: record.name,
          verifiedAt: at.toISOString(),
        },
        async (scope) => {
          if (!(await repo.update(request.id, 'otp', { stage: 'done' }, scope)))
            throw new AppError('OTP_ALREADY_USED');
          await repo.lockNumber(request.numberHash, scope);
          await checkRepeat(profileId, request.numberHash, scope);
          profile = await profiles.applyKyc(
            profileId,
            {
              name: record.name,
              dateOfBirth: record.dateOfBirth,
              gender: record.gender,
              address: record.address,
              photo: record.photo,
              aadhaarHash: request.numberHash,
              aadhaarLast4: request.last4,
              verifiedAt: at,
            },
            scope,
          );
        },
      );
      // A read between the write and the commit may have cached the old row.
      profiles.forget(profileId);
      if (!profile) throw new AppError('OTP_ALREADY_USED');
      return { profile, verificationName: AADHAAR_VERIFICATION, state };
    },
  };
}
export type AadhaarService = ReturnType<typeof createAadhaarService>;
