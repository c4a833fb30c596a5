import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import type { ErasureRepository } from './erasure-repository.js';
import type { ErasureService } from './erasure-service.js';
import { citedEntry, type LedgerFacts } from './ledger-fns.js';
import { isUnder18 } from './minors-fns.js';
import type { PrivacyRepository } from './privacy-repository.js';

/** The reason a minor's payments are refunded with (on the refund row, for the team). */
export const MINOR_REFUND_REASON = 'Refused: the candidate is under 18 (ADR 0049 "Minors"), refunded in full';

/** What the minors' refusal does in other modules, bound in composition/services.ts. */
export interface MinorsEffects {
  /** The candidate's request (122 when not theirs), named for the ledger. */
  requestOf(profileId: string, txnId: string): Promise<{ txnId: string; orgId: string; formId: string }>;
  /** Closes the request and its open verifications (idempotent). */
  stopRequest(profileId: string, txnId: string): Promise<unknown>;
  /** Refunds in full every payment made for the request (idempotent): answers how many refunds it made. */
  refundInFull(txnId: string): Promise<number>;
  /** What the request's payments still hold after refunds done or in progress (a failed one: nothing). */
  leftToRefund(txnId: string): Promise<number>;
}

export interface MinorsServiceDeps {
  ledger: Pick<PrivacyRepository, 'appendDecided'>;
  erasures: Pick<ErasureRepository, 'hasOrigin'>;
  erasure: Pick<ErasureService, 'request'>;
  effects: MinorsEffects;
  now: Clock;
  log: FastifyBaseLogger;
}

/**
 * Minors (ADR 0049 "Minors": refused). Every identity path that receives a verified date of birth
 * (Aadhaar e-KYC by OTP, DigiLocker's e-Aadhaar; not the passport's confirmed fields, which the
 * candidate may type) calls `check` before it saves anything: a date that makes the candidate under 18
 * today in India asks for the erasure of the candidate's data (origin `minor`, due at once), stops the
 * request (CLOSED), records a refusal in the consent ledger, refunds its payments in full and answers
 * 350. Each step is idempotent; the erasure job runs them all again (`finish`) before it erases, so a
 * run cut short is finished there. `refused` tells the transactions module that no form of this profile starts again.
 */
export function createMinorsService(deps: MinorsServiceDeps) {
  const { ledger, erasures, erasure, effects, now, log } = deps;

  async function recordRefusal(profileId: string, request: { txnId: string; orgId: string; formId: string }) {
    await ledger.appendDecided(profileId, request.txnId, (entries): LedgerFacts | null => {
      // A request the ledger never named (from before it) has no notice to cite: nothing to refuse.
      const cited = citedEntry(entries);
      if (!cited) return null;
      const named = [...new Set(entries.flatMap((e) => e.purposes.map((p) => p.purpose)))];
      const last = entries.at(-1)!;
      // Already refused (a repeat): nothing more.
      if (
        last.action === 'refuse' &&
        last.purposes.every((p) => !p.granted) &&
        last.purposes.length === named.length
      )
        return null;
      return {
        profileId,
        orgId: request.orgId,
        formId: request.formId,
        txnId: request.txnId,
        noticeHash: cited.noticeHash,
        action: 'refuse',
        purposes: named.map((purpose) => ({ purpose, granted: false })),
        channel: 'web',
        at: now(),
      };
    });
  }

  /** One request of the minor stopped, its refusal recorded, its payments refunded: answers the refunds made. */
  async function refuse(profileId: string, txnId: string): Promise<{ txnId: string; refunds: number }> {
    const request = await effects.requestOf(profileId, txnId);
    await effects.stopRequest(profileId, request.txnId);
    await recordRefusal(profileId, request);
    return { txnId: request.txnId, refunds: await effects.refundInFull(request.txnId) };
  }

  return {
    /**
     * Refuses a candidate whose verified date of birth makes them under 18 today (IST): the effects
     * above, then 350 CANDIDATE_UNDER_18. An adult passes (nothing happens).
     */
    async check(profileId: string, txnId: string, dateOfBirth: string): Promise<void> {
      if (!isUnder18(dateOfBirth, now())) return;
      // The erasure first: it is the durable mark (no form of theirs starts from now on) and its job
      // finishes whatever of the rest a crash here leaves undone (`finish`, before it erases anything).
      const erasing = await erasure.request(profileId, 'minor');
      const { refunds } = await refuse(profileId, txnId);
      // Ids only: never the date of birth.
      log.info({ profileId, txnId, refunds, erasureId: erasing.id }, 'candidate under 18 refused');
      throw new AppError('CANDIDATE_UNDER_18');
    },

    /**
     * Before the minor's erasure (its job, every pass): every request of theirs refused as `check` does;
     * answers why the erasure must wait (money still owed to them), or null.
     * All of them: an agreement with a minor is void (Indian Contract Act s. 11), so whatever they paid
     * is refunded, the requests already ended included.
     */
    async finish(candidate: { profileId: string; txnIds: readonly string[] }): Promise<string | null> {
      let owed = 0;
      for (const txnId of candidate.txnIds) {
        await refuse(candidate.profileId, txnId);
        owed += await effects.leftToRefund(txnId);
      }
      // A refund the gateway refused at once is not in progress, so no dispute holds the erasure: this
      // does, until a later pass has made one that goes through.
      return owed > 0 ? 'A refund is still owed to the candidate' : null;
    },

    /** The profile was refused as under 18: no form of theirs starts again. */
    refused: (profileId: string): Promise<boolean> => erasures.hasOrigin(profileId, 'minor'),
  };
}
export type MinorsService = ReturnType<typeof createMinorsService>;
