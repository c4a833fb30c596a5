import { ERASURE_DELAY_DAYS, type ErasureRequest, type LegalHold } from '@veridocs/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors.js';
import type { ErasureRepository, LegalHoldRow } from './erasure-repository.js';
import { erasureConfirmationText, keptCategories, toErasureRequest } from './erasure-fns.js';

const DAY_MS = 86_400_000;
/** How long one run may hold a claimed request before another pass may resume it. */
const LEASE_MS = 10 * 60_000;
/** A held request is looked at again after this long (and at once when its legal hold is released). */
const HELD_RECHECK_MS = DAY_MS;

/** What erasure needs of a candidate: read through the profile and transactions modules' services. */
export interface ErasureCandidate {
  profileId: string;
  mobile: string;
  language: string | null;
  txnIds: string[];
}

/** One module's part of an erasure (its own `*-erasure-repository.ts`), composed in services.ts. */
export interface ErasureStep {
  name: string;
  erase(candidate: ErasureCandidate, at: Date): Promise<void>;
}

export interface ErasurePorts {
  /** The candidate (null: no such profile, or already erased). */
  candidate(profileId: string): Promise<ErasureCandidate | null>;
  /** Live disputes besides a legal hold (a refund in progress): each answers its reason, or null. */
  disputes: ((candidate: ErasureCandidate) => Promise<string | null>)[];
  /** The modules' parts, in order: credentials revoked first, stored objects before their rows. */
  steps: ErasureStep[];
  /** The confirmation SMS, sent before the mobile is erased. */
  sendSms(to: string, body: string): Promise<void>;
  /** After the confirmation: the outbox's rows carrying it, then the profile's placeholder. */
  finally: ErasureStep[];
}

export interface ErasureServiceDeps {
  repo: ErasureRepository;
  ports: ErasurePorts;
  now: () => Date;
  log: FastifyBaseLogger;
  onQueued?: () => void;
  /**
   * What must be done before a minor's erasure (ADR 0049 "Minors"): their requests stopped, the refusals
   * recorded, their payments refunded in full, all idempotent. Run on every pass before the disputes are
   * looked at, so a refusal cut short finishes here, a refund then pending holds the erasure, and a
   * failed refund is made again. Not while a legal hold freezes the candidate's data.
   */
  beforeMinor?: (candidate: ErasureCandidate) => Promise<string | null>;
}

const toHold = (row: LegalHoldRow): LegalHold => ({
  profileId: row.profileId,
  reason: row.reason,
  setBy: row.setBy,
  setAt: row.setAt.toISOString(),
});

/**
 * The right to erasure (issue 29, ADR 0049 "Erasure"): the candidate's request, carried out by the
 * erasure job a week later unless a live dispute holds it; each module erases its own tables through a
 * port, the confirmation goes to the mobile before the mobile itself is erased.
 */
export function createErasureService(deps: ErasureServiceDeps) {
  const { repo, ports, now, log } = deps;

  async function liveDispute(candidate: ErasureCandidate): Promise<string | null> {
    const hold = await repo.holdOf(candidate.profileId);
    if (hold) return `Legal hold: ${hold.reason}`;
    for (const check of ports.disputes) {
      const reason = await check(candidate);
      if (reason) return reason;
    }
    return null;
  }

  return {
    /** Opens the candidate's request (or answers the open one): due in a week. */
    async request(profileId: string, origin: 'candidate' | 'minor' = 'candidate'): Promise<ErasureRequest> {
      const at = now();
      const row = await repo.open(profileId, {
        origin,
        requestedAt: at,
        // A minor's data is erased at once (ADR 0049 "Minors"): nothing is to wait for.
        dueAt: origin === 'minor' ? at : new Date(at.getTime() + ERASURE_DELAY_DAYS * DAY_MS),
        kept: keptCategories(null),
      });
      deps.onQueued?.();
      return toErasureRequest(row);
    },

    /** Dev tools only (DEV_TOOLS, refused in production): the open request due now. */
    async expedite(profileId: string): Promise<boolean> {
      return repo.dueNow(profileId, now());
    },
    async status(profileId: string): Promise<ErasureRequest | null> {
      const row = await repo.latest(profileId);
      return row ? toErasureRequest(row) : null;
    },

    async setHold(profileId: string, reason: string, setBy: string): Promise<LegalHold> {
      if (!(await ports.candidate(profileId))) throw new AppError('ERASURE_PROFILE_NOT_FOUND');
      return toHold(await repo.setHold({ profileId, reason, setBy, setAt: now() }));
    },

    async releaseHold(profileId: string): Promise<{ profileId: string; released: boolean }> {
      const released = await repo.releaseHold(profileId);
      if (released) {
        await repo.wake(profileId);
        deps.onQueued?.();
      }
      return { profileId, released };
    },

    /**
     * One pass of the erasure job: claims one due request (SKIP LOCKED, leased) and carries it out, or
     * holds it while a dispute lasts. Answers whether it found one. Every step is idempotent: a run
     * that stopped half-way is resumed by the next pass once its lease ran out.
     */
    async runOnce(): Promise<boolean> {
      const at = now();
      const claimed = await repo.claimDue(at, new Date(at.getTime() + LEASE_MS));
      if (!claimed) return false;
      const candidate = await ports.candidate(claimed.profileId);
      if (!candidate) {
        await repo.done(claimed.id, at, claimed.kept);
        return true;
      }
      // A legal hold freezes everything of the candidate, this too.
      const owed =
        claimed.origin === 'minor' && !(await repo.holdOf(candidate.profileId))
          ? await deps.beforeMinor?.(candidate)
          : null;
      const dispute = owed ?? (await liveDispute(candidate));
      if (dispute) {
        await repo.hold(claimed.id, dispute, new Date(at.getTime() + HELD_RECHECK_MS));
        log.info({ erasure: claimed.id }, 'erasure held by a live dispute');
        return true;
      }
      for (const step of ports.steps) await step.erase(candidate, at);
      if (!claimed.confirmationSentAt) {
        await ports.sendSms(candidate.mobile, erasureConfirmationText(candidate.language));
        await repo.confirmationSent(claimed.id, now());
      }
      for (const step of ports.finally) await step.erase(candidate, at);
      await repo.done(claimed.id, now(), keptCategories(null));
      log.info({ erasure: claimed.id }, 'erasure done');
      return true;
    },
  };
}

export type ErasureService = ReturnType<typeof createErasureService>;
